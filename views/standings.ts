/**
 * The public view of a category's group standings, computed on each read from the stored matches by
 * domain/standings.ts (ITTF Statutes 3.7.5), with the operator's lot order from group_members.lot.
 */
import type { EntryRecord } from "../db/read_entries.ts";
import type { GroupRecord } from "../db/read_groups.ts";
import type { MatchRecord } from "../db/read_matches.ts";
import { toGroupMatch } from "../domain/group_match.ts";
import type { GroupMatch } from "../domain/standings.ts";
import { isGroupCompleteWithWithdrawals, rankGroupWithWithdrawals } from "../domain/withdrawal.ts";
import type { GroupStandings } from "./schemas.ts";
import { serializeEntry } from "./serialize.ts";

/** The lot order of a group: members with a lot number, first drawn first; undefined when none was drawn. */
function lotOrder(group: GroupRecord): string[] | undefined {
  const drawn = group.members.filter((m) => m.lot !== null).sort((a, b) => (a.lot ?? 0) - (b.lot ?? 0));
  return drawn.length === 0 ? undefined : drawn.map((m) => m.entryId);
}

/**
 * The standings of every group of a category, in group order; empty for a category without groups.
 * @example buildStandings(groups, matches, entries)[0]?.rows[0]?.decidedBy // "match_points"
 */
export function buildStandings(
  groups: readonly GroupRecord[],
  matches: readonly MatchRecord[],
  entries: ReadonlyMap<string, EntryRecord>,
): GroupStandings[] {
  return groups.map((group) => {
    const players = group.members.map((m) => m.entryId);
    const members = new Set(players);
    const groupMatches = matches
      .filter((m) => m.stage === "group" && m.groupId === group.id)
      .map(toGroupMatch)
      .filter((m): m is GroupMatch => m !== null && members.has(m.home) && members.has(m.away));
    // Regulation 3.7.5 with the results of entries that withdrew before completing the group disregarded.
    const withdrawn = players.filter((id) => entries.get(id)?.withdrawnAt);
    const rows = rankGroupWithWithdrawals(players, groupMatches, withdrawn, lotOrder(group)).map((row) => {
      const entry = entries.get(row.player);
      if (!entry) {
        throw new Error(`Cannot build the standings: entry "${row.player}" is missing from the store`);
      }
      return {
        position: row.position,
        entry: serializeEntry(entry),
        played: row.played,
        won: row.won,
        lost: row.lost,
        matchPoints: row.matchPoints,
        gamesWon: row.gamesWon,
        gamesLost: row.gamesLost,
        pointsWon: row.pointsWon,
        pointsLost: row.pointsLost,
        tied: row.tied,
        decidedBy: row.decidedBy,
        decidedByLot: row.decidedBy === "lot",
      };
    });
    const complete = isGroupCompleteWithWithdrawals(players, groupMatches, withdrawn);
    return {
      groupId: group.id,
      name: group.name,
      complete,
      rows,
      awaitingLot: complete && rows.some((r) => r.tied),
    };
  });
}
