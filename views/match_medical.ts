/**
 * A match's medical breaks as its printed report shows them (db/medical_breaks.ts, Regulation 3.4.2.3): read
 * apart from the public match view, which does not show them.
 */
import { readMedicalBreaks } from "../db/medical_breaks.ts";
import type { MedicalBreakRecord } from "../domain/incident_list.ts";
import type { ViewDeps } from "./view.ts";

/** The medical breaks of a match of an event, in the order they began. */
export async function readMatchMedical(
  deps: ViewDeps,
  eventId: string,
  matchId: string,
): Promise<MedicalBreakRecord[]> {
  return await readMedicalBreaks(deps.db, eventId, matchId);
}
