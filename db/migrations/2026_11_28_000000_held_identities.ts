/**
 * What a draft's or an archived event's file says about a player who is public through a published event: the
 * name, club and prior it gives, held back (the public keeps the published identity) until the hidden event is
 * published (db/held_identities.ts).
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("held_identities")
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("association", "text")
    .addColumn("prior_rating", "double precision")
    .addColumn("prior_deviation", "double precision")
    .addColumn("prior_match_count", "integer")
    .addPrimaryKeyConstraint("held_identities_pk", ["event_id", "player_id"])
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("held_identities").execute();
}
