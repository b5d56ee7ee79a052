/**
 * An umpire's incident taken back by an undo is kept, marked undone (when, by whom), so that the referee's list
 * and the match report show it (issue 49): the replay reads only the incidents not undone (db/umpire_record.ts).
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("match_incidents").addColumn("undone_at", "text").execute();
  await db.schema.alterTable("match_incidents").addColumn("undone_by", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("match_incidents").dropColumn("undone_by").execute();
  await db.schema.alterTable("match_incidents").dropColumn("undone_at").execute();
}
