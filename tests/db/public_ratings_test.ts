/**
 * Only published events' matches rate players: results of draft and archived events (an event published and
 * later archived included) never move the public leaderboard, the incremental write path and the rebuild
 * (`deno task ratings rebuild`) agree, and publishing or unpublishing an event rebuilds the ratings.
 */
import assert from "node:assert/strict";
import { rebuildAll } from "../../cli/ratings.ts";
import { importEvent } from "../../event_file/import.ts";
import type { PlayerInput } from "../../event_file/format.ts";
import { setEventStatus } from "../../db/manage_writes.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { readRankingsPage } from "../../db/read_rankings.ts";
import type { Store } from "../../db/store.ts";
import { ANA, anaBeatsBen, BEN, groupEvent } from "../support/event_files.ts";
import { storeTest } from "../support/stores.ts";

const T = new Date("2026-06-10T12:00:00.000Z");
const ctx = { actor: "test", now: T };

const other = (key: string): PlayerInput => ({ id: key, displayName: `Player ${key}` });

async function leaderboard(store: Store) {
  const page = await readRankingsPage(store.db, { limit: 100, offset: 0 });
  return new Map(page.rows.map((r) => [r.displayName, { matchCount: r.matchCount, rating: r.rating }]));
}

async function ratingRows(store: Store) {
  const rows = await store.db.selectFrom("ratings").select(["player_id", "rating", "match_count"])
    .orderBy("player_id").execute();
  return rows.map((r) => ({ id: r.player_id, rating: Number(r.rating), matchCount: Number(r.match_count) }));
}

/** The rebuild of `deno task ratings rebuild` leaves the ratings as they are. */
async function assertRebuildAgrees(store: Store, what: string) {
  const before = await ratingRows(store);
  await rebuildAll(store, T);
  const after = await ratingRows(store);
  assert.equal(after.length, before.length, what);
  after.forEach((r, i) => {
    assert.equal(r.matchCount, before[i]!.matchCount, `${what}: ${r.id} match count`);
    assert.ok(Math.abs(r.rating - before[i]!.rating) < 1e-9, `${what}: ${r.id} rating`);
  });
}

async function playToWin(store: Store, matchId: string) {
  for (let i = 0; i < 40; i++) {
    const m = await store.db.selectFrom("matches").select("status").where("id", "=", matchId)
      .executeTakeFirstOrThrow();
    if (m.status === "completed") return;
    const action = m.status === "scheduled"
      ? { type: "start" as const, firstServer: "home" as const }
      : { type: "point" as const, side: "home" as const };
    await writeMatch(store, matchId, action, ctx);
  }
  throw new Error(`match ${matchId} did not finish`);
}

storeTest(
  "ratings: only published events' results count on the leaderboard; a rebuild gives the same",
  async (store) => {
    // Published: Ana beats Ben once. Draft: Ana wins three, and has a match to play. Archived: Ana beats Ben.
    await importEvent(
      store,
      anaBeatsBen("open", "published"),
      () => T,
    );
    const draft = await importEvent(
      store,
      groupEvent({
        slug: "club",
        status: "draft",
        players: [ANA, BEN, other("c"), other("d")],
        results: [["ana", "ben"], ["ana", "c"], ["ana", "d"]],
        scheduled: [["ben", "c"]],
      }),
      () => T,
    );
    await importEvent(
      store,
      anaBeatsBen("old", "archived"),
      () => T,
    );
    let board = await leaderboard(store);
    assert.equal(board.get("Ana Lopez")?.matchCount, 31, "the prior's 30 and the published match");
    assert.equal(board.get("Ben Okafor")?.matchCount, 31);
    await assertRebuildAgrees(store, "after the imports");

    // A result scored in the draft through the write path rates nobody.
    const before = await ratingRows(store);
    const scheduled = await store.db.selectFrom("matches").select("id").where("event_id", "=", draft.eventId)
      .where("status", "=", "scheduled").executeTakeFirstOrThrow();
    await playToWin(store, scheduled.id);
    assert.deepEqual(await ratingRows(store), before, "a draft's result moves no rating");
    await assertRebuildAgrees(store, "after a draft's result");

    // Published, the draft's four results count; unpublished again, they do not.
    await setEventStatus(store, "club", "published", ctx);
    board = await leaderboard(store);
    assert.equal(board.get("Ana Lopez")?.matchCount, 34);
    assert.equal(board.get("Ben Okafor")?.matchCount, 33);
    await assertRebuildAgrees(store, "after publishing");
    await setEventStatus(store, "club", "draft", ctx);
    board = await leaderboard(store);
    assert.equal(board.get("Ana Lopez")?.matchCount, 31);
    assert.deepEqual(await ratingRows(store), before, "unpublishing takes the draft's results off again");

    // A published event archived (re-imported as archived) stops counting; Ana stays public through "club".
    await setEventStatus(store, "club", "published", ctx);
    await importEvent(
      store,
      anaBeatsBen("open", "archived"),
      () => T,
    );
    board = await leaderboard(store);
    assert.equal(board.get("Ana Lopez")?.matchCount, 33, "the prior's 30 and club's three wins");
    await assertRebuildAgrees(store, "after archiving");
  },
);
