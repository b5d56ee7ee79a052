/**
 * Edge cases of ITTF Statutes 3.7.5 that the worked examples in standings_test.ts do not reach, and a
 * comparison with a second, independently written reading of the rule over random groups.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { type GroupMatch, rankGroup, type StandingRow } from "../../domain/standings.ts";
import { played, playUntilWon } from "../support/group_matches.ts";

// Scores are written from the home player's side, "11-9" meaning home 11, away 9.
function walkover(home: string, away: string, winner: string): GroupMatch {
  return { home, away, games: [], status: "walkover", winner };
}

function retired(home: string, away: string, winner: string, ...games: [number, number][]): GroupMatch {
  return { home, away, games, status: "retired", winner };
}

function table(rows: readonly StandingRow[]): string[] {
  return rows.map((r) => `${r.position}${r.tied ? "=" : ""} ${r.player} ${r.decidedBy}`);
}

Deno.test("rankGroup() settles each pair of a 4-way tie split 2 and 2 by the pair's own match", () => {
  // A, B, C and D are on 6; E on 4 (two walkover losses). Among the four: A and B 5 match points, C
  // and D 4. Each pair starts again with its own match only: B beat A and C beat D, although A's
  // games among the four (8/3) beat B's (6/6) and D's (5/6) beat C's (4/8).
  const rows = rankGroup(["A", "B", "C", "D", "E"], [
    played("B", "A", "11-9", "9-11", "9-11", "11-9", "11-9"),
    played("A", "C", "11-1", "11-1", "11-1"),
    played("A", "D", "11-1", "11-1", "11-1"),
    played("B", "C", "11-9", "9-11", "11-9", "11-9"),
    played("D", "B", "11-5", "11-5", "11-5"),
    played("C", "D", "11-9", "9-11", "9-11", "11-9", "11-9"),
    played("E", "A", "11-5", "11-5", "11-5"),
    played("E", "B", "11-5", "11-5", "11-5"),
    walkover("C", "E", "C"),
    walkover("D", "E", "D"),
  ]);
  assert.deepEqual(table(rows), [
    "1 B head_to_head_match_points",
    "2 A head_to_head_match_points",
    "3 C head_to_head_match_points",
    "4 D head_to_head_match_points",
    "5 E match_points",
  ]);
  assert.deepEqual(rows.map((r) => r.matchPoints), [6, 6, 6, 6, 4]);
});

Deno.test("rankGroup() places a group of 2 by its one match, whatever ended it", () => {
  // Entries of a doubles event are ids like any other.
  const [home, away] = ["Ann / Bea", "Cat / Dee"];
  const cases: [GroupMatch, number[]][] = [
    [played(home, away, "9-11", "11-9", "9-11", "11-9", "9-11"), [2, 1]],
    [walkover(home, away, away), [2, 0]],
    [retired(home, away, away, [11, 2], [11, 3]), [2, 0]],
    [retired(home, away, away), [2, 0]],
  ];
  for (const [match, points] of cases) {
    const rows = rankGroup([home, away], [match]);
    assert.deepEqual(table(rows), [`1 ${away} match_points`, `2 ${home} match_points`], match.status);
    assert.deepEqual(rows.map((r) => r.matchPoints), points, match.status);
  }
});

Deno.test("rankGroup() leaves a level pair that has not met yet tied, and a lot order settles it", () => {
  // Mid-group: B and C are both on 2 after beating A (by walkover and by A's retirement), and their own
  // match is still running: among the two there is nothing yet, so no step can separate them.
  const matches: GroupMatch[] = [
    walkover("B", "A", "B"),
    retired("C", "A", "C", [11, 9], [9, 11]),
    { home: "B", away: "C", games: [[11, 2]], status: "in_progress", winner: null },
  ];
  assert.deepEqual(table(rankGroup(["A", "B", "C"], matches)), [
    "1= B tied",
    "1= C tied",
    "3 A match_points",
  ]);
  assert.deepEqual(table(rankGroup(["A", "B", "C"], matches, ["C", "B"])), [
    "1 C lot",
    "2 B lot",
    "3 A match_points",
  ]);
});

// ---------------------------------------------------------------------------------------------------
// A second reading of ITTF Statutes 3.7.5, written apart from domain/standings.ts and kept naive:
// floating-point ratios (exact enough for these small totals), Infinity for won/0, NaN for 0/0 (a step
// with a 0/0 separates nobody, as docs/standings.md says).

type Stat = { mp: number; gw: number; gl: number; pw: number; pl: number };

function statsAmong(block: readonly string[], matches: readonly GroupMatch[]): Map<string, Stat> {
  const stats = new Map(block.map((p) => [p, { mp: 0, gw: 0, gl: 0, pw: 0, pl: 0 }]));
  for (const m of matches) {
    if (m.winner === null || !["completed", "walkover", "retired"].includes(m.status)) continue;
    const home = stats.get(m.home), away = stats.get(m.away);
    if (home === undefined || away === undefined) continue;
    const [winner, loser] = m.winner === m.home ? [home, away] : [away, home];
    winner.mp += 2;
    if (m.status === "completed") loser.mp += 1;
    if (m.status === "walkover") continue;
    for (const [h, a] of m.games) {
      home.pw += h;
      home.pl += a;
      away.pw += a;
      away.pl += h;
      const [gameWinner, gameLoser] = h > a ? [home, away] : [away, home];
      gameWinner.gw++;
      gameLoser.gl++;
    }
  }
  return stats;
}

function ratio(won: number, lost: number): number {
  return lost === 0 ? (won === 0 ? NaN : Infinity) : won / lost;
}

/** The block in runs of equal value, best first; null when a value is NaN (the step separates nobody). */
function runsBy(block: readonly string[], value: (p: string) => number): string[][] | null {
  if (block.some((p) => Number.isNaN(value(p)))) return null;
  return [...new Set(block.map(value))].sort((a, b) => b - a).map((v) => block.filter((p) => value(p) === v));
}

