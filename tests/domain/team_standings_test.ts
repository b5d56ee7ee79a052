import assert from "node:assert/strict";
import fc from "fast-check";
import { StandingsError } from "../../domain/standings.ts";
import {
  type GroupTie,
  isTeamGroupComplete,
  rankTeamGroup,
  type TeamStandingRow,
  type TieMatchResult,
} from "../../domain/team_standings.ts";
import { game, playUntilWon } from "../support/group_matches.ts";

// ---------------------------------------------------------------------------------------------------
// Factories. An individual match is written from the home team's side: "3-1" is won 3 games to 1 by home,
// every game 11-5 (or `points` for the winner of the game and its loser); "11-9 9-11 ..." lists its games.

function match(score: string, points: readonly [number, number] = [11, 5]): TieMatchResult {
  const [home, away] = game(score);
  const [w, l] = points;
  const games = [
    ...Array.from({ length: home }, () => [w, l] as const),
    ...Array.from({ length: away }, () => [l, w] as const),
  ];
  return { winner: home > away ? "home" : "away", games };
}

/** A completed tie; its winner is the team that won more of its matches. */
function tie(home: string, away: string, ...matches: TieMatchResult[]): GroupTie {
  const homeWins = matches.filter((m) => m.winner === "home").length;
  return { home, away, status: "completed", winner: homeWins * 2 > matches.length ? home : away, matches };
}

/** `n` matches of the same score. */
function times(n: number, score: string, points?: readonly [number, number]): TieMatchResult[] {
  return Array.from({ length: n }, () => match(score, points));
}

function walkover(home: string, away: string, winner: string): GroupTie {
  return { home, away, status: "walkover", winner, matches: [] };
}

/** "position[=] team decidedBy", "=" marking a tied row. */
function table(rows: readonly TeamStandingRow[]): string[] {
  return rows.map((r) => `${r.position}${r.tied ? "=" : ""} ${r.team} ${r.decidedBy}`);
}

function row(rows: readonly TeamStandingRow[], team: string): TeamStandingRow {
  const found = rows.find((r) => r.team === team);
  if (!found) throw new Error(`no row for ${team}`);
  return found;
}

// ---------------------------------------------------------------------------------------------------

Deno.test("match points: 2 for a tie won, 1 for a tie lost in play, 0 for a walkover lost (3.7.5.1)", () => {
  const rows = rankTeamGroup(["A", "B", "C"], [
    tie("A", "B", ...times(3, "3-0")),
    walkover("A", "C", "A"),
    tie("B", "C", ...times(3, "3-1")),
  ]);
  assert.deepEqual(table(rows), ["1 A match_points", "2 B match_points", "3 C match_points"]);
  // C: 0 for the walkover lost, 1 for the tie lost in play.
  assert.deepEqual([row(rows, "A").matchPoints, row(rows, "B").matchPoints, row(rows, "C").matchPoints], [
    4,
    3,
    1,
  ]);
  // The walkover counts no matches, games or points; the played ties do.
  assert.equal(row(rows, "A").matchesWon, 3);
  assert.equal(row(rows, "A").matchesLost, 0);
  assert.equal(row(rows, "C").matchesWon, 0);
  assert.equal(row(rows, "C").matchesLost, 3);
  assert.equal(row(rows, "C").gamesWon, 3);
  assert.equal(row(rows, "C").gamesLost, 9);
});

Deno.test("two teams level on points: the tie between them decides, before any ratio", () => {
  // A beat B 3-2 and lost to C; C lost to B by walkover: A 2 + 1, B 1 + 2, C 2 + 0. A and B level on 3; over
  // the group B has the better match ratio (2/3 against A's 3/5), but their own tie comes first.
  const rows = rankTeamGroup(["A", "B", "C"], [
    tie("A", "B", ...times(3, "3-0"), ...times(2, "0-3")),
    tie("C", "A", ...times(3, "3-0")),
    walkover("B", "C", "B"),
  ]);
  assert.deepEqual(table(rows), [
    "1 A head_to_head_match_points",
    "2 B head_to_head_match_points",
    "3 C match_points",
  ]);
});

