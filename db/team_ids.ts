/**
 * The ids of the rows a team event adds (docs/teams.md), derived from the rows they belong to, so that an import,
 * the management API and an export followed by an import all give the same ids.
 * @module
 */
import { stableId } from "./ids.ts";

/** The player row that stands for a team (its entry's player): from the team's entry id. */
export function teamPlayerId(teamEntryId: string): string {
  return stableId("team-player", teamEntryId);
}

/** The entry a team's player (singles) or pair (doubles) plays a tie's matches with. */
export function memberEntryId(teamEntryId: string, playerIds: readonly string[]): string {
  return stableId("team-entry", teamEntryId, ...[...playerIds].sort());
}

/** The individual match `order` (from 1) of a tie: from the tie's id. */
export function tieMatchId(tieId: string, order: number): string {
  return stableId("tie-match", tieId, String(order));
}
