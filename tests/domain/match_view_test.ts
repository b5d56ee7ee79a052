import assert from "node:assert/strict";
import fc from "fast-check";
import { categoryStatus, liveView, scoreView } from "../../domain/match_view.ts";
import { isFinishedGame } from "../../domain/scoring.ts";

/** A legal finished game (ITTF Law 2.11.1): 11 to at most 9, or 2 ahead from 10-10. */
const finishedGame = fc.tuple(fc.integer({ min: 0, max: 20 }), fc.boolean())
  .map(([low, homeWins]): [number, number] => {
    const win = low >= 10 ? low + 2 : 11;
    return homeWins ? [win, low] : [low, win];
  });

Deno.test("scoreView() counts games won from the finished games", () => {
  const view = scoreView([[11, 9], [8, 11], [11, 4]], { home: 3, away: 2 });
  assert.deepEqual(view, {
    gamesWon: { home: 2, away: 1 },
    currentGame: { home: 3, away: 2 },
    gameScores: [{ home: 11, away: 9 }, { home: 8, away: 11 }, { home: 11, away: 4 }],
  });
  assert.deepEqual(scoreView([], { home: 0, away: 0 }).gamesWon, { home: 0, away: 0 });
});

Deno.test("scoreView() games won always add up to the games played", () => {
  fc.assert(fc.property(fc.array(finishedGame, { maxLength: 9 }), (games) => {
    assert.ok(games.every(([h, a]) => isFinishedGame(h, a)));
    const view = scoreView(games, { home: 0, away: 0 });
    assert.equal(view.gamesWon.home + view.gamesWon.away, games.length);
    assert.equal(view.gameScores.length, games.length);
  }));
});

Deno.test("liveView() shows the server only while the match is in progress", () => {
  const score = scoreView([[11, 5]], { home: 2, away: 1 });
  assert.deepEqual(liveView({ status: "in_progress", startedAt: "t", server: "away", bestOf: 5 }, score), {
    started: true,
    gamesWon: { home: 1, away: 0 },
    currentGame: { home: 2, away: 1 },
    currentServer: "away",
    bestOf: 5,
  });
  const before = liveView(
    { status: "scheduled", startedAt: null, server: null, bestOf: 7 },
    scoreView([], score.currentGame),
  );
  assert.equal(before.started, false);
  assert.equal(before.currentServer, null);
  assert.equal(before.bestOf, 7);
  const done = liveView({ status: "completed", startedAt: "t", server: "home", bestOf: 3 }, score);
  assert.equal(done.started, true);
  assert.equal(done.currentServer, null);
  const walkover = liveView(
    { status: "completed", startedAt: null, server: null, bestOf: 3 },
    scoreView([], score.currentGame),
  );
  assert.equal(walkover.started, false, "a walkover was never started");
  const imported = liveView({ status: "completed", startedAt: null, server: null, bestOf: 3 }, score);
  assert.equal(imported.started, true, "a result with games, imported without a start time, was played");
  assert.equal(
    liveView({ status: "in_progress", startedAt: null, server: "nobody", bestOf: 5 }, score).currentServer,
    null,
  );
});

Deno.test("categoryStatus() is completed only when every match is completed", () => {
  assert.equal(categoryStatus([]), "scheduled");
  assert.equal(categoryStatus(["scheduled", "scheduled"]), "scheduled");
  assert.equal(categoryStatus(["scheduled", "in_progress"]), "in_progress");
  assert.equal(categoryStatus(["completed", "scheduled"]), "in_progress");
  assert.equal(categoryStatus(["completed", "completed"]), "completed");
  fc.assert(fc.property(fc.array(fc.constantFrom("scheduled", "in_progress", "completed")), (statuses) => {
    const status = categoryStatus(statuses);
    assert.equal(status === "completed", statuses.length > 0 && statuses.every((s) => s === "completed"));
    assert.equal(status === "scheduled", statuses.every((s) => s === "scheduled"));
  }));
});