Deno.test("three teams level on points: the ratio of individual matches among them decides", () => {
  // A beat B 3-2, B beat C 3-2, C beat A 3-0: matches among them A 3/5, B 5/5, C 5/3.
  const rows = rankTeamGroup(["A", "B", "C"], [
    tie("A", "B", ...times(3, "3-0"), ...times(2, "0-3")),
    tie("B", "C", ...times(3, "3-0"), ...times(2, "0-3")),
    tie("C", "A", ...times(3, "3-0")),
  ]);
  assert.deepEqual(table(rows), ["1 C matches_ratio", "2 B matches_ratio", "3 A matches_ratio"]);
  assert.deepEqual([row(rows, "C").matchesWon, row(rows, "C").matchesLost], [5, 3]);
});

Deno.test("three teams level on points and on matches: the games ratio decides", () => {
  // Every tie 3-2, so matches are 5/5 each. Games: A 9-6 v B and 12-9 v C = 21/15; B 6-9 and 9-9 = 15/18;
  // C 9-9 and 9-12 = 18/21. So A, then C (0.857), then B (0.833).
  const rows = rankTeamGroup(["A", "B", "C"], [
    tie("A", "B", ...times(3, "3-0"), ...times(2, "0-3")),
    tie("B", "C", ...times(3, "3-1"), ...times(2, "0-3")),
    tie("C", "A", ...times(3, "3-2"), ...times(2, "0-3")),
  ]);
  assert.deepEqual(table(rows), ["1 A games_ratio", "2 C games_ratio", "3 B games_ratio"]);
  assert.deepEqual([row(rows, "C").gamesWon, row(rows, "C").gamesLost], [18, 21]);
});

Deno.test("three teams level on points, matches and games: the points ratio decides", () => {
  // Every tie 3-2 and every match 3-0, so games are 15/15 each; the points differ by tie:
  // A 258/252, C 288/282, B 264/276.
  const rows = rankTeamGroup(["A", "B", "C"], [
    tie("A", "B", ...times(3, "3-0", [11, 5]), ...times(2, "0-3", [11, 5])),
    tie("B", "C", ...times(3, "3-0", [11, 9]), ...times(2, "0-3", [11, 9])),
    tie("C", "A", ...times(3, "3-0", [11, 7]), ...times(2, "0-3", [11, 7])),
  ]);
  assert.deepEqual(table(rows), ["1 A points_ratio", "2 C points_ratio", "3 B points_ratio"]);
  assert.deepEqual([row(rows, "A").pointsWon, row(rows, "A").pointsLost], [258, 252]);
  assert.deepEqual([row(rows, "B").pointsWon, row(rows, "B").pointsLost], [264, 276]);
});

Deno.test("three teams level after every step: tied without a lot, placed by the lot order with one", () => {
  const ties = [
    tie("A", "B", ...times(3, "3-0"), ...times(2, "0-3")),
    tie("B", "C", ...times(3, "3-0"), ...times(2, "0-3")),
    tie("C", "A", ...times(3, "3-0"), ...times(2, "0-3")),
  ];
  assert.deepEqual(table(rankTeamGroup(["A", "B", "C"], ties)), ["1= A tied", "1= B tied", "1= C tied"]);
  assert.deepEqual(table(rankTeamGroup(["A", "B", "C"], ties, ["C", "A", "B"])), [
    "1 C lot",
    "2 A lot",
    "3 B lot",
  ]);
});

/**
 * Four teams level on 3 match points in the middle of a group: A beat B, B beat C, C beat D, D beat A (A v C and
 * B v D still to play). Each tie is won 3 matches to the loser's `lost`, the winner's matches won `score` in
 * games, the loser's 0-3, every game won 11 to `points[1]` (5 when not given).
 */
type FourCycleTie = [lost: number, score: string, points?: [number, number]];

function fourCycle(...ties: FourCycleTie[]): GroupTie[] {
  const pairs = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"]] as const;
  return [
    ...pairs.map(([home, away], i) => {
      const [lost, score, points] = ties[i]!;
      return tie(home, away, ...times(3, score, points), ...times(lost, "0-3", points));
    }),
    { home: "A", away: "C", status: "scheduled", winner: null, matches: [] },
    { home: "B", away: "D", status: "in_progress", winner: null, matches: [match("3-1")] },
  ];
}

