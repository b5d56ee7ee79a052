import assert from "node:assert/strict";
import { confirmationText } from "../../../../../pages/operator/client/manage/confirmation_words.ts";
import { matchTime } from "../../../../../pages/operator/client/manage/match_words.ts";

Deno.test("confirmationText() says who confirmed a finished match and when, or that nobody has", () => {
  const at = "2026-12-05T14:05:00.000Z";
  assert.equal(
    confirmationText({ status: "completed", confirmation: { by: "Table 3", role: "scorer", at } }),
    `Confirmed by Table 3 (scorer) ${matchTime(at)}`,
  );
  assert.equal(confirmationText({ status: "completed", confirmation: null }), "Not confirmed by the umpire");
  assert.equal(confirmationText({ status: "in_progress", confirmation: null }), "");
});
