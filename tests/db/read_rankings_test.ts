import assert from "node:assert/strict";
import { sql } from "kysely";
import { rankingsPageQuery, readRankingsPage } from "../../db/read_rankings.ts";
import { makePlayer, makeRating } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

storeTest(
  "readRankingsPage() pages listed, rated players by rating then id, with the total",
  async (store) => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const p = await makePlayer(store.db, { listed: i === 6 ? 0 : 1 });
      await makeRating(store.db, { player_id: p.id, rating: 1000 + 100 * (i % 3), match_count: i });
      ids.push(p.id);
    }
    const all = await readRankingsPage(store.db, { limit: 100, offset: 0 });
    assert.equal(all.total, 6);
    const ratings = all.rows.map((r) => r.rating);
    assert.deepEqual(ratings, [...ratings].sort((a, b) => b - a));
    for (let i = 1; i < all.rows.length; i++) {
      const [a, b] = [all.rows[i - 1]!, all.rows[i]!];
      if (a.rating === b.rating) assert.ok(a.playerId < b.playerId, "ties by player id");
    }
    const page = await readRankingsPage(store.db, { limit: 2, offset: 3 });
    assert.deepEqual(page.rows, all.rows.slice(3, 5));
    assert.equal(page.total, 6);
  },
);

storeTest("readRankingsPage() walks the leaderboard index instead of sorting the table", async (store) => {
  if (store.dialect !== "sqlite") return; // PostgreSQL plans by table statistics; the SQLite plan is stable
  const query = rankingsPageQuery(store.db, { limit: 10, offset: 20 }).compile();
  const plan = await sql.raw<{ detail: string }>(
    `EXPLAIN QUERY PLAN ${
      query.sql.replace(
        /\?/g,
        (() => {
          let i = 0;
          return () => String(query.parameters[i++]);
        })(),
      )
    }`,
  ).execute(store.db);
  const details = plan.rows.map((r) => r.detail).join("\n");
  assert.match(details, /ratings_leaderboard_idx/);
  assert.doesNotMatch(details, /TEMP B-TREE FOR ORDER BY/);
});
