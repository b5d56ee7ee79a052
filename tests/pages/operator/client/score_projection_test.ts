import assert from "node:assert/strict";
import fc from "fast-check";
import { type Side } from "../../../../domain/scoring.ts";
import { scoreMatch } from "../../../../domain/match_replay.ts";
import { projectScore } from "../../../../pages/operator/client/score_projection.ts";

const side = fc.constantFrom<Side>("home", "away");
const format = fc.record({ bestOf: fc.constantFrom(3, 5, 7), firstServer: side });

/** The points of a match up to its end (or an unfinished one): what the umpire's page can hold. */
function untilDecided(points: Side[], bestOf: number): Side[] {
  const out: Side[] = [];
  for (const p of points) {
    if (scoreMatch({ points: out }, { bestOf, firstServer: "home" }).finished) break;
    out.push(p);
  }
  return out;
}

Deno.test("projectScore() agrees with domain scoreMatch() on every sequence of points", () => {
  fc.assert(
    fc.property(format, fc.array(side, { maxLength: 160 }), (f, raw) => {
      const points = untilDecided(raw, f.bestOf);
      const want = scoreMatch({ points }, f);
      const got = projectScore(points, [], f.bestOf, f.firstServer);
      assert.deepEqual(got, {
        gameScores: want.gameScores,
        gamesWon: want.gamesWon,
        currentGame: want.currentGame,
        server: want.server,
        finished: want.finished,
        winner: want.winner,
      });
    }),
    { numRuns: 500 },
  );
});

Deno.test("projectScore() agrees with scoreMatch() on long deuce games", () => {
  fc.assert(
    fc.property(format, fc.integer({ min: 0, max: 15 }), side, (f, extra, last) => {
      const deuce: Side[] = [];
      for (let i = 0; i < 10; i++) deuce.push("home", "away");
      for (let i = 0; i < extra; i++) deuce.push("home", "away");
      const points = [...deuce, last];
      const want = scoreMatch({ points }, f);
      const got = projectScore(points, [], f.bestOf, f.firstServer);
      assert.deepEqual(got.currentGame, want.currentGame);
      assert.equal(got.server, want.server);
    }),
  );
});

Deno.test("projectScore() applies corrections of finished games as scoreMatch() does", () => {
  const points: Side[] = [...Array(11).fill("home"), ...Array(11).fill("home"), "away"];
  const corrections = [{ game: 2, home: 9, away: 11 }];
  const want = scoreMatch({ points, corrections }, { bestOf: 3, firstServer: "away" });
  const got = projectScore(points, corrections, 3, "away");
  assert.deepEqual(got.gameScores, want.gameScores);
  assert.deepEqual(got.gamesWon, { home: 1, away: 1 });
  assert.equal(got.finished, false);
  assert.equal(got.server, want.server);
});

Deno.test("projectScore() ignores points after the match is decided", () => {
  const points: Side[] = Array(30).fill("away");
  const got = projectScore(points, [], 3, "home");
  assert.deepEqual(got.gamesWon, { home: 0, away: 2 });
  assert.equal(got.winner, "away");
  assert.deepEqual(got.currentGame, { home: 0, away: 0 });
});
