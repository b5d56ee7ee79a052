/**
 * The relay from a venue server to the public deployment (docs/relay.md).
 *
 * On the public server: `tokens.relay_slug`, the one event a `relay` token may push (bound by slug, since the
 * event may not exist there before its first push); `relay_events`, who holds each relayed event (the venue
 * server's id), the count of pushes applied (the base the next push must name), when the venue was last heard
 * of, and whether an admin hid it; `relay_chunks`, the hash of each part of the event as last pushed.
 *
 * On the venue server: `relay_sent`, each part of the event as the public server last acknowledged it (its
 * stamp and hash): the difference between the store and these rows is the outbox, so it survives restarts and
 * kill -9 with the store itself.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tokens").addColumn("relay_slug", "text").execute();
  await db.schema.createTable("relay_events")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("venue_id", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("holder_since", "text", (c) => c.notNull())
    .addColumn("last_contact_at", "text", (c) => c.notNull())
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createTable("relay_chunks")
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("chunk", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("relay_chunks_pk", ["slug", "chunk"])
    .execute();
  await db.schema.createTable("relay_sent")
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("chunk", "text", (c) => c.notNull())
    .addColumn("stamp", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("relay_sent_pk", ["slug", "chunk"])
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("relay_sent").execute();
  await db.schema.dropTable("relay_chunks").execute();
  await db.schema.dropTable("relay_events").execute();
  await db.schema.alterTable("tokens").dropColumn("relay_slug").execute();
}
