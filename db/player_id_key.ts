/**
 * The store's key of player ids (db/ids.ts `federationPlayerId`): 32 random bytes made by a migration, kept in
 * `store_keys`, never served. An export carries it (`playerIdKey`), and a store that has no player known by
 * federation id yet takes the key of the first file that brings one, so that an event moved to a new store keeps
 * its players' ids; otherwise the store keeps its own (a known player keeps their row and id either way).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** The `store_keys` row of the player id key. */
export const PLAYER_ID_KEY = "player_ids";

/** A new key: 32 random bytes as 64 hex digits. */
export function newPlayerIdKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** The store's key of player ids. */
export async function playerIdKey(db: Kysely<Database> | Transaction<Database>): Promise<string> {
  const row = await db.selectFrom("store_keys").select("value").where("name", "=", PLAYER_ID_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * The key an import derives player ids with: the store's, after taking the file's (`given`) when the store has no
 * player known by federation id, whose id would depend on its own.
 */
export async function importPlayerIdKey(
  trx: Transaction<Database>,
  given: string | undefined,
): Promise<string> {
  const own = await playerIdKey(trx);
  if (given === undefined || given === own) return own;
  const keyed = await trx.selectFrom("players").select("id").where("federation_id", "is not", null).limit(1)
    .executeTakeFirst();
  if (keyed) return own;
  await trx.updateTable("store_keys").set({ value: given }).where("name", "=", PLAYER_ID_KEY).execute();
  return given;
}
