/**
 * The producer's on-air state of an event's stream (domain/stream_state.ts): the graphics on air, the slate and
 * the sponsor's slot. No row while the producer changed nothing (every graphic but the slate and the sponsor is
 * then on air). Keyed by the event's id without a foreign key, so that an event's removal is not held up by it.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("stream_states")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("on_air", "text", (c) => c.notNull())
    .addColumn("slate_kind", "text", (c) => c.notNull())
    .addColumn("slate_text", "text", (c) => c.notNull())
    .addColumn("sponsor_image", "text")
    .addColumn("sponsor_text", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stream_states").execute();
}
