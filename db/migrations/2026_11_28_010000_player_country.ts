/**
 * A player's country: the three-letter code of the association they represent, as the ITTF writes it ("GER",
 * "CHN"; docs/import-format.md), or null when not known. Held with the rest of a hidden event's identity of a
 * player public elsewhere (db/held_identities.ts).
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("players").addColumn("country", "text").execute();
  await db.schema.alterTable("held_identities").addColumn("country", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("held_identities").dropColumn("country").execute();
  await db.schema.alterTable("players").dropColumn("country").execute();
}
