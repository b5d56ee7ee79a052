/**
 * The change feed's rows by category (db/change_log.ts): a write to a category reads what was logged of it
 * through this index, not through every row of the event.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("event_changes_by_category").on("event_changes").columns([
    "event_id",
    "subevent_id",
  ])
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("event_changes_by_category").execute();
}
