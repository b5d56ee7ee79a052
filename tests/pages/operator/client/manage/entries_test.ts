import assert from "node:assert/strict";
import { withdrawalDone, withdrawQuestion } from "../../../../../pages/operator/client/manage/entries.ts";

Deno.test("withdrawQuestion() says what a withdrawal will do", () => {
  assert.equal(
    withdrawQuestion("Ana Lopez", { inDraw: false, drawState: "none" }, null),
    "Withdraw Ana Lopez? They have no place in the draw and leave the category.",
  );
  assert.equal(
    withdrawQuestion("Ana Lopez", { inDraw: true, drawState: "locked" }, null),
    "Withdraw Ana Lopez? Their matches still to play become walkovers for their opponents.",
  );
  assert.equal(
    withdrawQuestion("Ana Lopez", { inDraw: true, drawState: "locked" }, "Ben Okafor"),
    "Withdraw Ana Lopez? Ben Okafor takes their place in the knockout.",
  );
});

Deno.test("withdrawalDone() says what a withdrawal did", () => {
  const base = { name: "Ana Lopez", reserve: null };
  assert.equal(withdrawalDone({ ...base, outcome: "left", walkovers: [] }), "Ana Lopez left the category");
  assert.equal(
    withdrawalDone({ ...base, outcome: "withdrawn", walkovers: ["m1"] }),
    "Withdrew Ana Lopez: 1 walkover",
  );
  assert.equal(
    withdrawalDone({ ...base, outcome: "withdrawn", walkovers: [] }),
    "Withdrew Ana Lopez: no match to walk over yet",
  );
  assert.equal(
    withdrawalDone({
      ...base,
      outcome: "withdrawn",
      walkovers: [],
      reserve: { entryId: "e", name: "Ben Okafor", matchIds: ["m"] },
    }),
    "Withdrew Ana Lopez: Ben Okafor takes their place",
  );
});
