/**
 * Medical breaks the umpire records (Regulation 3.4.2.3, up to 10 minutes: domain/medical_break.ts): the side,
 * the game, when the break began and ended and an optional reason, for the referee's incident list and the
 * printed match report.
 */
import type { Kysely } from "kysely";
import type { Side } from "../domain/scoring.ts";
import type { MedicalBreakRecord } from "../domain/incident_list.ts";
import type { Database } from "./schema.ts";

/** The event's medical breaks, in the order they began. */
export async function readMedicalBreaks(
  db: Kysely<Database>,
  eventId: string,
): Promise<MedicalBreakRecord[]> {
  const rows = await db.selectFrom("medical_breaks")
    .innerJoin("matches", "matches.id", "medical_breaks.match_id")
    .selectAll("medical_breaks")
    .where("matches.event_id", "=", eventId)
    .orderBy("medical_breaks.started_at").orderBy("medical_breaks.match_id").execute();
  return rows.map((r) => ({
    matchId: r.match_id,
    side: r.side as Side,
    gameNumber: r.game_number === null ? null : Number(r.game_number),
    startedAt: r.started_at,
    endedAt: r.ended_at,
    reason: r.reason,
  }));
}
