/**
 * The sessions of an event (when play goes on, and on which tables) and the sessions each category plays in,
 * stored with the event so that the order of play (views/order_of_play.ts) is planned without giving them each
 * time. A session is known by its key in the event file; a category's `sessions` lists keys (JSON), null for
 * every session of the event.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("event_sessions")
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("tables", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("event_sessions_pk", ["event_id", "key"])
    .execute();
  await db.schema.alterTable("subevents").addColumn("sessions", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subevents").dropColumn("sessions").execute();
  await db.schema.dropTable("event_sessions").execute();
}
