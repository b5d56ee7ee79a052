import assert from "node:assert/strict";
import { sql } from "kysely";
import { down, up } from "../../db/migrations/2026_11_27_000002_player_entries.ts";
import { findEventPlayer } from "../../db/read_players.ts";
import type { Store } from "../../db/store.ts";
import { seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

/** The migration's indexes that the entries table has (on PostgreSQL, in the test's own schema). */
async function playerIndexes(store: Store): Promise<string[]> {
  const query = store.dialect === "postgres"
    ? sql<{ name: string }>`select indexname as name from pg_indexes
        where schemaname = current_schema() and tablename = 'entries'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'entries'`;
  const { rows } = await query.execute(store.db);
  return rows.map((r) => r.name).filter((name) => /^entries_player[12]_idx$/.test(name)).sort();
}

storeTest("migration player_entries drops its indexes and makes them again", async (store) => {
  const s = await seedTournament(store.db);
  const player = s.knockout.players[0]!;
  const before = await findEventPlayer(store.db, s.event.id, player);
  assert.deepEqual(await playerIndexes(store), ["entries_player1_idx", "entries_player2_idx"]);
  await down(store.db);
  assert.deepEqual(await playerIndexes(store), []);
  assert.deepEqual(
    await findEventPlayer(store.db, s.event.id, player),
    before,
    "the indexes only speed reads up",
  );
  await up(store.db);
  assert.deepEqual(await playerIndexes(store), ["entries_player1_idx", "entries_player2_idx"]);
  assert.deepEqual(await findEventPlayer(store.db, s.event.id, player), before);
});
