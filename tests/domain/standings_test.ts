import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type GroupMatch,
  type GroupMatchStatus,
  isGroupComplete,
  rankGroup,
  type StandingRow,
  StandingsError,
} from "../../domain/standings.ts";
import { game, played, playUntilWon } from "../support/group_matches.ts";

// ---------------------------------------------------------------------------------------------------
// Factories. Scores are written from the home player's side, "11-9" meaning home 11, away 9.

function walkover(home: string, away: string, winner: string, ...scores: string[]): GroupMatch {
  return { home, away, games: scores.map(game), status: "walkover", winner };
}

/** A match ended by a retirement; `scores` are the games finished before it. */
function retired(home: string, away: string, winner: string, ...scores: string[]): GroupMatch {
  return { home, away, games: scores.map(game), status: "retired", winner };
}

function unfinished(
  home: string,
  away: string,
  status: "scheduled" | "in_progress",
  ...scores: string[]
): GroupMatch {
  return { home, away, games: scores.map(game), status, winner: null };
}

/** "position[=] player decidedBy", "=" marking a tied row: the whole table in one readable line each. */
function table(rows: readonly StandingRow[]): string[] {
  return rows.map((r) => `${r.position}${r.tied ? "=" : ""} ${r.player} ${r.decidedBy}`);
}

