import assert from "node:assert/strict";
import { sql } from "kysely";
import { down, up } from "../../db/migrations/2026_11_27_000000_correction_order.ts";
import type { Store } from "../../db/store.ts";
import { seedKnockout, T0 } from "../api/manage_fixtures.ts";
import { storeTest } from "../support/stores.ts";

/**
 * The rows with the given columns. Named, not `*`: the SQLite adapter caches prepared statements, and one of
 * `SELECT *` prepared before a table is rebuilt keeps the old table's column names.
 */
const rows = async (store: Store, columns: string[]) =>
  // deno-lint-ignore no-explicit-any
  (await (store.db as any).selectFrom("game_corrections").select(columns).orderBy("match_id").orderBy("game")
    .execute() as Record<string, unknown>[]).map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v]))
    );
const NEW_COLUMNS = ["match_id", "seq", "game", "home", "away", "after_points"];
const OLD_COLUMNS = ["match_id", "game", "home", "away"];

storeTest(
  "migration correction_order keeps an older store's corrections, placed by game, and goes back",
  async (store) => {
    const ev = await seedKnockout(store.db);
    const [a, b] = ev.rounds[0]! as [string, string];
    // The table as the initial migration made it, one correction per game: what going back makes of the empty
    // table (its columns are checked below).
    await down(store.db);
    const at = T0.toISOString();
    // deno-lint-ignore no-explicit-any
    await (store.db as any).insertInto("game_corrections").values([
      { match_id: a, game: 1, home: 11, away: 9, created_at: at },
      { match_id: a, game: 3, home: 7, away: 11, created_at: at },
      { match_id: b, game: 2, home: 11, away: 4, created_at: at },
    ]).execute();
    await up(store.db);
    const kept = await rows(store, NEW_COLUMNS);
    const of = (id: string) => kept.filter((r) => r.match_id === id).map(({ match_id: _, ...r }) => r);
    assert.deepEqual(of(a), [
      { seq: 1, game: 1, home: 11, away: 9, after_points: null },
      { seq: 3, game: 3, home: 7, away: 11, after_points: null },
    ]);
    assert.deepEqual(of(b), [{ seq: 2, game: 2, home: 11, away: 4, after_points: null }]);
    // Several corrections of one game now fit; going back keeps the last one of each game.
    await store.db.insertInto("game_corrections").values({
      match_id: a,
      seq: 4,
      game: 1,
      home: 11,
      away: 2,
      after_points: 40,
      created_at: at,
    }).execute();
    await down(store.db);
    const back = await rows(store, OLD_COLUMNS);
    assert.deepEqual(
      back.filter((r) => r.match_id === a).map((r) => [r.game, r.home, r.away]),
      [[1, 11, 2], [3, 7, 11]],
    );
    // On PostgreSQL every schema's tables are listed, and tests running at once each have their own schema.
    const schema = store.dialect === "postgres"
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(store.db)).rows[0]!.name
      : undefined;
    const columns = await store.db.introspection.getTables();
    const table = columns.find((t) =>
      t.name === "game_corrections" && (schema === undefined || t.schema === schema)
    )!;
    assert.deepEqual(table.columns.map((c) => c.name).sort(), [...OLD_COLUMNS, "created_at"].sort());
    await up(store.db);
    assert.equal((await rows(store, NEW_COLUMNS)).length, 3);
  },
);
