/**
 * Worked cases of the ITTF Laws 2.11-2.13 that a scorer gets wrong most easily, each named by its law.
 */
import assert from "node:assert/strict";
import { gamesNeeded, type MatchFormat, ScoringError, type Side } from "../../domain/scoring.ts";
import { replayMatch, scoreMatch } from "../../domain/match_replay.ts";
import { A, game, H } from "../support/points.ts";

/** The server before each point of `points`, replayed after `before`. */
function servers(before: Side[], points: Side[], format: MatchFormat): Side[] {
  return points.map((_, k) => replayMatch([...before, ...points.slice(0, k)], format).server);
}

Deno.test("replayMatch() plays a game to 15-13 with one service each in turn from 10-10 (Laws 2.11.1, 2.13.3)", () => {
  const format = { bestOf: 5, firstServer: A };
  const toDeuce: Side[] = Array.from({ length: 20 }, (_, k) => (k % 2 === 0 ? H : A));
  const deuce: Side[] = [H, A, A, H, H, A, A, A];
  const state = replayMatch([...toDeuce, ...deuce], format);
  assert.deepEqual(state.gameScores, [{ home: 13, away: 15 }]);
  assert.deepEqual(state.currentGame, { home: 0, away: 0 });
  // Away served first in game 1: 2 services each to 10-10, then 1 each, in the same sequence.
  const expected: Side[] = [A, A, H, H, A, A, H, H, A, A, H, H, A, A, H, H, A, A, H, H];
  assert.deepEqual(servers([], toDeuce, format), expected);
  assert.deepEqual(servers(toDeuce, deuce, format), [A, H, A, H, A, H, A, H]);
  assert.equal(state.server, H, "home served first in game 1's successor (Law 2.13.6)");
});

Deno.test("replayMatch() keeps the 2-point service turns through 5 points of the last possible game (Laws 2.13.6, 2.13.7)", () => {
  const format = { bestOf: 7, firstServer: H };
  const sixGames = [H, A, H, A, H, A].flatMap((winner) => game(winner, 4));
  const before = replayMatch(sixGames, format);
  assert.deepEqual(before.gamesWon, { home: 3, away: 3 });
  // Game 7 is odd: the first server of the match serves first. Ends change at 5, service does not.
  const decider: Side[] = [A, A, A, A, A, H, H, H, H];
  assert.deepEqual(servers(sixGames, decider, format), [H, H, A, A, H, H, A, A, H]);
});

Deno.test("replayMatch() gives the first service after an odd number of games to the side that received first (Law 2.13.6)", () => {
  // Doubles follows the same sequence at the side level: the pair that received first in game 1 serves first in
  // games 2, 4 and 6 (Law 2.13.4 only picks which player of the pair).
  const format = { bestOf: 7, firstServer: A };
  const firstServers = [0, 1, 2, 3, 4, 5, 6].map((games) =>
    replayMatch([H, A, H, A, H, A].slice(0, games).flatMap((winner) => game(winner, 2)), format).server
  );
  assert.deepEqual(firstServers, [A, H, A, H, A, H, A]);
});

Deno.test("scoreMatch() leaves service alone when a correction changes an earlier game's score (Law 2.13.6)", () => {
  const format = { bestOf: 5, firstServer: H };
  const points = [...game(H, 5), ...game(A, 5), H, H, A];
  const plain = replayMatch(points, format);
  const corrected = scoreMatch({ points, corrections: [{ game: 1, home: 15, away: 13 }] }, format);
  assert.deepEqual(corrected.gameScores[0], { home: 15, away: 13 });
  assert.equal(corrected.server, plain.server);
  assert.equal(corrected.server, A, "game 3 at 2-1: home served points 1-2, away serves points 3-4");
  const flipped = scoreMatch({ points, corrections: [{ game: 1, home: 9, away: 11 }] }, format);
  assert.deepEqual(flipped.gamesWon, { home: 0, away: 2 });
  assert.equal(flipped.server, plain.server);
});

Deno.test("replayMatch() decides any odd best of once a side has a majority and refuses later points (Law 2.12.1)", () => {
  for (const bestOf of [9, 11] as const) {
    const format: MatchFormat = { bestOf, firstServer: H };
    const needed = gamesNeeded(bestOf);
    const alternating: Side[] = Array.from({ length: bestOf - 1 }, (_, k) => game(k % 2 === 0 ? H : A, 3))
      .flat();
    assert.equal(replayMatch(alternating, format).finished, false, `best of ${bestOf} at ${needed - 1} all`);
    const decided = replayMatch([...alternating, ...game(A, 9)], format);
    assert.equal(decided.winner, A);
    assert.deepEqual(decided.gamesWon, { home: needed - 1, away: needed });
    assert.throws(
      () => replayMatch([...alternating, ...game(A, 9), H], format),
      (error: unknown) => error instanceof ScoringError && /already decided/.test(error.message),
    );
  }
});
