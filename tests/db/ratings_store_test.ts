import assert from "node:assert/strict";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import { type MatchAction, writeMatch } from "../../db/match_writes.ts";
import { isRatedResult, rebuildRatings } from "../../db/ratings_store.ts";
import type { Store } from "../../db/store.ts";
import type { Side } from "../../domain/scoring.ts";
import { storeTest } from "../support/stores.ts";
import { rebuildAll } from "../../cli/ratings.ts";

const T = new Date("2026-11-25T12:00:00.000Z");

async function snapshot(store: Store) {
  const rows = await store.db.selectFrom("ratings")
    .select(["player_id", "rating", "deviation", "volatility", "match_count"]).orderBy("player_id").execute();
  return rows.map((r) => ({ ...r, match_count: Number(r.match_count) }));
}

function assertSameRatings(a: Awaited<ReturnType<typeof snapshot>>, b: typeof a) {
  assert.equal(a.length, b.length);
  a.forEach((x, i) => {
    const y = b[i]!;
    assert.equal(x.player_id, y.player_id);
    assert.equal(x.match_count, y.match_count, `${x.player_id}: match count`);
    for (const k of ["rating", "deviation", "volatility"] as const) {
      assert.ok(Math.abs(x[k] - y[k]) < 1e-9, `${x.player_id}: ${k} ${x[k]} vs ${y[k]}`);
    }
  });
}

/** Writes through the one write path, one second after the previous write. */
function writer(store: Store) {
  let tick = 0;
  return (id: string, action: MatchAction) =>
    writeMatch(store, id, action, { actor: "test", now: new Date(T.getTime() + 60_000 + 1000 * tick++) });
}

async function playOut(write: ReturnType<typeof writer>, store: Store, id: string, winner: Side) {
  for (let i = 0; i < 200; i++) {
    const m = await store.db.selectFrom("matches").select("status").where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (m.status === "completed") return;
    await write(id, { type: "point", side: winner });
  }
  throw new Error(`match ${id} did not finish`);
}

storeTest(
  "ratings: the incremental path and the rebuild from history agree, through undo and redo",
  async (store) => {
    await loadDemoIfEmpty(store, T);
    const write = writer(store);
    // After the import (a rebuild), rebuilding again changes nothing: the rebuild is deterministic.
    const imported = await snapshot(store);
    await store.db.transaction().execute((trx) => rebuildRatings(trx, T.toISOString()));
    assertSameRatings(await snapshot(store), imported);

    const running = await store.db.selectFrom("matches").select(["id"]).where("status", "=", "in_progress")
      .orderBy("id").execute();
    for (const [i, m] of running.entries()) await playOut(write, store, m.id, i % 2 ? "home" : "away");

    const ready = await store.db.selectFrom("matches").select(["id"]).where("status", "=", "scheduled")
      .where("home_entry_id", "is not", null).where("away_entry_id", "is not", null).orderBy("id").execute();
    assert.ok(ready.length >= 4, "the demo has scheduled matches with both sides known");
    const [walk, retired, ...rest] = ready;
    await write(walk!.id, { type: "walkover", winner: "home" });
    await write(retired!.id, { type: "start", firstServer: "away" });
    for (let i = 0; i < 15; i++) await write(retired!.id, { type: "point", side: i % 3 ? "home" : "away" });
    await write(retired!.id, { type: "retire", side: "home" });
    for (const [i, m] of rest.entries()) {
      await write(m.id, { type: "start", firstServer: "home" });
      await playOut(write, store, m.id, i % 2 ? "home" : "away");
    }

    // An umpire's mistake: the last point of a decided match is undone (the match reopens, ratings are rebuilt),
    // and the match is then won by the other side.
    const last = rest.at(-1)!;
    await write(last.id, { type: "undo" });
    const reopened = await store.db.selectFrom("matches").select("status").where("id", "=", last.id)
      .executeTakeFirstOrThrow();
    assert.equal(reopened.status, "in_progress");
    await playOut(write, store, last.id, rest.length % 2 ? "away" : "home");

    const incremental = await snapshot(store);
    await store.db.transaction().execute((trx) => rebuildRatings(trx, new Date().toISOString()));
    assertSameRatings(await snapshot(store), incremental);
    assert.notDeepEqual(incremental, imported, "the matches played changed ratings");
  },
);

storeTest("ratings: a walkover and a doubles match change no rating", async (store) => {
  await loadDemoIfEmpty(store, T);
  const write = writer(store);
  const before = await snapshot(store);
  const ready = await store.db.selectFrom("matches as m").innerJoin("subevents as s", "s.id", "m.subevent_id")
    .select(["m.id", "s.kind"]).where("m.status", "=", "scheduled").where("m.home_entry_id", "is not", null)
    .where("m.away_entry_id", "is not", null).orderBy("m.id").execute();
  const singles = ready.find((m) => m.kind === "singles")!;
  await write(singles.id, { type: "walkover", winner: "away" });
  const doubles = ready.find((m) => m.kind === "doubles");
  if (doubles) {
    await write(doubles.id, { type: "start", firstServer: "home" });
    await playOut(write, store, doubles.id, "home");
  }
  assertSameRatings(await snapshot(store), before);
});

Deno.test("isRatedResult() counts results of play and retirements, not walkovers or disqualifications", () => {
  const m = (result_reason: string | null) => ({ status: "completed", result_reason, winner_entry_id: "e" });
  assert.equal(isRatedResult(m(null), true), true);
  assert.equal(isRatedResult(m("retired"), true), true);
  assert.equal(isRatedResult(m("walkover"), true), false);
  assert.equal(isRatedResult(m("disqualified"), true), false);
  assert.equal(isRatedResult(m(null), false), false);
  assert.equal(
    isRatedResult({ status: "in_progress", result_reason: null, winner_entry_id: null }, true),
    false,
  );
});

storeTest(
  "rebuildAll() (deno task ratings rebuild) leaves correct ratings as they are and bumps the revision",
  async (store) => {
    await loadDemoIfEmpty(store, T);
    const before = await snapshot(store);
    const rev = await store.revisions.current();
    const { players, matches } = await rebuildAll(store, T);
    assert.equal(players, before.length);
    assert.ok(matches > 10);
    assertSameRatings(await snapshot(store), before);
    assert.ok((await store.revisions.current()) > rev);
  },
);
