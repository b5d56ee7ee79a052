/**
 * The referee's acknowledgements of alerting incidents (a red card, a yellow and a red card: domain/incident_list.ts):
 * kept per event and incident key with who and when, each written with its audit row. Acknowledging twice keeps
 * the first.
 */
import type { Kysely } from "kysely";
import { writeAudit } from "./audit.ts";
import type { Database } from "./schema.ts";
import { writeTransaction } from "./write_transaction.ts";

/** Who acknowledged an incident and when. */
export interface Acknowledgement {
  by: string;
  at: string;
}

/** The event's acknowledgements, by incident key. */
export async function readAcknowledgements(
  db: Kysely<Database>,
  eventId: string,
): Promise<Map<string, Acknowledgement>> {
  const rows = await db.selectFrom("incident_acknowledgements")
    .select(["incident_key", "acknowledged_by", "acknowledged_at"])
    .where("event_id", "=", eventId).execute();
  return new Map(rows.map((r) => [r.incident_key, { by: r.acknowledged_by, at: r.acknowledged_at }]));
}

/** Records that the referee acknowledged an incident; the first acknowledgement stands. */
export async function acknowledgeIncident(
  db: Kysely<Database>,
  eventId: string,
  key: string,
  actor: string,
  now: Date,
): Promise<Acknowledgement> {
  return await writeTransaction(db, async (trx) => {
    const before = await trx.selectFrom("incident_acknowledgements")
      .select(["acknowledged_by", "acknowledged_at"])
      .where("event_id", "=", eventId).where("incident_key", "=", key).executeTakeFirst();
    if (before) return { by: before.acknowledged_by, at: before.acknowledged_at };
    const made = { by: actor, at: now.toISOString() };
    const [added] = await trx.insertInto("incident_acknowledgements").values({
      event_id: eventId,
      incident_key: key,
      acknowledged_by: made.by,
      acknowledged_at: made.at,
    }).onConflict((oc) => oc.columns(["event_id", "incident_key"]).doNothing()).execute();
    // A second desk that acknowledged at the same moment: the first row stands.
    if (Number(added?.numInsertedOrUpdatedRows ?? 0) === 0) return made;
    await writeAudit(trx, { at: now, actor, action: "incident.acknowledge", eventId, detail: { key } });
    return made;
  });
}