const FOUR_LEVEL_CASES: { name: string; ties: FourCycleTie[]; expected: string[] }[] = [
  {
    // Matches: A 3/0 + 2/3 = 5/3, B 0/3 + 3/1 = 3/4, C 1/3 + 3/2 = 4/5, D 2/3 + 3/2 = 5/5.
    name: "the ratio of individual matches separates all four",
    ties: [[0, "3-0"], [1, "3-0"], [2, "3-0"], [2, "3-0"]],
    expected: ["1 A matches_ratio", "2 D matches_ratio", "3 C matches_ratio", "4 B matches_ratio"],
  },
  {
    // Every tie 3-2 (matches 5/5 each). Games: A 9-6 + 6-9 = 15/15, B 6-9 + 9-9 = 15/18,
    // C 9-9 + 9-12 = 18/21, D 12-9 + 9-6 = 21/15.
    name: "level on individual matches too, the games ratio separates all four",
    ties: [[2, "3-0"], [2, "3-1"], [2, "3-2"], [2, "3-0"]],
    expected: ["1 D games_ratio", "2 A games_ratio", "3 C games_ratio", "4 B games_ratio"],
  },
  {
    // Matches: A 3/0 + 2/3 = 5/3 first, B 0/3 + 3/2 = 3/5 last, C and D 5/5 each: they start again by
    // themselves (3.7.5.3), where C beat D.
    name: "the matches ratio places two, and the two left level go back to their own tie",
    ties: [[0, "3-0"], [2, "3-0"], [2, "3-0"], [2, "3-0"]],
    expected: [
      "1 A matches_ratio",
      "2 C head_to_head_match_points",
      "3 D head_to_head_match_points",
      "4 B matches_ratio",
    ],
  },
  {
    // Every tie 3-2 and every match 3-0 (games 15/15 each); the games' points differ by tie (11-5, 11-9, 11-7,
    // 11-3): A 129/111 + 93/117 = 222/228, B 111/129 + 153/147 = 264/276, C 147/153 + 141/129 = 288/282,
    // D 129/141 + 117/93 = 246/234.
    name: "level on individual matches and games too, the points ratio separates all four",
    ties: [[2, "3-0", [11, 5]], [2, "3-0", [11, 9]], [2, "3-0", [11, 7]], [2, "3-0", [11, 3]]],
    expected: ["1 D points_ratio", "2 C points_ratio", "3 A points_ratio", "4 B points_ratio"],
  },
];

for (const { name, ties, expected } of FOUR_LEVEL_CASES) {
  Deno.test(`four teams level on points: ${name}`, () => {
    const rows = rankTeamGroup(["A", "B", "C", "D"], fourCycle(...ties));
    assert.deepEqual(rows.map((r) => r.matchPoints), [3, 3, 3, 3]);
    assert.deepEqual(table(rows), expected);
  });
}

Deno.test("four teams level with walkovers: those count no matches, and a pair left level goes back to its tie", () => {
  // B beat A and D beat B by walkover (0 points to the loser); every played tie 3-2. A and B won two ties and
  // lost one by walkover, C and D won one and lost two in play: 4 points each. Matches: A 6/4 and B 3/2 (1.5
  // both), C 7/8, D 4/6; A and B start again by themselves, where B's walkover win gives B 2 points, A 0.
  const won = [...times(3, "3-0"), ...times(2, "0-3")];
  const rows = rankTeamGroup(["A", "B", "C", "D"], [
    walkover("A", "B", "B"),
    tie("A", "C", ...won),
    tie("A", "D", ...won),
    tie("B", "C", ...won),
    walkover("B", "D", "D"),
    tie("C", "D", ...won),
  ]);
  assert.deepEqual(rows.map((r) => r.matchPoints), [4, 4, 4, 4]);
  assert.deepEqual(table(rows), [
    "1 B head_to_head_match_points",
    "2 A head_to_head_match_points",
    "3 C matches_ratio",
    "4 D matches_ratio",
  ]);
  assert.deepEqual([row(rows, "A").matchesWon, row(rows, "A").matchesLost], [6, 4]);
});

Deno.test("bad input is a StandingsError naming the field", () => {
  assert.throws(() => rankTeamGroup(["A", "A"], []), StandingsError);
  assert.throws(
    () => rankTeamGroup(["A", "B"], [tie("A", "X", match("3-0"))]),
    (e: Error) => e instanceof StandingsError && e.message.includes('"ties[0].away" is "X"'),
  );
  assert.throws(
    () => rankTeamGroup(["A", "B"], [{ ...tie("A", "B", ...times(3, "3-0")), winner: "B" }]),
    (e: Error) => e instanceof StandingsError && e.message.includes("won 0 of its 3 matches"),
  );
  assert.throws(
    () => rankTeamGroup(["A", "B"], [tie("A", "B", { winner: "home", games: [[11, 11]] })]),
    (e: Error) => e instanceof StandingsError && e.message.includes('"ties[0].matches[0].games[0]"'),
  );
  assert.throws(
    () => rankTeamGroup(["A", "B"], [tie("A", "B", ...times(3, "3-0")), tie("B", "A", ...times(3, "3-0"))]),
    (e: Error) => e instanceof StandingsError && e.message.includes("two decided ties"),
  );
  assert.throws(() => rankTeamGroup(["A", "B"], [], ["A", "Z"]), StandingsError);
});

