import assert from "node:assert/strict";
import { LIVE_REGIONS_SCRIPT, moduleDeclarations, moduleScript } from "../../pages/client_script.ts";
import { liveRegions } from "../../pages/client/live_regions.ts";
import { tvFit } from "../../pages/client/tv_fit.ts";
import { tvRotation } from "../../pages/client/tv_rotation.ts";

Deno.test("moduleScript() inlines a browser function as plain JavaScript called at once in a scope of its own", () => {
  for (const fn of [liveRegions, tvRotation, tvFit]) {
    const code = moduleScript(fn);
    assert.ok(code.startsWith("(() => {\n"));
    assert.ok(code.includes(`\n(function ${fn.name}() {`));
    assert.ok(code.endsWith(")();\n})();"));
    assert.doesNotMatch(code, /: (string|number|void|boolean)\b/, "no type annotation left");
    new Function(code); // parses as JavaScript
  }
});

/** A module of a browser function, for the test below: a function, an arrow function and plain data. */
const helpers = {
  double: function double(n: number): number {
    return n * 2;
  },
  triple: (n: number) => n * 3,
  OFFSET: { by: 1 },
};

/** A browser function calling what its module imports: it is inlined after their declarations. */
function usesHelpers(): void {
  (globalThis as { seen?: number }).seen = helpers.double(21) + helpers.triple(1) + helpers.OFFSET.by;
}

Deno.test("moduleScript() declares what the modules export before the function, and leaks nothing", () => {
  const declared = moduleDeclarations(helpers);
  assert.equal(
    declared,
    'function double(n) {\n    return n * 2;\n  }\nconst triple = (n)=>n * 3;\nconst OFFSET = {"by":1};',
  );
  // The function below reads the names as a module that imports them would.
  const code = moduleScript(usesHelpers, [helpers]).replaceAll("helpers.", "");
  const scope = { seen: 0 };
  new Function("globalThis", code)(scope);
  assert.equal(scope.seen, 46);
  assert.equal((globalThis as { double?: unknown }).double, undefined, "nothing leaks to the page's globals");
});

Deno.test("moduleDeclarations() refuses a name declared twice and a value that is not plain data", () => {
  assert.throws(() => moduleDeclarations({ a: 1 }, { a: 2 }), /Cannot inline "a": two modules declare it/);
  assert.throws(
    () => moduleDeclarations({ key: Symbol("key") }),
    /Cannot inline "key": its value is not plain data/,
  );
  assert.throws(() => moduleDeclarations({ n: undefined }), /Cannot inline "n": its value is not plain data/);
  // A function inside an object would vanish from its JSON, and the page would call what is not there.
  assert.throws(
    () => moduleDeclarations({ words: { status: "Error", problem: () => null } }),
    /Cannot inline "words": its value is not plain data/,
  );
  // A RegExp would be written `{}`: a page's pattern would then match almost anything.
  assert.throws(
    () => moduleDeclarations({ path: /^\/api\// }),
    /Cannot inline "path": its value is not plain data/,
  );
});

Deno.test("LIVE_REGIONS_SCRIPT declares pollWait before liveRegions calls it, and parses", () => {
  const defined = LIVE_REGIONS_SCRIPT.indexOf("function pollWait(");
  const called = LIVE_REGIONS_SCRIPT.indexOf("pollWait(every, Math.random())");
  assert.ok(defined > 0 && called > defined);
  assert.match(LIVE_REGIONS_SCRIPT, /\(function liveRegions\(\) \{/);
  new Function(LIVE_REGIONS_SCRIPT);
});

Deno.test("moduleScript() refuses a function or a module that would end the script element early", () => {
  const bad = () => String("</script>");
  assert.throws(
    () => moduleScript(bad),
    /Cannot inline the browser script "bad": it contains "<\/script" or "<!--"/,
  );
  const fine = () => {};
  assert.throws(
    () => moduleScript(fine, [{ NOTE: "<!-- hidden" }]),
    /Cannot inline the browser script "fine": it contains "<\/script" or "<!--"/,
  );
});

Deno.test("liveRegions() polls with revalidation, each wait drawn by pollWait, and tvRotation() reads its interval from the body", () => {
  assert.match(liveRegions.toString(), /cache: "no-cache"/);
  assert.doesNotMatch(liveRegions.toString(), /setTimeout\(poll, every\)/);
  assert.match(tvRotation.toString(), /dataset\.interval/);
});
