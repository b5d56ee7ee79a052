import assert from "node:assert/strict";
import fc from "fast-check";
import {
  assertFinishedGame,
  effectiveCorrections,
  firstServerOfGame,
  type GameCorrection,
  gamesNeeded,
  isFinishedGame,
  isRunningGame,
  type MatchFormat,
  placedCorrections,
  pointsForResult,
  pointsForScores,
  type Score,
  ScoringError,
  serverAt,
  type Side,
  summarizeGames,
  undoLastPoint,
  validateGameScores,
} from "../../domain/scoring.ts";
import { replayMatch, replayUmpire, scoreMatch, undoLastAction } from "../../domain/match_replay.ts";
import { assertThrownBy } from "../support/assert_thrown.ts";
import { A, game, H } from "../support/points.ts";

const BO5: MatchFormat = { bestOf: 5, firstServer: H };

/** Points alternating home, away, ... `count` times. */
function alternate(count: number): Side[] {
  return Array.from({ length: count }, (_, k) => (k % 2 === 0 ? H : A));
}

/**
 * The ITTF rule restated as a stateful model: the legal prefix of `raw`, with the server before each point.
 */
function model(raw: readonly Side[], format: MatchFormat) {
  const needed = (format.bestOf + 1) / 2;
  const points: Side[] = [];
  const servers: Side[] = [];
  const games: Score[] = [];
  const won = { home: 0, away: 0 };
  let current = { home: 0, away: 0 };
  let gameFirst = format.firstServer;
  let server = gameFirst;
  for (const side of raw) {
    if (won.home === needed || won.away === needed) break;
    servers.push(server);
    points.push(side);
    current[side] += 1;
    const played = current.home + current.away;
    if (Math.max(current.home, current.away) >= 11 && Math.abs(current.home - current.away) >= 2) {
      games.push(current);
      won[side] += 1;
      current = { home: 0, away: 0 };
      gameFirst = gameFirst === H ? A : H;
      server = gameFirst;
    } else if (played >= 20 || played % 2 === 0) {
      server = server === H ? A : H;
    }
  }
  return { points, servers, games, won, current, nextServer: server };
}

const formatArb = fc.record({
  bestOf: fc.constantFrom(3, 5, 7, 9),
  firstServer: fc.constantFrom<Side>(H, A),
});

/** Random points with a random strength of the home side, so that blowouts and long deuces both occur. */
const rawPointsArb = fc.tuple(
  fc.integer({ min: 2, max: 8 }),
  fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 500, size: "max" }),
)
  .map(([strength, draws]) => draws.map((d): Side => (d < strength ? A : H)));

const legalArb = fc.tuple(formatArb, rawPointsArb).map(([format, raw]) => ({
  format,
  points: model(raw, format).points,
}));

const throwsScoring = (fn: () => unknown, message: string | RegExp) =>
  assertThrownBy(fn, ScoringError, message);

// Worked examples: games

Deno.test("isFinishedGame() accepts 11 with a 2-point lead and exactly 2 ahead past 11", () => {
  for (const [home, away] of [[11, 0], [11, 9], [9, 11], [12, 10], [10, 12], [15, 13], [30, 28]]) {
    assert.equal(isFinishedGame(home!, away!), true, `${home}-${away}`);
  }
  for (
    const [home, away] of [[0, 0], [10, 8], [11, 10], [10, 11], [12, 9], [13, 10], [12, 11], [13, 5], [
      -11,
      0,
    ]]
  ) {
    assert.equal(isFinishedGame(home!, away!), false, `${home}-${away}`);
  }
  assert.equal(isFinishedGame(11.5, 2), false);
});

Deno.test("assertFinishedGame() rejects 11-10 naming the score", () => {
  throwsScoring(() => assertFinishedGame(11, 10), /^"11-10" is not a finished game: /);
  throwsScoring(
    () => assertFinishedGame(12, 9, `Cannot correct game "2"`),
    /^Cannot correct game "2": "12-9" is not/,
  );
  assertFinishedGame(12, 10);
});

Deno.test("isRunningGame() accepts reachable unfinished scores only", () => {
  assert.equal(isRunningGame(0, 0), true);
  assert.equal(isRunningGame(10, 9), true);
  assert.equal(isRunningGame(11, 10), true);
  assert.equal(isRunningGame(14, 14), true);
  assert.equal(isRunningGame(11, 9), false);
  assert.equal(isRunningGame(13, 5), false);
  assert.equal(isRunningGame(13, 11), false);
});