Deno.test("a group is complete when every pair has a decided tie", () => {
  assert.equal(isTeamGroupComplete(["A", "B", "C"], [tie("A", "B", ...times(3, "3-0"))]), false);
  assert.equal(
    isTeamGroupComplete(["A", "B", "C"], [
      tie("A", "B", ...times(3, "3-0")),
      walkover("A", "C", "C"),
      { home: "B", away: "C", status: "retired", winner: "B", matches: [match("3-0")] },
    ]),
    true,
  );
});

// ---------------------------------------------------------------------------------------------------
// Property: a random group's standings are a permutation of its teams, in order of match points, and they do
// not depend on the order in which the teams and the ties are given.

const matchArb = fc.record({
  homeGames: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  loserPoints: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 5, maxLength: 5 }),
});
const tieArb: fc.Arbitrary<TieSpec> = fc.record({
  kind: fc.constantFrom("completed" as const, "walkover" as const, "scheduled" as const),
  homeMatches: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  matches: fc.array(matchArb, { minLength: 5, maxLength: 5 }),
  walkoverHome: fc.boolean(),
});

type TieSpec = {
  kind: "completed" | "walkover" | "scheduled";
  homeMatches: boolean[];
  matches: { homeGames: boolean[]; loserPoints: number[] }[];
  walkoverHome: boolean;
};

function buildTie(home: string, away: string, spec: TieSpec): GroupTie {
  if (spec.kind === "walkover") return walkover(home, away, spec.walkoverHome ? home : away);
  const matches: TieMatchResult[] = [];
  let h = 0, a = 0;
  for (const [i, homeWins] of spec.homeMatches.entries()) {
    if (h === 3 || a === 3) break;
    const m = spec.matches[i]!;
    // Each match is played to 3 games; its winner is forced to the tie's side by swapping if needed.
    const played = playUntilWon(m.homeGames, m.loserPoints.map((l) => [11, l] as const), 3);
    const games = played.homeWon === homeWins ? played.games : played.games.map(([x, y]) => [y, x] as const);
    matches.push({ winner: homeWins ? "home" : "away", games });
    if (homeWins) h++;
    else a++;
  }
  if (spec.kind === "scheduled") return { home, away, status: "scheduled", winner: null, matches: [] };
  return { home, away, status: "completed", winner: h === 3 ? home : away, matches };
}

const groupArb = fc.integer({ min: 2, max: 5 }).chain((n) => {
  const teams = Array.from({ length: n }, (_, i) => `T${i}`);
  const pairs = teams.flatMap((a, i) => teams.slice(i + 1).map((b) => [a, b] as const));
  return fc.record({
    teams: fc.constant(teams),
    ties: fc.tuple(...pairs.map(() => tieArb)).map((specs) =>
      specs.map((spec, i) => buildTie(pairs[i]![0], pairs[i]![1], spec))
    ),
    seed: fc.integer(),
  });
});

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

Deno.test("property: standings are a permutation of the teams, by match points, whatever the input order", () => {
  fc.assert(fc.property(groupArb, ({ teams, ties, seed }) => {
    const rows = rankTeamGroup(teams, ties);
    assert.deepEqual(rows.map((r) => r.team).sort(), [...teams].sort());
    for (const [i, r] of rows.entries()) {
      const previous = rows[i - 1];
      if (!previous) continue;
      assert.ok(previous.matchPoints >= r.matchPoints);
      assert.ok(previous.position <= r.position);
    }
    // Every decided tie hands out 2 + 1 (played) or 2 + 0 (walkover) match points.
    const expected = ties.reduce((s, t) => s + (t.winner === null ? 0 : t.status === "completed" ? 3 : 2), 0);
    assert.equal(rows.reduce((s, r) => s + r.matchPoints, 0), expected);
    const again = rankTeamGroup(shuffled(teams, seed), shuffled(ties, seed ^ 0x5bd1e995));
    const key = (r: TeamStandingRow) => `${r.team} ${r.position} ${r.decidedBy} ${r.tied}`;
    assert.deepEqual(again.map(key).sort(), rows.map(key).sort());
  }));
});
