/** The entries of an event that withdrew (their `withdrawn_at` is set), for what still waits on them. */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** The ids of the event's withdrawn entries. */
export async function withdrawnEntryIds(db: Kysely<Database>, eventId: string): Promise<Set<string>> {
  const rows = await db.selectFrom("entries").innerJoin("subevents", "subevents.id", "entries.subevent_id")
    .select("entries.id").where("subevents.event_id", "=", eventId)
    .where("entries.withdrawn_at", "is not", null).execute();
  return new Set(rows.map((r) => r.id));
}