Deno.test("replayMatch() ends a game at 11-9 and at 12-10 but not at 11-10", () => {
  const at1110 = replayMatch([...alternate(20), H], BO5);
  assert.deepEqual(at1110.currentGame, { home: 11, away: 10 });
  assert.deepEqual(at1110.gameScores, []);
  const at1210 = replayMatch([...alternate(20), H, H], BO5);
  assert.deepEqual(at1210.gameScores, [{ home: 12, away: 10 }]);
  assert.deepEqual(at1210.gamesWon, { home: 1, away: 0 });
  assert.deepEqual(at1210.currentGame, { home: 0, away: 0 });
  assert.deepEqual(replayMatch(game(A, 9), BO5).gameScores, [{ home: 9, away: 11 }]);
});

// Worked examples: service

Deno.test("replayMatch() changes service after every 2 points", () => {
  const servers = Array.from({ length: 8 }, (_, k) => replayMatch(Array(k).fill(H), BO5).server);
  assert.deepEqual(servers, [H, H, A, A, H, H, A, A]);
});

Deno.test("replayMatch() alternates service every point from 10-10", () => {
  const deuce = alternate(20);
  assert.equal(replayMatch(deuce, BO5).server, H, "10-10: the game's first server");
  assert.equal(replayMatch([...deuce, H], BO5).server, A, "11-10");
  assert.equal(replayMatch([...deuce, H, A], BO5).server, H, "11-11");
  assert.equal(replayMatch([...deuce, H, A, A], BO5).server, A, "11-12");
  // In game 2 the away side serves first, so it also serves at 10-10.
  assert.equal(replayMatch([...game(H, 3), ...deuce], BO5).server, A);
  assert.equal(replayMatch([...game(H, 3), ...deuce, A], BO5).server, H);
});

Deno.test("replayMatch() gives the first service of each game to the sides in turn", () => {
  assert.equal(replayMatch([], BO5).server, H);
  assert.equal(replayMatch(game(H, 0), BO5).server, A);
  assert.equal(replayMatch([...game(H, 0), ...game(A, 12)], BO5).server, H);
  assert.equal(replayMatch([...game(H, 0), ...game(A, 12), ...game(A, 4)], BO5).server, A);
  assert.equal(replayMatch(game(H, 0), { bestOf: 5, firstServer: A }).server, H);
  assert.equal(firstServerOfGame(A, 3), A);
  assert.equal(firstServerOfGame(A, 4), H);
  assert.equal(serverAt(H, 2, { home: 1, away: 1 }), H);
});

// Worked examples: matches

Deno.test("replayMatch() decides best of 3, 5 and 7 at 2, 3 and 4 games", () => {
  for (const bestOf of [3, 5, 7]) {
    const needed = (bestOf + 1) / 2;
    const format = { bestOf, firstServer: H };
    const almost = Array.from({ length: needed - 1 }, () => game(A, 5)).flat();
    const before = replayMatch(almost, format);
    assert.equal(before.finished, false);
    assert.equal(before.winner, null);
    const after = replayMatch([...almost, ...game(A, 5)], format);
    assert.equal(after.finished, true, `best of ${bestOf}`);
    assert.equal(after.winner, A);
    assert.deepEqual(after.gamesWon, { home: 0, away: needed });
    assert.deepEqual(after.currentGame, { home: 0, away: 0 });
    assert.equal(gamesNeeded(bestOf), needed);
  }
});

Deno.test("replayMatch() plays a deciding game to 3-2", () => {
  const points = [...game(H, 5), ...game(A, 5), ...game(H, 10), ...game(A, 14), ...game(H, 9)];
  const state = replayMatch(points, BO5);
  assert.deepEqual(state.gamesWon, { home: 3, away: 2 });
  assert.deepEqual(state.gameScores, [
    { home: 11, away: 5 },
    { home: 5, away: 11 },
    { home: 12, away: 10 },
    { home: 14, away: 16 },
    { home: 11, away: 9 },
  ]);
  assert.equal(state.winner, H);
  assert.equal(state.server, A, "who would serve first in a sixth game");
});

Deno.test("replayMatch() rejects a point after the match is decided", () => {
  const points = [...game(H, 1), ...game(H, 2), A];
  throwsScoring(
    () => replayMatch(points, { bestOf: 3, firstServer: H }),
    "Cannot record a point: the match is already decided (2-0)",
  );
});

