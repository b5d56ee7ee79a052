import assert from "node:assert/strict";
import { SLATE_WORDS, slateHasOwnWords } from "../../domain/slate_words.ts";

Deno.test("slateHasOwnWords() is false for a slate showing its kind's words, true for the producer's", () => {
  assert.equal(slateHasOwnWords({ kind: "break", text: SLATE_WORDS.break }), false);
  assert.equal(slateHasOwnWords({ kind: "starting-soon", text: SLATE_WORDS["starting-soon"] }), false);
  assert.equal(slateHasOwnWords({ kind: "break", text: "Back at 14:00" }), true);
  assert.equal(slateHasOwnWords({ kind: "custom", text: "" }), true);
});
