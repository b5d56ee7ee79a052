/**
 * The umpire's confirmation of a match's result (issue 49): who confirmed it (the token's label and role), when,
 * and the match revision confirmed. One row per match; a result taken back by the desk loses its row. Once a
 * result is confirmed, only an admin token (the desk) may change the match.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("result_confirmations")
    .addColumn("match_id", "text", (c) => c.primaryKey().references("matches.id").onDelete("cascade"))
    .addColumn("confirmed_by", "text", (c) => c.notNull())
    .addColumn("confirmed_role", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text", (c) => c.notNull())
    .addColumn("match_revision", "integer", (c) => c.notNull())
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("result_confirmations").execute();
}
