import assert from "node:assert/strict";
import { type CompiledQuery, sql } from "kysely";
import { setEventStatus } from "../../db/manage_writes.ts";
import { rateDecidedMatch, rebuildRatings } from "../../db/ratings_store.ts";
import { LeaderboardSize, rankingsPageQuery, readRankingsPage } from "../../db/read_rankings.ts";
import { bumpRevision, refreshListedPlayers } from "../../db/revision.ts";
import type { Store } from "../../db/store.ts";
import {
  at,
  makeCategory,
  makeEntry,
  makeEvent,
  makeMatch,
  makePlayer,
  makeRating,
  T0,
} from "../support/fixtures.ts";
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

/** EXPLAIN QUERY PLAN of a compiled SQLite query, one detail per line. */
async function sqlitePlan(store: Store, query: CompiledQuery): Promise<string> {
  let i = 0;
  const text = query.sql.replace(/\?/g, () => String(query.parameters[i++]));
  const plan = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`).execute(store.db);
  return plan.rows.map((r) => r.detail).join("\n");
}

storeTest("readRankingsPage() walks the leaderboard index instead of sorting the table", async (store) => {
  if (store.dialect !== "sqlite") return; // PostgreSQL plans by table statistics; the SQLite plan is stable
  const page = await sqlitePlan(store, rankingsPageQuery(store.db, { limit: 10, offset: 20 }).compile());
  // The page's ids come from the index alone; ratings and players are read by key for those ids only.
  assert.match(page, /SEARCH ratings USING COVERING INDEX ratings_leaderboard_idx \(listed=\?\)/);
  assert.doesNotMatch(page, /SCAN (ratings|players)/);
  // The one sort left orders the page's own rows, after the subquery has cut them to `limit`.
  assert.match(page, /CO-ROUTINE page[\s\S]*SCAN page[\s\S]*TEMP B-TREE FOR ORDER BY/);
  const count = await sqlitePlan(
    store,
    store.db.selectFrom("ratings").select((eb) => eb.fn.countAll().as("n")).where("listed", "=", 1).compile(),
  );
  assert.match(count, /COVERING INDEX ratings_leaderboard_idx/);
});

/** Every ratings row carries its player's flag, and the leaderboard holds exactly the listed rated players. */
async function assertMirrored(store: Store): Promise<string[]> {
  const rows = await store.db.selectFrom("ratings").innerJoin("players", "players.id", "ratings.player_id")
    .select(["ratings.player_id", "ratings.listed as copy", "players.listed"]).execute();
  for (const r of rows) assert.equal(Number(r.copy), Number(r.listed), `ratings.listed of ${r.player_id}`);
  const board = await readRankingsPage(store.db, { limit: 100, offset: 0 });
  const expected = rows.filter((r) => Number(r.listed) === 1).map((r) => r.player_id).sort();
  const listed = board.rows.map((r) => r.playerId).sort();
  assert.deepEqual(listed, expected);
  assert.equal(board.total, expected.length);
  return listed;
}

storeTest(
  "ratings.listed follows publish, unpublish, a rebuild and a new rating; drafts' players are never listed",
  async (store) => {
    const db = store.db;
    const ctx = { actor: "test", now: new Date(T0) };
    const pub = await makeEvent(db, { slug: "pub", status: "published" });
    const dft = await makeEvent(db, { slug: "dft", status: "draft" });
    const side = await makeEvent(db, { slug: "side", status: "draft" });
    const [pubCat, dftCat, sideCat] = await Promise.all(
      [pub, dft, side].map((e) => makeCategory(db, { event_id: e.id })),
    );
    // As an import does: players arrive unlisted and the flags are computed afterwards.
    const [both, pubOnly, dftOnly, late, sideOnly] = await Promise.all(
      [0, 1, 2, 3, 4].map(() => makePlayer(db, { listed: 0 })),
    );
    const entry = (cat: { id: string }, p: { id: string }) =>
      makeEntry(db, { subevent_id: cat.id, player1_id: p.id });
    const decided = async (
      event: { id: string },
      cat: { id: string },
      home: { id: string },
      away: { id: string },
    ) => {
      const [h, a] = [await entry(cat, home), await entry(cat, away)];
      const m = await makeMatch(db, {
        event_id: event.id,
        subevent_id: cat.id,
        home_entry_id: h.id,
        away_entry_id: a.id,
        status: "completed",
        winner_entry_id: h.id,
        completed_at: at(10),
      });
      return await db.selectFrom("matches").selectAll().where("id", "=", m.id).executeTakeFirstOrThrow();
    };
    await decided(pub, pubCat!, both!, pubOnly!);
    await decided(dft, dftCat!, dftOnly!, both!);
    await rebuildRatings(db, T0);
    await refreshListedPlayers(db);
    // Each write path ends with the bump, which moves the leaderboard's size version (db/revision.ts).
    await bumpRevision(db);
    assert.deepEqual(await assertMirrored(store), [both!.id, pubOnly!.id].sort());

    await setEventStatus(store, "dft", "published", ctx);
    assert.deepEqual(await assertMirrored(store), [both!.id, pubOnly!.id, dftOnly!.id].sort());
    await setEventStatus(store, "pub", "draft", ctx);
    assert.deepEqual(await assertMirrored(store), [both!.id, dftOnly!.id].sort());
    await rebuildRatings(db, T0);
    await bumpRevision(db);
    assert.deepEqual(await assertMirrored(store), [both!.id, dftOnly!.id].sort());

    // A first rating (the incremental path) copies the flag: `late` plays in a published event, `sideOnly`
    // only in a draft.
    await entry(dftCat!, late!);
    await refreshListedPlayers(db);
    await rateDecidedMatch(db, await decided(side, sideCat!, late!, sideOnly!), T0);
    await bumpRevision(db);
    assert.deepEqual(await assertMirrored(store), [both!.id, dftOnly!.id, late!.id].sort());
    await setEventStatus(store, "dft", "draft", ctx);
    assert.deepEqual(await assertMirrored(store), []);
  },
);

storeTest(
  "readRankingsPage() counts the leaderboard once per listing version, not with every page",
  async (store) => {
    const db = store.db;
    const size = new LeaderboardSize();
    for (let i = 0; i < 3; i++) {
      const p = await makePlayer(db, { listed: 1 });
      await makeRating(db, { player_id: p.id, rating: 1500 + i });
    }
    await bumpRevision(db);
    assert.equal((await readRankingsPage(db, { limit: 10, offset: 0 }, size)).total, 3);
    // A rating added behind the write path's back is not counted until the listing version moves...
    const extra = await makePlayer(db, { listed: 1 });
    await makeRating(db, { player_id: extra.id, rating: 1400 });
    await bumpRevision(db, undefined, undefined, { listingUnchanged: true });
    assert.equal(
      (await readRankingsPage(db, { limit: 10, offset: 0 }, size)).total,
      3,
      "kept for the version",
    );
    // ...which every write that may add or list a player moves.
    await bumpRevision(db);
    const page = await readRankingsPage(db, { limit: 10, offset: 0 }, size);
    assert.equal(page.total, 4);
    assert.equal(page.rows.length, 4);
  },
);
