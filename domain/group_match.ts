/**
 * A stored match as the group standings count it (ITTF Statutes 3.7.5, domain/standings.ts): the rule that
 * reads a match's status, result reason and games into a `GroupMatch`, for the public standings and for the
 * qualifiers a group sends into the knockout alike.
 * @module
 */
import { isMatchStatus, isResultReason, standingsStatus } from "./match_status.ts";
import type { GroupMatch } from "./standings.ts";

/** What the standings read of a stored match: its sides (entry ids), status, result, winner and games. */
export interface StoredGroupMatch {
  homeEntryId: string | null;
  awayEntryId: string | null;
  status: string;
  resultReason: string | null;
  winnerEntryId: string | null;
  /** Finished games as [home, away] points, in order of play. */
  games: readonly (readonly [number, number])[];
}

/**
 * The group match of a stored match, or null while a side is not known. A status the rules do not know reads
 * as scheduled; a result reason counts only on a completed match, where it says whether the loser scores a
 * match point (`standingsStatus`); only a completed match has a winner.
 * @example toGroupMatch({ homeEntryId: "a", awayEntryId: "b", status: "completed", resultReason: "walkover",
 *   winnerEntryId: "a", games: [] }) // { home: "a", away: "b", games: [], status: "walkover", winner: "a" }
 */
export function toGroupMatch(m: StoredGroupMatch): GroupMatch | null {
  if (m.homeEntryId === null || m.awayEntryId === null) return null;
  const status = isMatchStatus(m.status) ? m.status : "scheduled";
  const reason = status === "completed" && isResultReason(m.resultReason) ? m.resultReason : null;
  return {
    home: m.homeEntryId,
    away: m.awayEntryId,
    games: m.games,
    status: standingsStatus(status, reason, m.games.length),
    winner: status === "completed" ? m.winnerEntryId : null,
  };
}
