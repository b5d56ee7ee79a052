/**
 * Revisions: numbers that grow with every write. "global" grows with each write to the store, an event's own
 * `revision` with each write to that event. ETags and in-process caches derive from them, so a write must bump
 * them in the same transaction as the data it changes.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** Bumps the global revision and, when given, the event's revision; call inside the write's transaction. */
export async function bumpRevision(trx: Transaction<Database> | Kysely<Database>, eventId?: string): Promise<number> {
  if (eventId) {
    await trx.updateTable("events").set({ revision: sql`revision + 1` }).where("id", "=", eventId).execute();
  }
  const row = await trx.updateTable("revisions").set({ value: sql`value + 1` }).where("scope", "=", "global")
    .returning("value").executeTakeFirstOrThrow();
  return Number(row.value);
}

/** The global revision: the key of every cache that may depend on anything in the store. */
export async function globalRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("revisions").select("value").where("scope", "=", "global")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