Deno.test("replayMatch() rejects a side that is not home or away", () => {
  throwsScoring(
    () => replayMatch([H, "centre" as Side], BO5),
    'Cannot record point 2: expected "home" or "away", got "centre"',
  );
});

Deno.test("replayMatch() rejects best of 1, even, zero, negative and fractional formats", () => {
  for (const bestOf of [1, 2, 4, 0, -3, 2.5, Number.NaN]) {
    throwsScoring(
      () => replayMatch([], { bestOf, firstServer: H }),
      `Cannot score a best of "${bestOf}" match: expected an odd whole number of games, 3 or more`,
    );
  }
  throwsScoring(() => gamesNeeded(6), /best of "6"/);
  throwsScoring(
    () => replayMatch([], { bestOf: 5, firstServer: "north" as Side }),
    'Cannot score the match: expected first server "home" or "away", got "north"',
  );
});

// Worked examples: corrections

Deno.test("scoreMatch() applies a correction that flips a game's winner", () => {
  const points = [...game(H, 5), ...game(H, 7), H, A];
  const state = scoreMatch({ points, corrections: [{ game: 2, home: 7, away: 11 }] }, BO5);
  assert.deepEqual(state.gameScores, [{ home: 11, away: 5 }, { home: 7, away: 11 }]);
  assert.deepEqual(state.gamesWon, { home: 1, away: 1 });
  assert.deepEqual(state.currentGame, { home: 1, away: 1 });
  assert.equal(state.server, A, "game 3 at 1-1: its first server (home) has served 2 points");
});

Deno.test("scoreMatch() reopens a match that a correction no longer decides, and play goes on", () => {
  const points = [...game(H, 5), ...game(H, 7)];
  const format = { bestOf: 3, firstServer: H };
  throwsScoring(() => replayMatch([...points, A], format), /already decided \(2-0\)/);
  const corrections = [{ game: 2, home: 9, away: 11 }];
  const reopened = scoreMatch({ points, corrections }, format);
  assert.equal(reopened.finished, false);
  assert.equal(reopened.winner, null);
  assert.deepEqual(reopened.gamesWon, { home: 1, away: 1 });
  assert.equal(reopened.server, H, "game 3 is served first by the first server of the match");
  const decided = scoreMatch({ points: [...points, ...game(A, 9)], corrections }, format);
  assert.equal(decided.winner, A);
  assert.deepEqual(decided.gamesWon, { home: 1, away: 2 });
});

Deno.test("scoreMatch() recounts the winner when a correction flips the deciding game", () => {
  const points = [...game(H, 5), ...game(A, 7), ...game(H, 9)];
  const format = { bestOf: 3, firstServer: H };
  const state = scoreMatch({ points, corrections: [{ game: 3, home: 10, away: 12 }] }, format);
  assert.equal(state.finished, true);
  assert.equal(state.winner, A);
  assert.deepEqual(state.gamesWon, { home: 1, away: 2 });
});

Deno.test("scoreMatch() rejects a correction that decides the match before a game that was played", () => {
  const points = [...game(H, 5), ...game(A, 7), H];
  throwsScoring(
    () =>
      scoreMatch({ points, corrections: [{ game: 2, home: 11, away: 7 }] }, { bestOf: 3, firstServer: H }),
    "Cannot apply the corrections: they decide the match (2-0) before game 3 was played",
  );
});

Deno.test("scoreMatch() blames the corrections, not a point, when a correction decides a reopened match early", () => {
  const format = { bestOf: 3, firstServer: H };
  // Home won games 1 and 2 on the points; game 2 was corrected to away (1-1), so game 3 was played.
  const points = [...game(H, 5), ...game(H, 7), A, A, A];
  const reopen = { game: 2, home: 7, away: 11, afterPoints: 34 };
  assert.deepEqual(scoreMatch({ points, corrections: [reopen] }, format).gamesWon, { home: 1, away: 1 });
  // Then game 1 is corrected to away too: away has 2 games before game 3, which was played.
  const late = { game: 1, home: 5, away: 11, afterPoints: points.length };
  const message = "Cannot apply the corrections: they decide the match (0-2) before game 3 was played";
  throwsScoring(() => scoreMatch({ points, corrections: [reopen, late] }, format), message);
  throwsScoring(
    () => scoreMatch({ points: points.slice(0, 35), corrections: [reopen, late] }, format),
    message,
  );
  // Without afterPoints a point inside game 3 cannot be the new action either.
  throwsScoring(
    () =>
      scoreMatch(
        { points, corrections: [{ game: 2, home: 7, away: 11 }, { game: 1, home: 5, away: 11 }] },
        format,
      ),
    message,
  );
  // A point recorded once the reopened match was decided again is still refused as a point.
  const decided = [...game(H, 5), ...game(H, 7), ...game(A, 3)];
  throwsScoring(
    () => scoreMatch({ points: [...decided, H], corrections: [reopen] }, format),
    "Cannot record a point: the match is already decided (1-2)",
  );
});

