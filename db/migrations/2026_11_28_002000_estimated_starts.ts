/**
 * The order of play as the day runs: when a match not started is expected to start now (`estimated_start`, kept
 * by db/estimate_writes.ts after every change in the hall that may move it), and when the desk skipped it for now
 * (`skipped_at`: a player late or absent; the table goes on with the next match until the desk takes it back).
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("matches").addColumn("estimated_start", "text").execute();
  await db.schema.alterTable("matches").addColumn("skipped_at", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("matches").dropColumn("skipped_at").execute();
  await db.schema.alterTable("matches").dropColumn("estimated_start").execute();
}
