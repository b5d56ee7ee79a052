import assert from "node:assert/strict";
import { sql } from "kysely";
import { silentLogger } from "../../lib/log.ts";
import { bumpRevision } from "../../db/revision.ts";
import { createApp } from "../../main.ts";
import { EventBoards } from "../../views/event_board.ts";
import { storeReads } from "../../db/store_reads.ts";
import type { Store } from "../../db/store.ts";

import { latestResults, liveMatches, upcomingMatches } from "../../views/match_lists.ts";
import { TV_MAX_ROWS } from "../../pages/tv.tsx";
import type { Match } from "../../pages/view_types.ts";
import { storeTest } from "../support/stores.ts";
import { seedPages } from "../pages/seed.ts";
import { testNow } from "../support/test_clock.ts";

/** A board reader over the store, as the pages make one. */
function boardsOf(store: Store) {
  const boards = new EventBoards({ upcoming: TV_MAX_ROWS, recent: TV_MAX_ROWS });
  const reads = storeReads(store);
  const deps = { db: store.db, versions: reads.versions, leaderboard: reads.leaderboard };
  return (slug: string) => boards.load(deps, slug);
}

storeTest("[views] EventBoards.load() summarizes each category as the API serves it", async (store) => {
  const seeded = await seedPages(store);
  const app = createApp({ store, log: silentLogger, clock: testNow });
  const loadEventBoard = boardsOf(store);
  const board = await loadEventBoard(seeded.event.slug);
  assert.ok(board);
  assert.equal(board.event.slug, seeded.event.slug);
  const api = async (path: string) =>
    ((await (await app.request(`/api/v1${path}`)).json()) as { data: never }).data;
  const { subevents: categories } = await api(`/events/${seeded.event.slug}`) as {
    subevents: { id: string; name: string }[];
  };
  assert.deepEqual(board.categories.map((c) => [c.id, c.name]), categories.map((s) => [s.id, s.name]));
  for (const c of board.categories) {
    const { matches } = await api(`/subevents/${c.id}/matches`) as { matches: Match[] };
    const { standings } = await api(`/subevents/${c.id}/standings`) as { standings: unknown[] };
    assert.deepEqual(c.live, liveMatches(matches), c.name);
    assert.deepEqual(c.upcoming, upcomingMatches(matches, TV_MAX_ROWS), c.name);
    assert.deepEqual(c.recent, latestResults(matches, TV_MAX_ROWS), c.name);
    assert.deepEqual(c.groups, standings, c.name);
  }
  assert.ok(board.categories.some((c) => c.live.length > 0 && c.recent.length > 0 && c.groups.length > 0));
  assert.ok(board.categories.some((c) => c.upcoming.length > 1));
  assert.equal(await loadEventBoard("no-such-event"), null);
});

storeTest("[views] EventBoards.load() reads again only the categories a write changed", async (store) => {
  const seeded = await seedPages(store);
  const loadEventBoard = boardsOf(store);
  const before = (await loadEventBoard(seeded.event.slug))!;
  const again = (await loadEventBoard(seeded.event.slug))!;
  // Nothing written: every summary is the one kept (the same arrays, not equal copies).
  before.categories.forEach((c, i) => assert.equal(again.categories[i]!.recent, c.recent, c.name));

  // A point in the Group B match in play, bumping that category's version alone (as the scoring path does).
  await store.db.transaction().execute(async (trx) => {
    await trx.updateTable("matches").set({
      current_home: 9,
      revision: sql`revision + 1`,
      updated_at: testNow().toISOString(),
    }).where("id", "=", seeded.matches.groupRunning).execute();
    await bumpRevision(trx, seeded.event.id, [seeded.groups.id]);
  });
  const after = (await loadEventBoard(seeded.event.slug))!;
  for (const [i, c] of after.categories.entries()) {
    if (c.id === seeded.groups.id) {
      const running = c.live.find((m) => m.id === seeded.matches.groupRunning);
      assert.equal(running?.currentGame.home, 9);
      assert.notEqual(c.recent, before.categories[i]!.recent);
    } else {
      assert.equal(c.recent, before.categories[i]!.recent, c.name);
    }
  }
});
