/**
 * The event's language (lib/languages.ts): the one its hall screens, poster and print sheets speak, and the one a
 * reader's page falls back to when the reader asks for none. Null: English.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").addColumn("language", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").dropColumn("language").execute();
}
