import assert from "node:assert/strict";
import { pointsShown } from "../../bench/live.ts";

Deno.test("pointsShown() counts finished games and the running one", () => {
  const data = {
    match: { gameScores: [{ home: 11, away: 9 }, { home: 8, away: 11 }], currentGame: { home: 2, away: 1 } },
  };
  assert.equal(pointsShown(data), 42);
  assert.equal(pointsShown({ match: null }), null);
  assert.equal(pointsShown(null), null);
});