Deno.test("scoreMatch() rejects an unfinished score, an unfinished game and a bad game number", () => {
  const points = [...game(H, 5), H];
  throwsScoring(
    () => scoreMatch({ points, corrections: [{ game: 1, home: 11, away: 10 }] }, BO5),
    /^Cannot correct game "1": "11-10" is not a finished game/,
  );
  throwsScoring(
    () => scoreMatch({ points, corrections: [{ game: 2, home: 11, away: 3 }] }, BO5),
    'Cannot correct game "2": only 1 game is finished',
  );
  throwsScoring(
    () => scoreMatch({ points, corrections: [{ game: 0, home: 11, away: 3 }] }, BO5),
    'Cannot correct game "0": expected a game number from 1',
  );
});

Deno.test("scoreMatch() keeps the last of several corrections to one game", () => {
  const corrections = [{ game: 1, home: 3, away: 11 }, { game: 1, home: 11, away: 4 }];
  const state = scoreMatch({ points: game(H, 5), corrections }, BO5);
  assert.deepEqual(state.gameScores, [{ home: 11, away: 4 }]);
  assert.deepEqual(state.gamesWon, { home: 1, away: 0 });
});

// Worked examples: imports, undo, resuming

Deno.test("validateGameScores() accepts a decided completed match and a running one", () => {
  const decided = [{ home: 11, away: 3 }, { home: 9, away: 11 }, { home: 15, away: 13 }, {
    home: 11,
    away: 8,
  }];
  assert.deepEqual(validateGameScores(decided, 5, true), {
    gamesWon: { home: 3, away: 1 },
    finished: true,
    winner: H,
  });
  assert.deepEqual(validateGameScores(decided.slice(0, 2), 5, false).gamesWon, { home: 1, away: 1 });
  assert.deepEqual(validateGameScores([], 5, false).finished, false);
});

Deno.test("validateGameScores() rejects illegal games, late games and undecided completions", () => {
  throwsScoring(
    () => validateGameScores([{ home: 11, away: 10 }], 5, false),
    /^Cannot import game 1: "11-10" is not/,
  );
  const threeNil = [{ home: 11, away: 3 }, { home: 11, away: 3 }, { home: 11, away: 3 }];
  throwsScoring(
    () => validateGameScores([...threeNil, { home: 3, away: 11 }], 5, true),
    "Cannot import game 4: the match was already decided (3-0)",
  );
  throwsScoring(
    () => validateGameScores(threeNil.slice(0, 2), 5, true),
    "Cannot import a completed match: the games (2-0) do not decide a best of 5",
  );
  throwsScoring(
    () => validateGameScores(threeNil, 5, false),
    "Cannot import a match that is not completed: the games decide it (3-0)",
  );
  throwsScoring(() => validateGameScores([], 4, false), /best of "4"/);
});

Deno.test("summarizeGames() counts games won", () => {
  assert.deepEqual(summarizeGames([{ home: 2, away: 11 }], 3), {
    gamesWon: { home: 0, away: 1 },
    finished: false,
    winner: null,
  });
});

Deno.test("undoLastPoint() drops the last point and refuses an empty match", () => {
  assert.deepEqual(undoLastPoint([H, A, A]), [H, A]);
  throwsScoring(() => undoLastPoint([]), "Cannot undo the last point: no point has been recorded");
});

