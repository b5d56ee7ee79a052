/**
 * The public view of a category's group standings, computed on each read from the stored matches by
 * domain/standings.ts (ITTF Statutes 3.7.5), with the operator's lot order from group_members.lot.
 */
import type { EntryRecord } from "../db/read_entries.ts";
import type { GroupRecord } from "../db/read_groups.ts";
import type { MatchRecord } from "../db/read_matches.ts";
import { toGroupMatch } from "../domain/group_match.ts";
import type { GroupMatch, Tally } from "../domain/standings.ts";
import {
  type GroupTie,
  isTeamGroupComplete,
  rankTeamGroup,
  type TieMatchResult,
} from "../domain/team_standings.ts";
import { isGroupCompleteWithWithdrawals, rankGroupWithWithdrawals } from "../domain/withdrawal.ts";
import type { GroupStandings, StandingRow } from "./schemas.ts";
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
  const tieMatches = new Map<string, MatchRecord[]>();
  for (const m of matches) {
    if (!m.tieId) continue;
    const list = tieMatches.get(m.tieId);
    if (list) list.push(m);
    else tieMatches.set(m.tieId, [m]);
  }
  return groups.map((group) => {
    const players = group.members.map((m) => m.entryId);
    const members = new Set(players);
    const records = matches.filter((m) => m.stage === "group" && m.groupId === group.id);
    // A team group (its matches are ties with matches of their own) is ranked by the rules for team events.
    if (records.some((m) => tieMatches.has(m.id))) {
      return teamGroupStandings(group, records, tieMatches, entries);
    }
    const groupMatches = records
      .map(toGroupMatch)
      .filter((m): m is GroupMatch => m !== null && members.has(m.home) && members.has(m.away));
    // Regulation 3.7.5 with the results of entries that withdrew before completing the group disregarded.
    const withdrawn = players.filter((id) => entries.get(id)?.withdrawnAt);
    const rows = rankGroupWithWithdrawals(players, groupMatches, withdrawn, lotOrder(group))
      .map((row) => standingRow(entryOf(entries, row.player), row));
    return groupStandings(group, rows, isGroupCompleteWithWithdrawals(players, groupMatches, withdrawn));
  });
}

/** A group's standings: its rows, and whether it is over and waits for a lot (places still tied). */
function groupStandings(group: GroupRecord, rows: StandingRow[], complete: boolean): GroupStandings {
  return {
    groupId: group.id,
    name: group.name,
    complete,
    rows,
    awaitingLot: complete && rows.some((r) => r.tied),
  };
}

/** A row of the standings as answered, for a player, a pair or a team. */
function standingRow(
  entry: EntryRecord,
  row: Tally & { position: number; tied: boolean; decidedBy: StandingRow["decidedBy"] },
): StandingRow {
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
}

function entryOf(entries: ReadonlyMap<string, EntryRecord>, id: string): EntryRecord {
  const entry = entries.get(id);
  if (!entry) throw new Error(`Cannot build the standings: entry "${id}" is missing from the store`);
  return entry;
}

/**
 * The standings of a group of teams (ITTF Statutes 3.7.5 for team events, domain/team_standings.ts): each tie with
 * its individual matches, in the same rows as a group of players, with the individual matches won and lost.
 */
function teamGroupStandings(
  group: GroupRecord,
  records: readonly MatchRecord[],
  tieMatches: ReadonlyMap<string, readonly MatchRecord[]>,
  entries: ReadonlyMap<string, EntryRecord>,
): GroupStandings {
  const teams = group.members.map((m) => m.entryId);
  const members = new Set(teams);
  const ties: GroupTie[] = records.flatMap((tie) => {
    const counted = toGroupMatch(tie);
    if (counted === null || !members.has(counted.home) || !members.has(counted.away)) return [];
    const matches: TieMatchResult[] = [...tieMatches.get(tie.id) ?? []]
      .sort((a, b) => (a.tieOrder ?? 0) - (b.tieOrder ?? 0))
      .map((m) => ({
        winner: m.status !== "completed" || m.winnerEntryId === null
          ? null
          : m.winnerEntryId === m.homeEntryId
          ? "home"
          : "away",
        games: m.games,
      }));
    return [{
      home: counted.home,
      away: counted.away,
      status: counted.status,
      winner: counted.winner,
      matches,
    }];
  });
  const rows = rankTeamGroup(teams, ties, lotOrder(group)).map((row) => ({
    ...standingRow(entryOf(entries, row.team), row),
    matchesWon: row.matchesWon,
    matchesLost: row.matchesLost,
  }));
  return groupStandings(group, rows, isTeamGroupComplete(teams, ties));
}
