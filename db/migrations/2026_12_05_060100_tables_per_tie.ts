/**
 * How many tables a team category's ties are played on at once (docs/scheduling.md, "Ties"): 2 where the event
 * plays two of a tie's matches side by side (domain/tie_two_tables.ts); null: one table, as before.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subevents").addColumn("tables_per_tie", "integer").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subevents").dropColumn("tables_per_tie").execute();
}
