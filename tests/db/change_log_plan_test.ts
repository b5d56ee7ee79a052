/**
 * The change feed's bounds are read by index, not through every row of the event: a point's write reads where
 * the feed starts, and every feed request where it ends (the SQLite plans; PostgreSQL plans by statistics).
 */
import assert from "node:assert/strict";
import { type CompiledQuery, sql } from "kysely";
import { feedStartQuery } from "../../db/change_log.ts";
import { feedLatestQuery } from "../../db/read_changes.ts";
import type { Store } from "../../db/store.ts";
import { storeTest } from "../support/stores.ts";

/** EXPLAIN QUERY PLAN of a compiled SQLite query, one detail per line. */
async function sqlitePlan(store: Store, query: CompiledQuery): Promise<string> {
  let i = 0;
  const text = query.sql.replace(/\?/g, () => `'${String(query.parameters[i++])}'`);
  const plan = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`).execute(store.db);
  return plan.rows.map((r) => r.detail).join("\n");
}

storeTest(
  "the change feed's start row is read by its primary key, its latest change by the index by seq",
  async (store) => {
    if (store.dialect !== "sqlite") return;
    const start = await sqlitePlan(store, feedStartQuery(store.db, "e1").compile());
    assert.match(
      start,
      /SEARCH event_changes USING (COVERING )?INDEX \S+ \(event_id=\? AND kind=\? AND resource_id=\?\)/,
    );
    const latest = await sqlitePlan(store, feedLatestQuery(store.db, "e1").compile());
    assert.match(latest, /SEARCH event_changes USING COVERING INDEX event_changes_by_seq \(event_id=\?\)/);
    assert.doesNotMatch(start + latest, /SCAN/);
  },
);
