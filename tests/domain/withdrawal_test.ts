import assert from "node:assert/strict";
import fc from "fast-check";
import { type GroupMatch, rankGroup } from "../../domain/standings.ts";
import {
  disregardWithdrawn,
  isGroupCompleteWithWithdrawals,
  rankGroupWithWithdrawals,
} from "../../domain/withdrawal.ts";

const threeZero = [[11, 5], [11, 5], [11, 5]] as const;

function played(
  home: string,
  away: string,
  winner: string,
  games: GroupMatch["games"] = threeZero,
): GroupMatch {
  return { home, away, games, status: "completed", winner };
}

function walkover(home: string, away: string, winner: string): GroupMatch {
  return { home, away, games: [], status: "walkover", winner };
}

Deno.test("rankGroupWithWithdrawals() disregards every result of an entry that did not complete the group", () => {
  // C beat A, then withdrew: its match against B is a walkover. Counting C, A and B would have 3 each.
  const matches = [played("A", "B", "A"), played("C", "A", "C"), walkover("B", "C", "B")];
  const rows = rankGroupWithWithdrawals(["A", "B", "C"], matches, ["C"]);
  assert.deepEqual(rows.map((r) => [r.player, r.position, r.decidedBy, r.matchPoints, r.played]), [
    ["A", 1, "match_points", 2, 1],
    ["B", 2, "match_points", 1, 1],
    ["C", 3, "withdrawn", 0, 0],
  ]);
  assert.equal(rows[2]?.tied, false);
});

Deno.test("rankGroupWithWithdrawals() keeps the results of an entry that played every group match", () => {
  const matches = [played("A", "B", "A"), played("C", "A", "C"), played("B", "C", "C")];
  assert.deepEqual(
    rankGroupWithWithdrawals(["A", "B", "C"], matches, ["C"]),
    rankGroup(["A", "B", "C"], matches),
  );
  // A retirement is not a match played to its end: the entry did not complete the group.
  const retired: GroupMatch = { home: "B", away: "C", games: [[11, 3]], status: "retired", winner: "B" };
  assert.deepEqual(
    disregardWithdrawn(["A", "B", "C"], [played("A", "B", "A"), played("C", "A", "C"), retired], ["C"])
      .disregarded,
    ["C"],
  );
});

Deno.test("rankGroupWithWithdrawals() shares the last place among several withdrawn entries", () => {
  const matches = [played("A", "B", "B"), walkover("A", "C", "A"), walkover("B", "D", "B")];
  const rows = rankGroupWithWithdrawals(["A", "B", "C", "D"], matches, ["D", "C"]);
  assert.deepEqual(rows.map((r) => [r.player, r.position]), [["B", 1], ["A", 2], ["C", 3], ["D", 3]]);
});

Deno.test("rankGroupWithWithdrawals() ignores a withdrawn entry in the lot order", () => {
  // A, B and C level in a cycle: the lot decides; D withdrew before playing.
  const g = [[11, 9], [9, 11], [11, 9], [11, 9]] as const;
  const matches = [played("A", "B", "A", g), played("B", "C", "B", g), played("C", "A", "C", g)];
  const rows = rankGroupWithWithdrawals(["A", "B", "C", "D"], matches, ["D"], ["D", "C", "A", "B"]);
  assert.deepEqual(rows.map((r) => [r.player, r.position, r.decidedBy]), [
    ["C", 1, "lot"],
    ["A", 2, "lot"],
    ["B", 3, "lot"],
    ["D", 4, "withdrawn"],
  ]);
});

Deno.test("isGroupCompleteWithWithdrawals() needs only the matches among the entries still ranked", () => {
  const matches = [played("A", "B", "A"), walkover("A", "C", "A")];
  assert.equal(isGroupCompleteWithWithdrawals(["A", "B", "C"], matches, ["C"]), true);
  assert.equal(isGroupCompleteWithWithdrawals(["A", "B", "C"], matches, []), false);
});