function row(rows: readonly StandingRow[], player: string): StandingRow {
  const found = rows.find((r) => r.player === player);
  if (found === undefined) throw new Error(`No row for "${player}"`);
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Worked examples (the same ones are explained in docs/standings.md).

Deno.test("rankGroup() orders by match points when the totals differ", () => {
  const rows = rankGroup(["C", "B", "A"], [
    played("A", "B", "11-5", "11-5", "11-5"),
    played("A", "C", "11-5", "11-5", "11-5"),
    played("B", "C", "11-5", "5-11", "11-5", "11-5"),
  ]);
  assert.deepEqual(table(rows), ["1 A match_points", "2 B match_points", "3 C match_points"]);
  assert.deepEqual(rows.map((r) => r.matchPoints), [4, 3, 2]);
});

Deno.test("rankGroup() settles a 2-way tie by the match between the two", () => {
  // Example 1: A and B on 5, D and C on 4. B has the better games ratio over the whole group (7/4
  // against A's 6/4) and C the better one than D (6/6 against 3/8), but only the match between the
  // two counts.
  const rows = rankGroup(["A", "B", "C", "D"], [
    played("A", "B", "11-8", "9-11", "11-7", "11-6"),
    played("C", "A", "11-9", "11-9", "11-9"),
    played("A", "D", "11-4", "11-4", "11-4"),
    played("B", "C", "11-7", "11-7", "7-11", "11-7"),
    played("B", "D", "11-3", "11-3", "11-3"),
    played("D", "C", "11-9", "9-11", "11-9", "9-11", "11-9"),
  ]);
  assert.deepEqual(table(rows), [
    "1 A head_to_head_match_points",
    "2 B head_to_head_match_points",
    "3 D head_to_head_match_points",
    "4 C head_to_head_match_points",
  ]);
  assert.deepEqual(rows.map((r) => r.matchPoints), [5, 5, 4, 4]);
  assert.deepEqual([row(rows, "B").gamesWon, row(rows, "B").gamesLost], [7, 4]);
});

Deno.test("rankGroup() settles a 3-way cycle by the games ratio among the three (best of 7)", () => {
  // Example 2: A beat B 4-0, B beat C 4-2, C beat A 4-3; all on 5. Among the three: A 7/4, C 6/7,
  // B 4/6. D lost every match and is placed by match points alone.
  const rows = rankGroup(["A", "B", "C", "D"], [
    played("A", "B", "11-5", "11-5", "11-5", "11-5"),
    played("B", "C", "11-6", "6-11", "11-6", "6-11", "11-6", "11-6"),
    played("C", "A", "11-9", "9-11", "11-9", "9-11", "11-9", "9-11", "11-9"),
    played("A", "D", "11-2", "11-2", "11-2", "11-2"),
    played("D", "B", "2-11", "2-11", "2-11", "2-11"),
    played("C", "D", "11-2", "11-2", "11-2", "11-2"),
  ]);
  assert.deepEqual(table(rows), [
    "1 A games_ratio",
    "2 C games_ratio",
    "3 B games_ratio",
    "4 D match_points",
  ]);
  assert.deepEqual(rows.map((r) => r.matchPoints), [5, 5, 5, 3]);
});

Deno.test("rankGroup() settles a 3-way cycle by the points ratio, exactly (best of 5)", () => {
  // Example 3: every match 3-1, so games are 4/4 each. Points: B 59/57, C 58/59, A 57/58. C and A
  // both round to 0.983; C is ahead because 58 * 58 = 3364 > 57 * 59 = 3363.
  const rows = rankGroup(["A", "B", "C"], [
    played("A", "B", "11-3", "4-11", "11-3", "11-3"),
    played("B", "C", "11-3", "11-3", "6-11", "11-3"),
    played("C", "A", "5-11", "11-3", "11-3", "11-3"),
  ]);
  assert.deepEqual(table(rows), ["1 B points_ratio", "2 C points_ratio", "3 A points_ratio"]);
  assert.deepEqual(
    rows.map((r) => [r.player, r.gamesWon, r.gamesLost, r.pointsWon, r.pointsLost]),
    [["B", 4, 4, 59, 57], ["C", 4, 4, 58, 59], ["A", 4, 4, 57, 58]],
  );
});

Deno.test("rankGroup() settles a 3-way cycle by the points ratio (best of 3)", () => {
  // Every match 2-1, games 3/3 each. Points: B 56/52, A 56/58, C 50/52.
  const rows = rankGroup(["A", "B", "C"], [
    played("A", "B", "11-9", "9-11", "11-9"),
    played("B", "C", "11-5", "5-11", "11-5"),
    played("C", "A", "11-7", "7-11", "11-7"),
  ]);
  assert.deepEqual(table(rows), ["1 B points_ratio", "2 A points_ratio", "3 C points_ratio"]);
});

Deno.test("rankGroup() restarts at match points after a split", () => {
  // Example 4, a group of 6. A, B, C and D are on 8. Among the four, A has 6 match points (beat all
  // three) and B, C, D have 4: A is placed. B, C and D start again, among themselves only: a cycle
  // (B beat C, C beat D, D beat B), all 3-1, points B 59/62, C 59/62, D 65/59: D is placed. B and C
  // start again from match points between the two: B beat C.
  const rows = rankGroup(["A", "B", "C", "D", "E", "F"], [
    played("A", "B", "11-5", "11-5", "11-5"),
    played("A", "C", "11-5", "11-5", "11-5"),
    played("A", "D", "11-5", "11-5", "11-5"),
    played("E", "A", "11-5", "5-11", "11-5", "11-5"),
    played("F", "A", "11-5", "5-11", "11-5", "5-11", "11-5"),
    played("B", "C", "11-4", "3-11", "11-4", "11-4"),
    played("C", "D", "11-5", "11-5", "3-11", "11-5"),
    played("D", "B", "6-11", "11-4", "11-4", "11-4"),
    ...["B", "C", "D"].flatMap((p) => [
      played(p, "E", "11-5", "11-5", "11-5"),
      played("F", p, "5-11", "5-11", "5-11"),
    ]),
    played("E", "F", "11-5", "11-5", "11-5"),
  ]);
  assert.deepEqual(table(rows), [
    "1 A head_to_head_match_points",
    "2 D points_ratio",
    "3 B head_to_head_match_points",
    "4 C head_to_head_match_points",
    "5 E match_points",
    "6 F match_points",
  ]);
  assert.deepEqual(rows.map((r) => r.matchPoints), [8, 8, 8, 8, 7, 6]);
});

/** A cycle that nothing separates: every match 11-9, 9-11, 11-9, 11-9; D loses everything. */
const levelCycle: GroupMatch[] = [
  played("A", "B", "11-9", "9-11", "11-9", "11-9"),
  played("B", "C", "11-9", "9-11", "11-9", "11-9"),
  played("C", "A", "11-9", "9-11", "11-9", "11-9"),
  played("A", "D", "11-1", "11-1", "11-1"),
  played("B", "D", "11-1", "11-1", "11-1"),
  played("C", "D", "11-1", "11-1", "11-1"),
];

Deno.test("rankGroup() leaves an unresolvable cycle tied at a shared position", () => {
  const rows = rankGroup(["A", "B", "C", "D"], levelCycle);
  assert.deepEqual(table(rows), ["1= A tied", "1= B tied", "1= C tied", "4 D match_points"]);
});

Deno.test("rankGroup() settles an unresolvable cycle by the given lots", () => {
  assert.deepEqual(table(rankGroup(["A", "B", "C", "D"], levelCycle, ["C", "A", "B"])), [
    "1 C lot",
    "2 A lot",
    "3 B lot",
    "4 D match_points",
  ]);
  // A lot order may name players who are not level; it changes nothing for them.
  assert.deepEqual(table(rankGroup(["A", "B", "C", "D"], levelCycle, ["D", "B", "C", "A"])), [
    "1 B lot",
    "2 C lot",
    "3 A lot",
    "4 D match_points",
  ]);
});

Deno.test("rankGroup() keeps a block tied when the lots do not name all of it", () => {
  assert.deepEqual(table(rankGroup(["A", "B", "C", "D"], levelCycle, ["C", "A"])), [
    "1= A tied",
    "1= B tied",
    "1= C tied",
    "4 D match_points",
  ]);
  assert.deepEqual(table(rankGroup(["A", "B", "C", "D"], levelCycle, [])), [
    "1= A tied",
    "1= B tied",
    "1= C tied",
    "4 D match_points",
  ]);
});

Deno.test("rankGroup() gives walkover and retirement losers 0 match points", () => {
  // Example 6: B lost to A by walkover, C retired against B after three finished games.
  const rows = rankGroup(["A", "B", "C"], [
    walkover("A", "B", "A"),
    retired("B", "C", "B", "11-5", "7-11", "11-8"),
    played("C", "A", "11-9", "11-9", "11-9"),
  ]);
  assert.deepEqual(table(rows), [
    "1 A match_points",
    "2 B head_to_head_match_points",
    "3 C head_to_head_match_points",
  ]);
  const stats = (p: string) => {
    const r = row(rows, p);
    return [r.matchPoints, r.played, r.won, r.lost, r.gamesWon, r.gamesLost, r.pointsWon, r.pointsLost];
  };
  // A: 2 for the walkover + 1 for the played loss; the walkover adds no games and no points.
  assert.deepEqual(stats("A"), [3, 2, 1, 1, 0, 3, 27, 33]);
  // B: 0 for the walkover loss + 2; the retirement counts the three finished games only.
  assert.deepEqual(stats("B"), [2, 2, 1, 1, 2, 1, 29, 24]);
  // C: 2 for the win + 0 for the retirement loss.
  assert.deepEqual(stats("C"), [2, 2, 1, 1, 4, 2, 57, 56]);
});

Deno.test("rankGroup() ignores the games listed for a walkover", () => {
  const rows = rankGroup(["A", "B"], [walkover("A", "B", "B", "11-0", "11-0")]);
  assert.deepEqual(table(rows), ["1 B match_points", "2 A match_points"]);
  assert.deepEqual(
    rows.map((r) => [r.matchPoints, r.gamesWon, r.gamesLost, r.pointsWon, r.pointsLost]),
    [[2, 0, 0, 0, 0], [0, 0, 0, 0, 0]],
  );
});

Deno.test("rankGroup() ranks a player with no games lost (won/0) above every finite ratio", () => {
  // Example 7: all on 2. A won by B's retirement after 2 games and lost to C by walkover: games 2/0.
  // B 2/3 (0/2 + 2/1), C 1/2.
  const rows = rankGroup(["A", "B", "C"], [
    retired("A", "B", "A", "11-3", "11-4"),
    walkover("C", "A", "C"),
    retired("B", "C", "B", "11-9", "9-11", "11-9"),
  ]);
  assert.deepEqual(table(rows), ["1 A games_ratio", "2 B games_ratio", "3 C games_ratio"]);
  assert.deepEqual([row(rows, "A").gamesWon, row(rows, "A").gamesLost], [2, 0]);
});

Deno.test("rankGroup() lets a 0/0 ratio separate nobody", () => {
  // All on 2. A met B by walkover and C by a retirement before any game was finished, so A has no
  // games and no points among the three: neither ratio can place A, and the step separates nobody.
  const rows = rankGroup(["A", "B", "C"], [
    walkover("A", "B", "A"),
    retired("C", "A", "C"),
    retired("B", "C", "B", "11-5", "5-11", "11-5"),
  ]);
  assert.deepEqual(table(rows), ["1= A tied", "1= B tied", "1= C tied"]);
});

Deno.test("rankGroup() ranks a group in progress by the same procedure", () => {
  // A group of 5. Only decided matches count: the running E v A (E leads 2-0) and the scheduled ones
  // add nothing. C and D are level on 2 and have not met, so they stay tied.
  const matches = [
    played("A", "B", "11-5", "11-5", "11-5"),
    played("A", "C", "11-5", "5-11", "11-5", "11-5"),
    played("B", "C", "11-5", "5-11", "11-5", "5-11", "11-5"),
    walkover("D", "E", "D"),
    unfinished("E", "A", "in_progress", "11-2", "11-2"),
    unfinished("B", "D", "scheduled"),
    unfinished("C", "D", "scheduled"),
  ];
  const rows = rankGroup(["A", "B", "C", "D", "E"], matches);
  assert.deepEqual(table(rows), [
    "1 A match_points",
    "2 B match_points",
    "3= C tied",
    "3= D tied",
    "5 E match_points",
  ]);
  assert.deepEqual(
    ["A", "E"].map((p) => [row(rows, p).played, row(rows, p).gamesWon, row(rows, p).gamesLost]),
    [[2, 6, 1], [1, 0, 0]],
  );
  assert.equal(isGroupComplete(["A", "B", "C", "D", "E"], matches), false);
});

Deno.test("rankGroup() handles an empty group and a group of one", () => {
  assert.deepEqual(rankGroup([], []), []);
  assert.deepEqual(rankGroup(["A"], []), [{
    player: "A",
    position: 1,
    tied: false,
    matchPoints: 0,
    played: 0,
    won: 0,
    lost: 0,
    gamesWon: 0,
    gamesLost: 0,
    pointsWon: 0,
    pointsLost: 0,
    decidedBy: "match_points",
  }]);
});

Deno.test("rankGroup() keeps tied players level when nobody has played yet", () => {
  const rows = rankGroup(["A", "B", "C"], [unfinished("A", "B", "scheduled")]);
  assert.deepEqual(table(rows), ["1= A tied", "1= B tied", "1= C tied"]);
});

Deno.test("rankGroup() rejects invalid input with a StandingsError", () => {
  const cases: [() => unknown, RegExp][] = [
    [() => rankGroup(["A", "B", "A"], []), /^Cannot rank the group: player "A" is listed twice$/],
    [
      () => rankGroup(["A", "B"], [played("A", "Z", "11-1", "11-1", "11-1")]),
      /^Cannot rank the group: "matches\[0\]\.away" is "Z", who is not in the group$/,
    ],
    [
      () => rankGroup(["A", "B"], [played("A", "A", "11-1", "11-1", "11-1")]),
      /^Cannot rank the group: "matches\[0\]" has "A" playing themselves$/,
    ],
    [
      () => rankGroup(["A", "B", "C"], [walkover("A", "B", "C")]),
      /^Cannot rank the group: "matches\[0\]\.winner" is "C", who does not play in "A" v "B"$/,
    ],
    [
      () => rankGroup(["A", "B"], [], ["A", "Z"]),
      /^Cannot rank the group: the lot order names "Z", who is not in the group$/,
    ],
    [() => rankGroup(["A", "B"], [], ["A", "A"]), /^Cannot rank the group: the lot order names "A" twice$/],
    [
      () => rankGroup(["A", "B"], [walkover("A", "B", "A"), walkover("B", "A", "B")]),
      /^Cannot rank the group: "B" and "A" have two decided matches: "matches\[0\]" and "matches\[1\]"$/,
    ],
    [
      () => rankGroup(["A", "B"], [played("A", "B", "11-1", "11-11", "11-1", "11-1")]),
      /^Cannot rank the group: "matches\[0\]\.games\[1\]" is not a finished game: "11-11"$/,
    ],
    [
      () => rankGroup(["A", "B"], [{ ...played("A", "B", "11-1"), games: [[11, -1]] }]),
      /is not a finished game: "11--1"$/,
    ],
    [
      () => rankGroup(["A", "B"], [{ ...played("A", "B", "11-1"), games: [[11.5, 9]] }]),
      /not a finished game/,
    ],
    [
      () => rankGroup(["A", "B"], [{ ...walkover("A", "B", "A"), status: "void" as GroupMatchStatus }]),
      /^Cannot rank the group: "matches\[0\]\.status" is unknown: "void"$/,
    ],
    [
      () => isGroupComplete(["A", "B"], [walkover("A", "X", "A")]),
      /^Cannot check the group: "matches\[0\]\.away" is "X", who is not in the group$/,
    ],
  ];
  for (const [run, message] of cases) {
    assert.throws(run, (error: unknown) => {
      assert.ok(error instanceof StandingsError);
      assert.equal(error.name, "StandingsError");
      assert.match(error.message, message);
      return true;
    });
  }
});

Deno.test("rankGroup() accepts a second match between a pair when only one is decided", () => {
  const rows = rankGroup(["A", "B"], [
    unfinished("A", "B", "scheduled"),
    played("B", "A", "11-5", "11-5", "11-5"),
  ]);
  assert.deepEqual(table(rows), ["1 B match_points", "2 A match_points"]);
});

Deno.test("isGroupComplete() is true once every pair has a decided match", () => {
  const players = ["A", "B", "C"];
  const ab = played("A", "B", "11-5", "11-5", "11-5");
  const bc = walkover("B", "C", "C");
  const ca = retired("C", "A", "A", "11-5");
  assert.equal(isGroupComplete(players, [ab, bc, ca]), true);
  assert.equal(isGroupComplete(players, [ab, bc]), false);
  assert.equal(isGroupComplete(players, [ab, bc, { ...ca, status: "in_progress", winner: null }]), false);
  assert.equal(isGroupComplete(players, [ab, bc, { ...ca, winner: null }]), false);
  assert.equal(isGroupComplete(["A"], []), true);
  assert.equal(isGroupComplete([], []), true);
});

// ---------------------------------------------------------------------------------------------------
// Properties over random groups of 3 to 6 players, best of 3, 5 or 7, with every kind of result.

/** A finished game as [winner points, loser points]: 11 against 0-9, or a 2-point lead from 10-10. */
const gameScore = fc.oneof(
  fc.integer({ min: 0, max: 9 }).map((l) => [11, l] as const),
  fc.integer({ min: 10, max: 16 }).map((l) => [l + 2, l] as const),
);

type Kind = GroupMatchStatus | "none";

/**
 * Kinds of results a random group draws from. A finished group with few distinct scores reaches the
 * ratio steps often; a mixed one exercises groups in progress, walkovers and retirements.
 */
const MODES: readonly { kinds: readonly Kind[]; score: fc.Arbitrary<readonly [number, number]> }[] = [
  { kinds: ["completed", "walkover", "retired", "scheduled", "in_progress", "none"], score: gameScore },
  { kinds: ["completed", "completed", "completed", "walkover", "retired"], score: gameScore },
  { kinds: ["completed"], score: fc.constantFrom([11, 9] as const, [11, 7] as const) },
];

/** A match between `a` and `b` (or none yet) in a best-of-`bestOf` format, consistent with its status. */
function matchBetween(
  a: string,
  b: string,
  bestOf: number,
  mode: (typeof MODES)[number],
): fc.Arbitrary<GroupMatch | null> {
  const toWin = (bestOf + 1) / 2;
  return fc.record({
    kind: fc.constantFrom(...mode.kinds),
    swap: fc.boolean(),
    gameWinners: fc.array(fc.boolean(), { minLength: bestOf, maxLength: bestOf }),
    scores: fc.array(mode.score, { minLength: bestOf, maxLength: bestOf }),
    cut: fc.nat(),
    retiredWinnerHome: fc.boolean(),
  }).map(({ kind, swap, gameWinners, scores, cut, retiredWinnerHome }) => {
    if (kind === "none") return null;
    const [home, away] = swap ? [b, a] : [a, b];
    // Play games in order until one side has won enough: a full match.
    const { games, homeWon } = playUntilWon(gameWinners, scores, toWin);
    const unfinishedGames = games.slice(0, cut % games.length); // never the deciding game
    switch (kind) {
      case "completed":
        return { home, away, games, status: kind, winner: homeWon ? home : away };
      case "walkover":
        return { home, away, games: [], status: kind, winner: retiredWinnerHome ? home : away };
      case "retired":
        return { home, away, games: unfinishedGames, status: kind, winner: retiredWinnerHome ? home : away };
      case "in_progress":
        return { home, away, games: unfinishedGames, status: kind, winner: null };
      case "scheduled":
        return { home, away, games: [], status: kind, winner: null };
    }
  });
}

const groupArb = fc.record({
  players: fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/), { minLength: 3, maxLength: 6 }),
  bestOf: fc.constantFrom(3, 5, 7),
  mode: fc.constantFrom(...MODES),
}).chain(({ players, bestOf, mode }) => {
  const pairs = players.flatMap((a, i) => players.slice(i + 1).map((b) => [a, b] as const));
  return fc.record({
    players: fc.constant(players),
    matches: fc.tuple(...pairs.map(([a, b]) => matchBetween(a, b, bestOf, mode)))
      .map((ms) => ms.filter((m): m is GroupMatch => m !== null)),
  });
});

