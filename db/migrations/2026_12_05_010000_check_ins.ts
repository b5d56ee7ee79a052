/**
 * The players marked present at the desk on the day of an event (db/check_ins.ts): one row per event and
 * player, kept apart from the entries because a player in two categories arrives once.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("check_ins")
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("player_id", "text", (c) => c.notNull())
    .addColumn("checked_in_at", "text", (c) => c.notNull())
    .addColumn("checked_in_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("check_ins_pk", ["event_id", "player_id"])
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("check_ins").execute();
}
