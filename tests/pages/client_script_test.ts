import assert from "node:assert/strict";
import { clientScript } from "../../pages/client_script.ts";
import { liveRegions } from "../../pages/client/live_regions.ts";
import { tvRotation } from "../../pages/client/tv_rotation.ts";

Deno.test("clientScript() inlines a browser function as plain JavaScript called at once", () => {
  for (const fn of [liveRegions, tvRotation]) {
    const code = clientScript(fn);
    assert.match(code, new RegExp(`^\\(function ${fn.name}\\(\\) \\{`));
    assert.ok(code.endsWith(")();"));
    assert.doesNotMatch(code, /: (string|number|void|boolean)\b/, "no type annotation left");
    new Function(code); // parses as JavaScript
  }
});

Deno.test("clientScript() refuses a function that would end the script element early", () => {
  const bad = () => String("</script>");
  assert.throws(
    () => clientScript(bad),
    /Cannot inline the browser script "bad": it contains "<\/script" or "<!--"/,
  );
});

Deno.test("liveRegions() polls with revalidation and tvRotation() reads its interval from the body", () => {
  assert.match(liveRegions.toString(), /cache: "no-cache"/);
  assert.match(tvRotation.toString(), /dataset\.interval/);
});
