/**
 * A match's incidents the umpire took back with an undo, as its printed report shows them (struck, with who undid
 * them: db/undone_incidents.ts): read apart from the public match view, which does not show them.
 */
import { readUndoneIncidents } from "../db/undone_incidents.ts";
import type { UndoneIncidentRecord } from "../domain/incident_list.ts";
import type { ViewDeps } from "./view.ts";

/** The undone incidents of a match of an event, in the order made. */
export async function readMatchUndone(
  deps: ViewDeps,
  eventId: string,
  matchId: string,
): Promise<UndoneIncidentRecord[]> {
  return await readUndoneIncidents(deps.db, eventId, matchId);
}