function decidedMatches(matches: readonly GroupMatch[]): GroupMatch[] {
  return matches.filter((m) =>
    m.winner !== null && (m.status === "completed" || m.status === "walkover" || m.status === "retired")
  );
}

/** What a row says about its player's place, keyed by player. */
function places(rows: readonly StandingRow[]): Map<string, string> {
  return new Map(rows.map((r) => [r.player, `${r.position} ${r.tied} ${r.decidedBy}`]));
}

Deno.test("rankGroup() standings are a permutation of the players", () => {
  fc.assert(fc.property(groupArb, ({ players, matches }) => {
    const rows = rankGroup(players, matches);
    assert.deepEqual(rows.map((r) => r.player).sort(), [...players].sort());
  }));
});

Deno.test("rankGroup() positions start at 1, never decrease and are shared only by tied rows", () => {
  fc.assert(fc.property(groupArb, ({ players, matches }) => {
    const rows = rankGroup(players, matches);
    assert.equal(rows[0]?.position, 1);
    rows.forEach((r, i) => {
      const previous = rows[i - 1];
      if (previous !== undefined && previous.position === r.position) {
        assert.ok(r.tied && previous.tied, `rows ${i - 1} and ${i} share ${r.position} without a tie`);
      } else {
        // A new place: the first place of its block, counting everybody above.
        assert.equal(r.position, i + 1);
      }
      assert.equal(r.tied, r.decidedBy === "tied");
      if (r.tied) {
        // A tied row is never alone at its position.
        assert.ok(rows.some((other) => other !== r && other.position === r.position));
      }
    });
  }));
});

