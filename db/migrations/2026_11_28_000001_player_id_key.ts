/**
 * Player ids keyed by a secret of the store's own (db/ids.ts `federationPlayerId`): the ids of players known by
 * federation id were UUIDs version 5 of the federation id with the namespace in the source, so anyone could
 * recover federation ids from public ids by trying a list of them. This makes the store's key (`store_keys`),
 * gives every such player the keyed id, and keeps the old id as an alias (`player_id_aliases`): the API takes it
 * for the new one, the player's page redirects to the new URL. Every public version moves, so that no cache
 * keeps an answer with the old ids. Players without a federation id keep their ids (from the event and the
 * file's key, not private data).
 */
import { type Kysely, sql } from "kysely";
import { federationPlayerId, ID_NAMESPACE, uuidV5 } from "../ids.ts";
import { newPlayerIdKey, PLAYER_ID_KEY } from "../player_id_key.ts";

/** The columns of `players` when this migration was written. */
const PLAYER_COLUMNS = [
  "display_name",
  "association",
  "federation_id",
  "email",
  "birth_date",
  "prior_rating",
  "prior_deviation",
  "prior_match_count",
  "listed",
  "created_at",
];

/** What refers to a player id, table and column. */
const REFERENCES: [string, string][] = [
  ["entries", "player1_id"],
  ["entries", "player2_id"],
  ["ratings", "player_id"],
  ["rating_history", "player_id"],
  ["held_identities", "player_id"],
];

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("store_keys")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
  const key = newPlayerIdKey();
  await db.insertInto("store_keys").values({ name: PLAYER_ID_KEY, value: key }).execute();
  await db.schema.createTable("player_id_aliases")
    .addColumn("old_id", "text", (c) => c.primaryKey())
    .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .execute();

  const players = await db.selectFrom("players").select(["id", "federation_id"])
    .where("federation_id", "is not", null).execute() as { id: string; federation_id: string }[];
  let renamed = 0;
  for (const p of players) {
    if (p.id !== uuidV5(ID_NAMESPACE, JSON.stringify(["player", "federation", p.federation_id]))) continue;
    const id = federationPlayerId(key, p.federation_id);
    const columns = sql.join(PLAYER_COLUMNS.map((c) => sql.ref(c)));
    await sql`INSERT INTO players (id, ${columns}) SELECT ${id}, ${columns} FROM players WHERE id = ${p.id}`
      .execute(db);
    for (const [table, column] of REFERENCES) {
      await db.updateTable(table).set({ [column]: id }).where(column, "=", p.id).execute();
    }
    await db.deleteFrom("players").where("id", "=", p.id).execute();
    await db.insertInto("player_id_aliases").values({ old_id: p.id, player_id: id }).execute();
    renamed++;
  }
  if (renamed > 0) {
    // Public answers name players by id: every version moves (the scopes hold the global revision of their
    // last write, so the new global value is a version none of them has had).
    await db.updateTable("revisions").set({ value: sql`value + 1` }).where("scope", "=", "global").execute();
    const global = sql`(SELECT value FROM revisions WHERE scope = 'global')`;
    await db.updateTable("revisions").set({ value: global }).where("scope", "<>", "global").execute();
    await db.updateTable("events").set({ revision: sql`revision + 1` }).execute();
  }
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("player_id_aliases").execute();
  await db.schema.dropTable("store_keys").execute();
}
