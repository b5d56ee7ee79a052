/**
 * When a match was called to its table (the desk's "Call": the TV shows it, the match's page and the API say
 * it); null until called, and again when the desk moves it to another table.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("matches").addColumn("called_at", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("matches").dropColumn("called_at").execute();
}