Deno.test("rankGroup() match points are 2 per win plus 1 per played loss", () => {
  fc.assert(fc.property(groupArb, ({ players, matches }) => {
    const rows = rankGroup(players, matches);
    const decided = decidedMatches(matches);
    for (const r of rows) {
      const wins = decided.filter((m) => m.winner === r.player).length;
      const playedLosses = decided.filter((m) =>
        m.status === "completed" && m.winner !== r.player && (m.home === r.player || m.away === r.player)
      ).length;
      assert.equal(r.matchPoints, 2 * wins + playedLosses);
      assert.equal(r.won, wins);
      assert.equal(r.played, r.won + r.lost);
    }
    assert.equal(rows.reduce((sum, r) => sum + r.won, 0), decided.length);
    assert.equal(rows.reduce((sum, r) => sum + r.gamesWon, 0), rows.reduce((sum, r) => sum + r.gamesLost, 0));
    // The table is ordered by match points first.
    rows.forEach((r, i) => assert.ok(i === 0 || (rows[i - 1]?.matchPoints ?? 0) >= r.matchPoints));
  }));
});

Deno.test("rankGroup() leaves tied only players that nothing among them separates", () => {
  fc.assert(fc.property(groupArb, ({ players, matches }) => {
    const rows = rankGroup(players, matches);
    for (const r of rows) {
      if (r.decidedBy === "match_points") {
        assert.ok(rows.every((o) => o === r || o.matchPoints !== r.matchPoints));
      }
    }
    const blocks = new Map<number, string[]>();
    for (const r of rows.filter((r) => r.tied)) {
      blocks.set(r.position, [...blocks.get(r.position) ?? [], r.player]);
    }
    for (const block of blocks.values()) {
      // Recount the block's own matches independently of the implementation.
      const among = decidedMatches(matches).filter((m) => block.includes(m.home) && block.includes(m.away));
      const stat = (p: string) => {
        let mp = 0, gw = 0, gl = 0, pw = 0, pl = 0;
        for (const m of among.filter((m) => m.home === p || m.away === p)) {
          const won = m.winner === p;
          mp += won ? 2 : m.status === "completed" ? 1 : 0;
          for (const [h, a] of m.status === "walkover" ? [] : m.games) {
            const [mine, theirs] = m.home === p ? [h, a] : [a, h];
            if (mine > theirs) gw++;
            else gl++;
            pw += mine;
            pl += theirs;
          }
        }
        return { mp, games: [gw, gl], points: [pw, pl] };
      };
      const stats = block.map(stat);
      const level = (ratios: number[][]) =>
        ratios.some(([w, l]) => w === 0 && l === 0) ||
        ratios.every(([w = 0, l = 0]) => w * (ratios[0]?.[1] ?? 0) === (ratios[0]?.[0] ?? 0) * l);
      assert.ok(stats.every((st) => st.mp === stats[0]?.mp), `match points differ in ${block}`);
      assert.ok(level(stats.map((st) => st.games)), `games ratios differ in ${block}`);
      assert.ok(level(stats.map((st) => st.points)), `points ratios differ in ${block}`);
    }
  }));
});