function referenceRanking(players: readonly string[], matches: readonly GroupMatch[]): string[] {
  const out: string[] = [];
  const place = (run: readonly string[], by: string) => {
    if (run.length === 1) out.push(`${out.length + 1} ${run[0]} ${by}`);
    else settle(run);
  };
  const settle = (block: readonly string[]) => {
    const s = statsAmong(block, matches);
    const get = (p: string) => s.get(p) ?? { mp: 0, gw: 0, gl: 0, pw: 0, pl: 0 };
    const steps: [string, (p: string) => number][] = [
      ["head_to_head_match_points", (p) => get(p).mp],
      ["games_ratio", (p) => ratio(get(p).gw, get(p).gl)],
      ["points_ratio", (p) => ratio(get(p).pw, get(p).pl)],
    ];
    for (const [by, value] of steps) {
      const runs = runsBy(block, value);
      if (runs === null || runs.length === 1) continue;
      // Every run still level starts again from match points among its own members.
      for (const run of runs) place(run, by);
      return;
    }
    const position = out.length + 1;
    for (const p of block) out.push(`${position}= ${p} tied`);
  };
  const all = statsAmong(players, matches);
  for (const run of runsBy(players, (p) => all.get(p)?.mp ?? 0) ?? []) place(run, "match_points");
  return out;
}

const gameScore = fc.oneof(
  fc.constantFrom([11, 9] as const, [11, 7] as const, [12, 10] as const),
  fc.integer({ min: 0, max: 9 }).map((l) => [11, l] as const),
);

/** Groups of 2 to 6, each pair met or not, by a full match (best of 3 or 5), walkover or retirement. */
const groupArb = fc.integer({ min: 2, max: 6 }).chain((n) => {
  const players = ["A", "B", "C", "D", "E", "F"].slice(0, n);
  const pairs = players.flatMap((a, i) => players.slice(i + 1).map((b) => [a, b] as const));
  const match = ([home, away]: readonly [string, string]) =>
    fc.record({
      kind: fc.constantFrom("completed", "completed", "completed", "walkover", "retired", "none"),
      homeWinsByDefault: fc.boolean(),
      toWin: fc.constantFrom(2, 3),
      gameWinners: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      scores: fc.array(gameScore, { minLength: 5, maxLength: 5 }),
      cut: fc.nat(4),
    }).map(({ kind, homeWinsByDefault, toWin, gameWinners, scores, cut }): GroupMatch | null => {
      if (kind === "none") return null;
      const { games, homeWon } = playUntilWon(gameWinners, scores, toWin);
      const byDefault = homeWinsByDefault ? home : away;
      if (kind === "completed") {
        return { home, away, games, status: kind, winner: homeWon ? home : away };
      }
      if (kind === "walkover") return { home, away, games: [], status: kind, winner: byDefault };
      return {
        home,
        away,
        games: games.slice(0, Math.min(cut, games.length - 1)),
        status: "retired",
        winner: byDefault,
      };
    });
  return fc.tuple(...pairs.map(match)).map((ms) => ({
    players,
    matches: ms.filter((m): m is GroupMatch => m !== null),
  }));
});

Deno.test("rankGroup() agrees with a second, naive reading of ITTF Statutes 3.7.5", () => {
  fc.assert(
    fc.property(groupArb, ({ players, matches }) => {
      const rows = rankGroup(players, matches);
      assert.deepEqual(
        rows.map((r) => `${r.position}${r.tied ? "=" : ""} ${r.player} ${r.decidedBy}`),
        referenceRanking(players, matches),
      );
    }),
    { numRuns: 2000 },
  );
});
