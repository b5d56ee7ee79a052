import assert from "node:assert/strict";
import { isCountryCode, isoOfCountry, ITTF_TO_ISO } from "../../lib/country_codes.ts";

Deno.test("isoOfCountry() maps the ITTF's codes to ISO 3166 where they differ, and knows no code it cannot flag", () => {
  assert.equal(isoOfCountry("GER"), "DE");
  assert.equal(isoOfCountry("NED"), "NL");
  assert.equal(isoOfCountry("SUI"), "CH");
  assert.equal(isoOfCountry("CHN"), "CN");
  assert.equal(isoOfCountry("ENG"), "GB-ENG");
  assert.equal(isoOfCountry("TPE"), null);
  assert.equal(isoOfCountry("DEU"), null, "ISO alpha-3 is not the ITTF's code");
  // Each ITTF code once, each ISO code once: two associations never share a flag.
  assert.equal(new Set(ITTF_TO_ISO.values()).size, ITTF_TO_ISO.size);
  for (const code of ITTF_TO_ISO.keys()) assert.ok(isCountryCode(code), code);
});

Deno.test("isCountryCode() takes three capital letters A to Z only", () => {
  for (const ok of ["GER", "CHN", "ZZZ"]) assert.equal(isCountryCode(ok), true);
  for (const bad of ["ger", "GE", "GERM", "G3R", "ÄGY", 276, null]) assert.equal(isCountryCode(bad), false);
});