/** Any order of all of `xs`. */
const permutation = <T>(xs: T[]) => fc.shuffledSubarray(xs, { minLength: xs.length, maxLength: xs.length });

Deno.test("rankGroup() does not depend on the order of players or matches, nor on home and away", () => {
  fc.assert(fc.property(
    groupArb.chain((group) =>
      fc.record({
        group: fc.constant(group),
        players: permutation(group.players),
        matches: permutation(group.matches),
      })
    ),
    ({ group, players, matches }) => {
      const mirrored = matches.map((m): GroupMatch => ({
        ...m,
        home: m.away,
        away: m.home,
        games: m.games.map(([h, a]) => [a, h] as const),
      }));
      const expected = places(rankGroup(group.players, group.matches));
      assert.deepEqual(places(rankGroup(players, matches)), expected);
      assert.deepEqual(places(rankGroup(players, mirrored)), expected);
    },
  ));
});

Deno.test("rankGroup() lots settle only tied rows, and a full lot order settles all of them", () => {
  fc.assert(fc.property(
    groupArb.chain((group) =>
      fc.record({
        group: fc.constant(group),
        lots: permutation(group.players),
      })
    ),
    ({ group, lots }) => {
      const without = rankGroup(group.players, group.matches);
      const withLots = rankGroup(group.players, group.matches, lots);
      assert.deepEqual(withLots.map((r) => r.position), withLots.map((_, i) => i + 1));
      for (const r of without) {
        const settled = row(withLots, r.player);
        if (r.tied) {
          assert.equal(settled.decidedBy, "lot");
          // The lot orders players inside their block only.
          assert.ok(settled.position >= r.position);
          assert.ok(settled.position < r.position + without.filter((o) => o.position === r.position).length);
        } else {
          assert.deepEqual(settled, r);
        }
      }
    },
  ));
});

Deno.test("rankGroup() puts an unbeaten player of a complete group first on match points", () => {
  fc.assert(fc.property(groupArb, ({ players, matches }) => {
    if (!isGroupComplete(players, matches)) return;
    const rows = rankGroup(players, matches);
    const unbeaten = rows.filter((r) => r.lost === 0);
    for (const r of unbeaten) assert.deepEqual([r.position, r.decidedBy], [1, "match_points"]);
  }));
});

Deno.test("isGroupComplete() agrees with a count of the decided pairs", () => {
  fc.assert(fc.property(groupArb, ({ players, matches }) => {
    const n = players.length;
    assert.equal(isGroupComplete(players, matches), decidedMatches(matches).length === (n * (n - 1)) / 2);
  }));
});
