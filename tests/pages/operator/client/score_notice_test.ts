import assert from "node:assert/strict";
import { refusedTapsNotice } from "../../../../pages/operator/client/score_notice.ts";

Deno.test("refusedTapsNotice() speaks of another device for a stale revision, without ids or revisions", () => {
  const text = refusedTapsNotice(
    "stale-revision",
    'Match "0b5c7a52-3f43-4d8e-9d51-1f1c8f3c4a77" is at revision 15, not 14',
    4,
  );
  assert.equal(text, "Another device changed this match: 4 taps were not recorded. Check the score.");
  assert.equal(
    refusedTapsNotice("stale-revision", undefined, 1),
    "Another device changed this match: 1 tap was not recorded. Check the score.",
  );
});

Deno.test("refusedTapsNotice() keeps the server's reason for other refusals", () => {
  assert.equal(
    refusedTapsNotice("match-state", "Cannot record a point: the match is completed", 2),
    "The server refused a tap (Cannot record a point: the match is completed): 2 taps were not recorded. " +
      "Check the score.",
  );
  assert.equal(
    refusedTapsNotice(undefined, "", 1),
    "The server refused a tap: 1 tap was not recorded. Check the score.",
  );
});