Deno.test("undoLastAction() takes back a correction made after the last point, then the points", () => {
  const points = game(H, 0);
  const record = { points, corrections: [{ game: 1, home: 9, away: 11, afterPoints: 11 }] };
  const first = undoLastAction(record, BO5);
  assert.equal(first.undone, "correction");
  assert.deepEqual(first.record, { points, corrections: [] });
  assert.deepEqual(first.state.gameScores, [{ home: 11, away: 0 }]);
  const second = undoLastAction(first.record, BO5);
  assert.equal(second.undone, "point");
  assert.deepEqual(second.state.gameScores, []);
  assert.deepEqual(second.state.currentGame, { home: 10, away: 0 });
});

Deno.test("undoLastAction() takes back a point recorded after a correction before the correction", () => {
  const correction = { game: 1, home: 11, away: 7, afterPoints: 11 };
  const record = { points: [...game(H, 0), A], corrections: [correction] };
  const first = undoLastAction(record, BO5);
  assert.equal(first.undone, "point");
  assert.deepEqual(first.record, { points: game(H, 0), corrections: [correction] });
  assert.deepEqual(first.state.gameScores, [{ home: 11, away: 7 }]);
  assert.equal(undoLastAction(first.record, BO5).undone, "correction");
});

Deno.test("undoLastAction() puts the earlier correction of a game back in force", () => {
  const earlier = { game: 1, home: 11, away: 8, afterPoints: 11 };
  const later = { game: 1, home: 9, away: 11, afterPoints: 11 };
  const undo = undoLastAction({ points: game(H, 0), corrections: [earlier, later] }, BO5);
  assert.equal(undo.undone, "correction");
  assert.deepEqual(undo.record.corrections, [earlier]);
  assert.deepEqual(undo.state.gameScores, [{ home: 11, away: 8 }]);
});

Deno.test("undoLastAction() counts a correction without afterPoints as made when its game ended", () => {
  const old = { game: 1, home: 11, away: 9 };
  // Two points of game 2 came after game 1 ended: they go first, then the correction, then game 1's last
  // point.
  let record: { points: readonly Side[]; corrections?: readonly GameCorrection[] } = {
    points: [...game(H, 0), A, A],
    corrections: [old],
  };
  const undone: string[] = [];
  for (let k = 0; k < 4; k += 1) {
    const undo = undoLastAction(record, BO5);
    undone.push(undo.undone);
    record = undo.record;
  }
  assert.deepEqual(undone, ["point", "point", "correction", "point"]);
  assert.equal(record.points.length, 10);
});

Deno.test("undoLastAction() refuses an empty match and names the undo when the rest does not replay", () => {
  throwsScoring(
    () => undoLastAction({ points: [] }, BO5),
    "Cannot undo the last point or correction: no point has been recorded",
  );
  // A hand-made record: the correction claims to come before the point that finished its game.
  throwsScoring(
    () =>
      undoLastAction(
        { points: game(H, 0), corrections: [{ game: 1, home: 11, away: 9, afterPoints: 3 }] },
        BO5,
      ),
    'Cannot undo the last point: the match left does not replay (Cannot correct game "1": only 0 games are finished)',
  );
});

Deno.test("effectiveCorrections() keeps the last correction of each game, in game order", () => {
  const corrections = [
    { game: 2, home: 11, away: 8, afterPoints: 30 },
    { game: 1, home: 11, away: 3, afterPoints: 30 },
    { game: 2, home: 11, away: 9, afterPoints: 31 },
  ];
  assert.deepEqual(effectiveCorrections(corrections), [
    { game: 1, home: 11, away: 3 },
    { game: 2, home: 11, away: 9 },
  ]);
  assert.deepEqual(effectiveCorrections([]), []);
});

Deno.test("placedCorrections() keeps the order made and places an old correction without afterPoints at its game's end", () => {
  const points: Side[] = [...Array<Side>(11).fill("home"), ...Array<Side>(11).fill("away"), "home"];
  assert.deepEqual(
    placedCorrections([
      { game: 2, home: 9, away: 11 },
      { game: 1, home: 11, away: 9, afterPoints: 23 },
      { game: 2, home: 8, away: 11, afterPoints: 23, seq: 3 } as GameCorrection,
    ], points),
    [
      { game: 2, home: 9, away: 11, afterPoints: 22 },
      { game: 1, home: 11, away: 9, afterPoints: 23 },
      { game: 2, home: 8, away: 11, afterPoints: 23 },
    ],
  );
  assert.deepEqual(placedCorrections([], points), []);
});

