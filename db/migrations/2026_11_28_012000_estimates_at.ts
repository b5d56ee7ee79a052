/**
 * When the event's estimated starts were last worked out (db/estimate_writes.ts): a match running long moves them
 * at most once a minute for the whole event, not once a minute for each such match.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").addColumn("estimates_at", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").dropColumn("estimates_at").execute();
}
