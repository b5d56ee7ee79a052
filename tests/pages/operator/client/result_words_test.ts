import assert from "node:assert/strict";
import { wonByWords } from "../../../../pages/operator/client/result_words.ts";

Deno.test("wonByWords() reads each result reason after 'X wins'", () => {
  assert.equal(wonByWords("walkover"), "by walkover");
  assert.equal(wonByWords("retired"), "by retirement");
  assert.equal(wonByWords("disqualified"), "by disqualification");
  assert.equal(wonByWords("other"), "(other)");
});
