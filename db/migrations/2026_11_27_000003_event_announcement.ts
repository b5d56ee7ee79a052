/**
 * An event's announcement from the desk (domain/announcement.ts): one line shown on the venue TV and the event
 * page, and when it was posted. Null while there is none.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").addColumn("announcement", "text").execute();
  await db.schema.alterTable("events").addColumn("announced_at", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").dropColumn("announced_at").execute();
  await db.schema.alterTable("events").dropColumn("announcement").execute();
}
