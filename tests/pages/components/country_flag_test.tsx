import assert from "node:assert/strict";
import { renderToString as render } from "preact-render-to-string";
import { CountryFlag, flagSvg } from "../../../pages/components/country_flag.tsx";
import { ITTF_TO_ISO } from "../../../lib/country_codes.ts";

Deno.test("flagSvg() has a flag of the bundled set for every ITTF code of the table", () => {
  const missing = [...ITTF_TO_ISO.keys()].filter((code) => flagSvg(code) === null);
  assert.deepEqual(missing, []);
  assert.match(flagSvg("GER")!, /^<svg [^>]*viewBox="0 0 513 342"/);
  assert.notEqual(flagSvg("ENG"), flagSvg("GBR"));
});

Deno.test("CountryFlag draws a data: image with the code as its text, or the code alone without a flag", () => {
  const flag = render(<CountryFlag code="CHN" />);
  assert.match(flag, /^<img class="cflag" src="data:image\/svg\+xml,%3Csvg[^"]*" alt="CHN" title="CHN"\/?>$/);
  assert.equal(render(<CountryFlag code="TPE" />), '<span class="ccode">TPE</span>');
});