Deno.test("pointsForResult() replays a score sheet's games to a decided match, and refuses one that is not", () => {
  const games = [{ home: 11, away: 7 }, { home: 9, away: 11 }, { home: 14, away: 12 }, { home: 11, away: 5 }];
  const state = replayMatch(pointsForResult(games, BO5), BO5);
  assert.deepEqual(state.gameScores, games);
  assert.deepEqual([state.finished, state.winner], [true, "home"]);
  assert.throws(
    () => pointsForResult(games.slice(0, 3), BO5),
    { name: "ScoringError", message: "Cannot enter the result: the games (2-1) do not decide a best of 5" },
  );
  assert.throws(() => pointsForResult([{ home: 11, away: 10 }], BO5), /Cannot enter game 1/);
  assert.throws(
    () => pointsForResult([...games, { home: 11, away: 3 }], BO5),
    /Cannot enter game 5: the match was already decided \(3-1\)/,
  );
});

Deno.test("pointsForScores() rebuilds deuce games and a running game at 11-10", () => {
  const games = [{ home: 15, away: 13 }, { home: 4, away: 11 }];
  const points = pointsForScores(games, { home: 11, away: 10 }, BO5);
  const state = replayMatch(points, BO5);
  assert.deepEqual(state.gameScores, games);
  assert.deepEqual(state.currentGame, { home: 11, away: 10 });
  assert.equal(points.length, 28 + 15 + 21);
});

Deno.test("pointsForScores() rejects an impossible running game and play after the decision", () => {
  throwsScoring(
    () => pointsForScores([], { home: 13, away: 5 }, BO5),
    'Cannot resume the running game at "13-5": that is not the score of a game in play',
  );
  const twoNil = [{ home: 11, away: 1 }, { home: 11, away: 1 }];
  throwsScoring(
    () => pointsForScores(twoNil, { home: 1, away: 0 }, { bestOf: 3, firstServer: H }),
    'Cannot resume the running game at "1-0": the match is already decided (2-0)',
  );
  throwsScoring(
    () => pointsForScores([{ home: 12, away: 11 }], { home: 0, away: 0 }, BO5),
    /^Cannot resume game 1/,
  );
  assert.equal(
    replayMatch(pointsForScores(twoNil, { home: 0, away: 0 }, { bestOf: 3, firstServer: H }), {
      bestOf: 3,
      firstServer: H,
    }).winner,
    H,
  );
});

// Properties

Deno.test("replayMatch() agrees with the rule restated: legal games, same scores, same winner", () => {
  fc.assert(
    fc.property(formatArb, rawPointsArb, (format, raw) => {
      const expected = model(raw, format);
      const state = replayMatch(expected.points, format);
      for (const { home, away } of state.gameScores) {
        const high = Math.max(home, away);
        const low = Math.min(home, away);
        assert.ok(high >= 11 && high - low >= 2, `${home}-${away}`);
        if (high > 11) assert.equal(high - low, 2, `${home}-${away}`);
      }
      assert.deepEqual(state.gameScores, expected.games);
      assert.deepEqual(state.gamesWon, expected.won);
      assert.deepEqual(state.currentGame, expected.current);
      const needed = (format.bestOf + 1) / 2;
      assert.equal(state.finished, Math.max(state.gamesWon.home, state.gamesWon.away) === needed);
      assert.equal(state.winner, state.finished ? (state.gamesWon.home === needed ? H : A) : null);
    }),
  );
});

Deno.test("replayMatch() serves by the rule before every point", () => {
  fc.assert(
    fc.property(formatArb, rawPointsArb, (format, raw) => {
      const expected = model(raw, format);
      const servers = expected.points.map((_, k) => replayMatch(expected.points.slice(0, k), format).server);
      assert.deepEqual(servers, expected.servers);
      assert.equal(replayMatch(expected.points, format).server, expected.nextServer);
    }),
    { numRuns: 60 },
  );
});

Deno.test("pointsForScores() replays to the scores of any legal match", () => {
  fc.assert(
    fc.property(legalArb, ({ format, points }) => {
      const state = replayMatch(points, format);
      const rebuilt = replayMatch(pointsForScores(state.gameScores, state.currentGame, format), format);
      assert.deepEqual(rebuilt, state);
    }),
  );
});

