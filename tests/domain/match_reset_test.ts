import assert from "node:assert/strict";
import { resetRefusal } from "../../domain/match_reset.ts";

const started = { status: "in_progress", points: 0, games: 0, currentHome: 0, currentAway: 0 };

Deno.test("resetRefusal() lets a started match with no point go back to scheduled", () => {
  assert.equal(resetRefusal(started), null);
});

Deno.test("resetRefusal() refuses a match with a rally or penalty points, naming the score", () => {
  assert.equal(
    resetRefusal({ ...started, points: 3, currentHome: 2, currentAway: 1 }),
    "points have been scored (2-1 in game 1): undo them first",
  );
  // A yellow and red card before the first rally gives a point without a rally.
  assert.match(resetRefusal({ ...started, currentAway: 1 }) ?? "", /0-1 in game 1/);
  assert.match(resetRefusal({ ...started, games: 1 }) ?? "", /game 2/);
});

Deno.test("resetRefusal() refuses a match not in progress", () => {
  assert.equal(resetRefusal({ ...started, status: "scheduled" }), "it has not started");
  assert.match(resetRefusal({ ...started, status: "completed" }) ?? "", /finished/);
});

Deno.test("resetRefusal() lets a match with points go back when its points are discarded, not a finished one", () => {
  const played = { ...started, points: 7, games: 0, currentHome: 4, currentAway: 3 };
  assert.match(resetRefusal(played) ?? "", /undo them first/);
  assert.equal(resetRefusal(played, true), null);
  assert.match(resetRefusal({ ...played, status: "completed" }, true) ?? "", /finished/);
});
