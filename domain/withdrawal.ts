/**
 * A withdrawal from a round-robin group (ITTF Regulations 3.7.5, as docs/standings.md "Withdrawals" applies it).
 *
 * - The withdrawn entry's matches not yet played are lost by it without play: walkovers, 0 match points to the
 *   loser (Regulation 3.7.5.1: "0 for a loss in an unplayed or unfinished match"). The store records them
 *   (db/entry_writes.ts); this module only ranks.
 * - An entry that withdrew before completing its group (at least one of its group matches was not played to a
 *   finish: a walkover, a retirement, or not decided) has all its results in the group disregarded: none of its
 *   matches counts for anybody's match points, games or points, the others are ranked by Regulation 3.7.5 over
 *   the matches among themselves, and the withdrawn entry stands below them all, with no counts
 *   (`decidedBy: "withdrawn"`). It cannot qualify from the group.
 * - An entry that withdrew after playing every group match to a finish completed the group: its results stand
 *   and it is ranked as everybody else (a later withdrawal from the knockout changes nothing in the group).
 *
 * @module
 */
import { type GroupMatch, isGroupComplete, rankGroup, type StandingRow } from "./standings.ts";

/** A group with the results of withdrawn entries that did not complete it taken out. */
export interface GroupWithoutWithdrawn {
  /** The players who are ranked, in the order given. */
  players: string[];
  /** The matches among them. */
  matches: GroupMatch[];
  /** The withdrawn entries whose results are disregarded, in the order of `players`. */
  disregarded: string[];
}

/** Whether a withdrawn player completed the group: every one of their group matches was played to a finish. */
function completedGroup(player: string, players: readonly string[], matches: readonly GroupMatch[]): boolean {
  const others = new Set(players.filter((p) => p !== player));
  const finished = new Set<string>();
  for (const m of matches) {
    if (m.home !== player && m.away !== player) continue;
    if (m.status === "completed" && m.winner !== null) finished.add(m.home === player ? m.away : m.home);
  }
  return [...others].every((p) => finished.has(p));
}

/**
 * Takes out of a group the results of every withdrawn entry that did not complete it (see the module's rule).
 * @example
 * // C withdrew after beating A; its walkover against B and its win against A are both disregarded.
 * disregardWithdrawn(["A", "B", "C"], [
 *   { home: "A", away: "B", games: [[11, 5], [11, 5], [11, 5]], status: "completed", winner: "A" },
 *   { home: "C", away: "A", games: [[11, 5], [11, 5], [11, 5]], status: "completed", winner: "C" },
 *   { home: "B", away: "C", games: [], status: "walkover", winner: "B" },
 * ], ["C"]).players // ["A", "B"]
 */
export function disregardWithdrawn(
  players: readonly string[],
  matches: readonly GroupMatch[],
  withdrawn: Iterable<string>,
): GroupWithoutWithdrawn {
  const gone = new Set(withdrawn);
  const disregarded = players.filter((p) => gone.has(p) && !completedGroup(p, players, matches));
  const out = new Set(disregarded);
  return {
    players: players.filter((p) => !out.has(p)),
    matches: matches.filter((m) => !out.has(m.home) && !out.has(m.away)),
    disregarded,
  };
}

/**
 * Ranks a group by ITTF Regulations 3.7.5 (domain/standings.ts `rankGroup`) once the results of withdrawn
 * entries that did not complete it are disregarded; those entries follow, sharing the place after the last
 * ranked one, with no counts and `decidedBy: "withdrawn"`. Without withdrawals it is `rankGroup` itself.
 * @example
 * // A beat B, C withdrew after beating A: A 1 and B 2 by their own match, C 3 "withdrawn".
 * rankGroupWithWithdrawals(["A", "B", "C"], matches, ["C"]).map((r) => [r.player, r.position, r.decidedBy]);
 * // [["A", 1, "match_points"], ["B", 2, "match_points"], ["C", 3, "withdrawn"]]
 */
export function rankGroupWithWithdrawals(
  players: readonly string[],
  matches: readonly GroupMatch[],
  withdrawn: Iterable<string>,
  lots?: readonly string[],
): StandingRow[] {
  const kept = disregardWithdrawn(players, matches, withdrawn);
  // A lot order drawn before the withdrawal may name the withdrawn: it says nothing about the others' order.
  const out = new Set(kept.disregarded);
  const rows = rankGroup(kept.players, kept.matches, lots?.filter((p) => !out.has(p)));
  const position = kept.players.length + 1;
  for (const player of kept.disregarded) {
    // A group of one: the row of a player with nothing counted.
    const alone = rankGroup([player], [])[0]!;
    rows.push({ ...alone, position, decidedBy: "withdrawn" });
  }
  return rows;
}

/**
 * Whether the group is final once withdrawals are taken into account: every pair of the entries still ranked
 * has a decided match (domain/standings.ts `isGroupComplete`); the disregarded entries' matches do not matter.
 */
export function isGroupCompleteWithWithdrawals(
  players: readonly string[],
  matches: readonly GroupMatch[],
  withdrawn: Iterable<string>,
): boolean {
  const kept = disregardWithdrawn(players, matches, withdrawn);
  return isGroupComplete(kept.players, kept.matches);
}