Deno.test("pointsForScores() replays to any generated games and running game", () => {
  const gameArb = fc.tuple(fc.constantFrom<Side>(H, A), fc.integer({ min: 0, max: 25 })).map(
    ([winner, lost]) => {
      const won = lost <= 9 ? 11 : lost + 2;
      return winner === H ? { home: won, away: lost } : { home: lost, away: won };
    },
  );
  const runningArb = fc.oneof(
    fc.record({ home: fc.integer({ min: 0, max: 10 }), away: fc.integer({ min: 0, max: 10 }) }),
    fc.tuple(fc.integer({ min: 10, max: 25 }), fc.constantFrom(-1, 0, 1)).map(([level, lead]) => ({
      home: level + Math.max(lead, 0),
      away: level + Math.max(-lead, 0),
    })),
  );
  fc.assert(
    fc.property(formatArb, fc.array(gameArb, { maxLength: 9 }), runningArb, (format, allGames, running) => {
      const games: Score[] = [];
      for (const g of allGames) {
        if (summarizeGames(games, format.bestOf).finished) break;
        games.push(g);
      }
      const current = summarizeGames(games, format.bestOf).finished
        ? { home: 0, away: 0 }
        : { home: running.home, away: running.away };
      const points = pointsForScores(games, current, format);
      const state = replayMatch(points, format);
      assert.deepEqual(state.gameScores, games);
      assert.deepEqual(state.currentGame, current);
      // The last point of each finished game goes to its winner.
      let end = 0;
      for (const g of games) {
        end += g.home + g.away;
        assert.equal(points[end - 1], g.home > g.away ? H : A);
      }
    }),
  );
});

Deno.test("undoLastPoint() then the same point again gives back the same match", () => {
  fc.assert(
    fc.property(legalArb.filter(({ points }) => points.length > 0), ({ format, points }) => {
      const last = points[points.length - 1]!;
      const again = [...undoLastPoint(points), last];
      assert.deepEqual(again, points);
      assert.deepEqual(replayMatch(again, format), replayMatch(points, format));
      assert.deepEqual(replayMatch(undoLastPoint(points), format), replayMatch(points.slice(0, -1), format));
    }),
  );
});

/**
 * A match's history of records, one per action: points of a legal match, with corrections made between them
 * (a finished game, its winner flipped or its loser's points changed) where the rules accept them.
 */
const historyArb = fc.tuple(
  legalArb,
  fc.array(fc.record({ at: fc.nat(), game: fc.nat(), flip: fc.boolean(), lost: fc.nat({ max: 9 }) }), {
    maxLength: 8,
  }),
).map(([{ format, points }, fixes]) => {
  type Rec = { points: Side[]; corrections: GameCorrection[] };
  const history: Rec[] = [{ points: [], corrections: [] }];
  const at = (k: number) => fixes.filter((f) => points.length > 0 && f.at % (points.length + 1) === k);
  for (let k = 0; k <= points.length; k += 1) {
    for (const fix of at(k)) {
      const last = history.at(-1)!;
      const finished = scoreMatch(last, format).gameScores.length;
      if (finished === 0) continue;
      const n = (fix.game % finished) + 1;
      const winner = fix.flip ? A : H;
      const score = { home: winner === H ? 11 : fix.lost, away: winner === A ? 11 : fix.lost };
      const next = {
        points: last.points,
        corrections: [...last.corrections, { game: n, ...score, afterPoints: k }],
      };
      try {
        scoreMatch(next, format);
      } catch {
        continue;
      }
      history.push(next);
    }
    if (k === points.length) break;
    const last = history.at(-1)!;
    const next = { points: [...last.points, points[k]!], corrections: last.corrections };
    try {
      scoreMatch(next, format);
    } catch {
      break; // a correction decided the match: no further point
    }
    history.push(next);
  }
  return { format, history };
});

Deno.test("undoLastAction() takes a match back through its history, one action at a time", () => {
  fc.assert(
    fc.property(historyArb, ({ format, history }) => {
      for (let k = history.length - 1; k > 0; k -= 1) {
        const undo = undoLastAction(history[k]!, format);
        assert.deepEqual(undo.record, history[k - 1]);
        assert.deepEqual(undo.state, replayUmpire(history[k - 1]!, format));
      }
    }),
  );
});

Deno.test("scoreMatch() with corrections equal to the played scores is replayMatch()", () => {
  fc.assert(
    fc.property(legalArb, ({ format, points }) => {
      const state = replayMatch(points, format);
      const corrections = state.gameScores.map((g, k) => ({ game: k + 1, ...g }));
      assert.deepEqual(scoreMatch({ points, corrections }, format), state);
    }),
  );
});