const PLAYERS = ["A", "B", "C", "D", "E", "F"];
const gameScore = fc.integer({ min: 0, max: 9 }).map((l) => [11, l] as const);

/** A group of 2 to 6 where each pair met (by play, walkover or retirement) or not yet, and withdrawals. */
const groupArb = fc.integer({ min: 2, max: 6 }).chain((n) => {
  const players = PLAYERS.slice(0, n);
  const pairs = players.flatMap((a, i) => players.slice(i + 1).map((b) => [a, b] as const));
  const match = ([home, away]: readonly [string, string]) =>
    fc.record({
      kind: fc.constantFrom("completed", "completed", "walkover", "retired", "none"),
      homeWins: fc.boolean(),
      losers: fc.tuple(gameScore, gameScore),
    }).map(({ kind, homeWins, losers }): GroupMatch | null => {
      if (kind === "none") return null;
      const winner = homeWins ? home : away;
      // Best of 3 won 2-0, each game from the home side.
      const full = losers.map(([w, l]): readonly [number, number] => homeWins ? [w, l] : [l, w]);
      if (kind === "completed") return { home, away, games: full, status: "completed", winner };
      if (kind === "walkover") return { home, away, games: [], status: "walkover", winner };
      return { home, away, games: full.slice(0, 1), status: "retired", winner };
    });
  return fc.tuple(fc.tuple(...pairs.map(match)), fc.subarray(players)).map(([ms, withdrawn]) => ({
    players,
    matches: ms.filter((m): m is GroupMatch => m !== null),
    withdrawn,
  }));
});

Deno.test("rankGroupWithWithdrawals() is ITTF 3.7.5 over the entries still ranked, the withdrawn last", () => {
  fc.assert(
    fc.property(groupArb, ({ players, matches, withdrawn }) => {
      const rows = rankGroupWithWithdrawals(players, matches, withdrawn);
      // A permutation of the group.
      assert.deepEqual(rows.map((r) => r.player).sort(), [...players].sort());
      const kept = disregardWithdrawn(players, matches, withdrawn);
      // The tie-breaks run unchanged over what is left: the same rows as rankGroup() gives for it.
      assert.deepEqual(rows.slice(0, kept.players.length), rankGroup(kept.players, kept.matches));
      // Disregarded entries come last, together, with nothing counted; only withdrawn entries are.
      for (const row of rows.slice(kept.players.length)) {
        assert.ok(withdrawn.includes(row.player));
        assert.equal(row.decidedBy, "withdrawn");
        assert.equal(row.position, kept.players.length + 1);
        assert.equal(row.played + row.matchPoints + row.gamesWon + row.pointsWon, 0);
      }
      // No counted match involves a disregarded entry.
      const out = new Set(kept.disregarded);
      assert.ok(kept.matches.every((m) => !out.has(m.home) && !out.has(m.away)));
      // Without withdrawals it is rankGroup() itself.
      assert.deepEqual(rankGroupWithWithdrawals(players, matches, []), rankGroup(players, matches));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("rankGroupWithWithdrawals(): the results of a disregarded entry never move the others", () => {
  fc.assert(
    fc.property(groupArb, fc.boolean(), ({ players, matches, withdrawn }, flip) => {
      const kept = disregardWithdrawn(players, matches, withdrawn);
      const gone = new Set(kept.disregarded);
      // Turn round every result of the disregarded entries' matches: the others' rows stay the same.
      const turned = matches.map((m) =>
        (gone.has(m.home) || gone.has(m.away)) && flip
          ? { ...m, winner: m.winner === m.home ? m.away : m.home }
          : m
      );
      const before = rankGroupWithWithdrawals(players, matches, withdrawn);
      const after = rankGroupWithWithdrawals(players, turned, withdrawn);
      assert.deepEqual(after, before);
    }),
    { numRuns: 500 },
  );
});
