import assert from "node:assert/strict";
import { sql } from "kysely";
import { down, up } from "../../db/migrations/2026_11_27_000004_entry_lookups.ts";
import { listEventMatches } from "../../db/read_matches.ts";
import { listEventPlayers } from "../../db/read_players.ts";
import type { Store } from "../../db/store.ts";
import { seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

const INDEXES = ["group_members_entry_idx", "matches_away_entry_idx", "matches_home_entry_idx"];

/** The migration's indexes that the store has (on PostgreSQL, in the test's own schema). */
async function entryIndexes(store: Store): Promise<string[]> {
  const query = store.dialect === "postgres"
    ? sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`
    : sql<{ name: string }>`select name from sqlite_master where type = 'index'`;
  const { rows } = await query.execute(store.db);
  return rows.map((r) => r.name).filter((name) => INDEXES.includes(name)).sort();
}

storeTest(
  "migration entry_lookups drops its indexes and makes them again; reads answer the same",
  async (store) => {
    const s = await seedTournament(store.db);
    const read = async () => {
      const players = await listEventPlayers(store.db, s.event.id);
      const matches = await Promise.all(
        players.map((p) =>
          listEventMatches(store.db, s.event.id, { statuses: null, player: p.id, limit: 500, offset: 0 })
        ),
      );
      return { players, matches };
    };
    const before = await read();
    assert.ok(before.matches.some((m) => m.total > 1));
    assert.deepEqual(await entryIndexes(store), INDEXES);
    await down(store.db);
    assert.deepEqual(await entryIndexes(store), []);
    assert.deepEqual(await read(), before, "the indexes only speed reads up");
    await up(store.db);
    assert.deepEqual(await entryIndexes(store), INDEXES);
    assert.deepEqual(await read(), before);
  },
);
