/**
 * A player's entries by player: a player's page and the API's `?player=` filter find the entries of one player
 * (singles, and doubles on either side of a pair) without reading every entry of the store.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("entries_player1_idx").on("entries").column("player1_id").execute();
  await db.schema.createIndex("entries_player2_idx").on("entries").column("player2_id").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("entries_player2_idx").execute();
  await db.schema.dropIndex("entries_player1_idx").execute();
}
