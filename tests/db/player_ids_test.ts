/**
 * Public player ids are not derivable from federation ids: the id of a player known by federation id is keyed by
 * a random key of the store's own (made by a migration, never served), which an export carries so that the
 * event imported into a fresh store keeps its players' ids; the migration gives the players of an older store
 * new ids and keeps their old ones working (an alias in the API, a permanent redirect on the pages).
 */
import assert from "node:assert/strict";
import { exportEvent } from "../../event_file/export.ts";
import { federationPlayerId, ID_NAMESPACE, uuidV5 } from "../../db/ids.ts";
import { importEvent } from "../../event_file/import.ts";
import { down, up } from "../../db/migrations/2026_11_28_000001_player_id_key.ts";
import { playerIdKey } from "../../db/player_id_key.ts";
import type { Store } from "../../db/store.ts";
import { apiClient } from "../support/api_client.ts";
import { ANA, anaBeatsBen, BEN, groupEvent } from "../support/event_files.ts";
import {
  makeCategory,
  makeEntry,
  makeEvent,
  makeMatch,
  makePlayer,
  makeRating,
} from "../support/fixtures.ts";
import { makeStore, storeTest } from "../support/stores.ts";

const T = new Date("2026-06-10T12:00:00.000Z");

/** How player ids were derived before: UUID version 5 of the federation id, with the namespace in the source. */
const legacyId = (federationId: string) =>
  uuidV5(ID_NAMESPACE, JSON.stringify(["player", "federation", federationId]));

async function idOf(store: Store, federationId: string): Promise<string> {
  const row = await store.db.selectFrom("players").select("id").where("federation_id", "=", federationId)
    .executeTakeFirstOrThrow();
  return row.id;
}

storeTest(
  "a player's id cannot be computed from the federation id without the store's key",
  async (store) => {
    const file = anaBeatsBen("open", "published");
    await importEvent(store, file, () => T);
    const key = await playerIdKey(store.db);
    assert.match(key, /^[0-9a-f]{64}$/, "32 random bytes");
    const ana = await idOf(store, "ITTF:1");
    assert.notEqual(ana, legacyId("ITTF:1"), "not the unkeyed derivation");
    assert.equal(ana, federationPlayerId(key, "ITTF:1"), "keyed by the store's own key");
    const otherKey = crypto.getRandomValues(new Uint8Array(32)).reduce(
      (s, b) => s + b.toString(16).padStart(2, "0"),
      "",
    );
    assert.notEqual(ana, federationPlayerId(otherKey, "ITTF:1"), "another key gives another id");
    // The same file in another store: other ids (each store has its own key).
    const other = await makeStore("sqlite");
    try {
      await importEvent(other, file, () => T);
      assert.notEqual(await idOf(other, "ITTF:1"), ana);
    } finally {
      await other.drop();
    }
    // The public answers carry the keyed id and never the key.
    const api = apiClient(store);
    const rankings = await api.request("/api/v1/rankings");
    assert.ok(rankings.text.includes(ana));
    for (const path of ["/api/v1/rankings", "/api/v1/events/open/players", "/api/v1/events/open"]) {
      assert.ok(!(await api.request(path)).text.includes(key), path);
    }
  },
);

storeTest("an event exported and imported into a fresh store keeps its players' ids", async (store) => {
  await importEvent(store, groupEvent({ slug: "open", status: "published", players: [ANA, BEN] }), () => T);
  const file = await exportEvent(store.db, "open");
  assert.ok(file);
  const fresh = await makeStore("sqlite");
  try {
    await importEvent(fresh, file, () => T);
    for (const fid of ["ITTF:1", "ITTF:2"]) assert.equal(await idOf(fresh, fid), await idOf(store, fid), fid);
    assert.equal(
      await playerIdKey(fresh.db),
      await playerIdKey(store.db),
      "the fresh store took the file's key",
    );
    // A player new to the fresh store, imported later without a key, gets the id the old store would give.
    const carl = { id: "carl", displayName: "Carl", federationId: "ITTF:3" };
    await importEvent(fresh, groupEvent({ slug: "next", status: "draft", players: [carl, ANA] }), () => T);
    await importEvent(store, groupEvent({ slug: "next", status: "draft", players: [carl, ANA] }), () => T);
    assert.equal(await idOf(fresh, "ITTF:3"), await idOf(store, "ITTF:3"));
  } finally {
    await fresh.drop();
  }
});

storeTest(
  "the migration gives players known by federation id keyed ids; their old ids still answer",
  async (store) => {
    // A store as it was before: the migration undone, players under their unkeyed ids.
    await down(store.db);
    const event = await makeEvent(store.db, { slug: "legacy-open" });
    const sub = await makeCategory(store.db, { event_id: event.id, format: "groups" });
    const old = legacyId("ITTF:7");
    const ana = await makePlayer(store.db, {
      id: old,
      display_name: "Ana Old",
      federation_id: "ITTF:7",
      listed: 1,
    });
    const ben = await makePlayer(store.db, { display_name: "Ben Local", listed: 1 });
    const home = await makeEntry(store.db, { subevent_id: sub.id, player1_id: ana.id });
    const away = await makeEntry(store.db, { subevent_id: sub.id, player1_id: ben.id });
    await makeMatch(store.db, {
      event_id: event.id,
      subevent_id: sub.id,
      home_entry_id: home.id,
      away_entry_id: away.id,
    });
    await makeRating(store.db, { player_id: ana.id, listed: 1 });
    await makeRating(store.db, { player_id: ben.id, listed: 1 });
    await up(store.db);

    const now = await idOf(store, "ITTF:7");
    assert.equal(now, federationPlayerId(await playerIdKey(store.db), "ITTF:7"));
    assert.equal(
      await store.db.selectFrom("players").select("id").where("id", "=", old).executeTakeFirst(),
      undefined,
    );
    assert.equal(await idOf(store, "ITTF:7"), now);
    const ids = (await store.db.selectFrom("players").select("id").execute()).map((r) => r.id);
    assert.ok(ids.includes(ben.id), "a player without a federation id keeps the id the file's key gave");

    const api = apiClient(store);
    const rankings = (await api.request("/api/v1/rankings")).body.data.rankings;
    assert.deepEqual(rankings.map((r: { playerId: string }) => r.playerId).sort(), [now, ben.id].sort());
    // The old id answers as the new one in the API (an alias) ...
    const byOld = await api.request(`/api/v1/events/legacy-open/matches?player=${old}`);
    const byNew = await api.request(`/api/v1/events/legacy-open/matches?player=${now}`);
    assert.equal(byOld.status, 200);
    assert.equal(byOld.body.data.matches.length, 1);
    assert.deepEqual(byOld.body.data, byNew.body.data);
    assert.equal(byOld.res.headers.get("etag"), byNew.res.headers.get("etag"));
    // ... and its page moves permanently to the new one.
    const page = await api.app.request(`/t/legacy-open/p/${old}`);
    assert.equal(page.status, 301);
    assert.equal(page.headers.get("Location"), `/t/legacy-open/p/${now}`);
    const moved = await api.app.request(`/t/legacy-open/p/${now}`);
    assert.equal(moved.status, 200);
    assert.match(await moved.text(), /Ana Old/);
  },
);
