import assert from "node:assert/strict";
import { clientScript, LIVE_REGIONS_SCRIPT } from "../../pages/client_script.ts";
import { liveRegions } from "../../pages/client/live_regions.ts";
import { tvFit } from "../../pages/client/tv_fit.ts";
import { tvRotation } from "../../pages/client/tv_rotation.ts";

Deno.test("clientScript() inlines a browser function as plain JavaScript called at once", () => {
  for (const fn of [liveRegions, tvRotation, tvFit]) {
    const code = clientScript(fn);
    assert.match(code, new RegExp(`^\\(function ${fn.name}\\(\\) \\{`));
    assert.ok(code.endsWith(")();"));
    assert.doesNotMatch(code, /: (string|number|void|boolean)\b/, "no type annotation left");
    new Function(code); // parses as JavaScript
  }
});

/** A helper of a browser function, for the test below. */
function double(n: number): number {
  return n * 2;
}

/** A browser function calling a helper it does not define: it is inlined after the helper. */
function usesDouble(): void {
  (globalThis as { seen?: number }).seen = double(21);
}

Deno.test("clientScript() writes the helpers a function calls before it, in a scope of their own", () => {
  const code = clientScript(usesDouble, [double]);
  assert.match(code, /^\(\(\) => \{\nfunction double\(n\) \{/);
  assert.ok(code.endsWith("(function usesDouble() {\n  globalThis.seen = double(21);\n})();\n})();"), code);
  const scope = { seen: 0 };
  new Function("globalThis", code)(scope);
  assert.equal(scope.seen, 42);
  assert.equal((globalThis as { double?: unknown }).double, undefined, "nothing leaks to the page's globals");
});

Deno.test("LIVE_REGIONS_SCRIPT defines pollWait before liveRegions calls it, and parses", () => {
  const defined = LIVE_REGIONS_SCRIPT.indexOf("function pollWait(");
  const called = LIVE_REGIONS_SCRIPT.indexOf("pollWait(every, Math.random())");
  assert.ok(defined > 0 && called > defined);
  assert.match(LIVE_REGIONS_SCRIPT, /\(function liveRegions\(\) \{/);
  new Function(LIVE_REGIONS_SCRIPT);
});

Deno.test("clientScript() refuses a function that would end the script element early", () => {
  const bad = () => String("</script>");
  assert.throws(
    () => clientScript(bad),
    /Cannot inline the browser script "bad": it contains "<\/script" or "<!--"/,
  );
});

Deno.test("liveRegions() polls with revalidation, each wait drawn by pollWait, and tvRotation() reads its interval from the body", () => {
  assert.match(liveRegions.toString(), /cache: "no-cache"/);
  assert.doesNotMatch(liveRegions.toString(), /setTimeout\(poll, every\)/);
  assert.match(tvRotation.toString(), /dataset\.interval/);
});
