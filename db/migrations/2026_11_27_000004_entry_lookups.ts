/**
 * Matches and group places by entry: a player's page and the API's `?player=` filter go from a player's few
 * entries to their matches and groups, instead of through every match of the event (~100 ms on the bench's
 * event of 10,341 matches for one player's page, after each write).
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("matches_home_entry_idx").on("matches").column("home_entry_id").execute();
  await db.schema.createIndex("matches_away_entry_idx").on("matches").column("away_entry_id").execute();
  await db.schema.createIndex("group_members_entry_idx").on("group_members").column("entry_id").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("group_members_entry_idx").execute();
  await db.schema.dropIndex("matches_away_entry_idx").execute();
  await db.schema.dropIndex("matches_home_entry_idx").execute();
}
