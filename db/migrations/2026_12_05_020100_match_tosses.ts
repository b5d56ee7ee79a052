/**
 * The toss before a match as the umpire records it (Law 2.13.1): who won it and what they chose (serve, receive
 * or an end), by which token and when. One row per match; a toss recorded again replaces it.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("match_tosses")
    .addColumn("match_id", "text", (c) => c.primaryKey().references("matches.id").onDelete("cascade"))
    .addColumn("winner", "text", (c) => c.notNull())
    .addColumn("choice", "text", (c) => c.notNull())
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("match_tosses").execute();
}
