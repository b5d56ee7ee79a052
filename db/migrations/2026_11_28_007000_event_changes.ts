/**
 * The change feed of each published event (db/change_log.ts): one row per public resource of the event (the
 * event, its players' list, each category, each match), holding the resource's version and the global revision
 * of the write that last changed it, so that "what changed since" is one indexed range read.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("event_changes")
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("resource_id", "text", (c) => c.notNull())
    .addColumn("subevent_id", "text")
    .addColumn("version", "text")
    .addColumn("seq", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("event_changes_pk", ["event_id", "kind", "resource_id"])
    .execute();
  await db.schema.createIndex("event_changes_by_seq")
    .on("event_changes").columns(["event_id", "seq", "kind", "resource_id"]).execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("event_changes").execute();
}
