import assert from "node:assert/strict";
import { parseTvInterval, TV_DEFAULT_INTERVAL } from "../../pages/tv.tsx";
import { parsePaperSize } from "../../pages/poster.tsx";

Deno.test("parseTvInterval() reads seconds from 1 to 600 and defaults to 12", () => {
  assert.equal(parseTvInterval(undefined), TV_DEFAULT_INTERVAL);
  assert.equal(TV_DEFAULT_INTERVAL, 12);
  assert.equal(parseTvInterval("1"), 1);
  assert.equal(parseTvInterval("2.5"), 2.5);
  assert.equal(parseTvInterval("0"), 1);
  assert.equal(parseTvInterval("99999"), 600);
  assert.equal(parseTvInterval("fast"), 12);
});

Deno.test("parsePaperSize() is A3 for a3 in any case and A4 otherwise", () => {
  assert.equal(parsePaperSize("a3"), "a3");
  assert.equal(parsePaperSize("A3"), "a3");
  assert.equal(parsePaperSize("letter"), "a4");
  assert.equal(parsePaperSize(undefined), "a4");
});
