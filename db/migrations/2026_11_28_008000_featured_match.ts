/**
 * The match the desk puts on the featured overlay (`/overlay/featured/{slug}`): null when none. The producer's OBS
 * scene shows whatever match this names, so that it never has to be edited during the day.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").addColumn("featured_match_id", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").dropColumn("featured_match_id").execute();
}
