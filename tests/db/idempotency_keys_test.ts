import assert from "node:assert/strict";
import {
  KEY_RETENTION_MS,
  PRUNE_BATCH,
  pruneKeys,
  rememberKey,
  rememberRefusal,
  seenKey,
} from "../../db/idempotency_keys.ts";
import type { Store } from "../../db/store.ts";
import { storeTest } from "../support/stores.ts";

const T0 = new Date("2026-11-26T10:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

const remember = (store: Store, key: string, now: Date, request = 'point {"side":"home"}') =>
  store.db.transaction().execute(async (trx) => {
    await rememberKey(trx, key, request, 1, now);
    await pruneKeys(trx, store.dialect, now);
  });
/** The key as a write sees it, read as the write reads it with its match (db/read_manage.ts). */
const find = async (store: Store, key: string, now: Date) => {
  const row = await store.db.selectFrom("idempotency_keys")
    .select(["created_at as key_created_at", "request as key_request", "response as key_response"])
    .where("key", "=", key).executeTakeFirst();
  return seenKey(row ?? { key_created_at: null, key_request: null, key_response: null }, now);
};
const seen = async (store: Store, key: string, now: Date) => (await find(store, key, now)) !== null;
const keys = async (store: Store) =>
  (await store.db.selectFrom("idempotency_keys").select("key").orderBy("key").execute()).map((r) => r.key);

storeTest("seenKey() recognises a key for the whole retention and not after it", async (store) => {
  await remember(store, "m:k", T0);
  assert.equal(await seen(store, "m:k", T0), true);
  assert.equal(await seen(store, "m:k", later(KEY_RETENTION_MS - 1)), true);
  assert.equal(await seen(store, "m:k", later(KEY_RETENTION_MS + 1)), false);
  assert.equal(await seen(store, "m:other", T0), false);
});

storeTest("rememberKey() replaces an expired key of the same name", async (store) => {
  await remember(store, "m:k", T0);
  const t = later(KEY_RETENTION_MS + 1000);
  await remember(store, "m:k", t);
  assert.equal(await seen(store, "m:k", t), true);
  assert.deepEqual(await keys(store), ["m:k"]);
});

storeTest(
  "pruneKeys() removes expired keys, at most a batch per write, and keeps the others",
  async (store) => {
    const old = Array.from({ length: PRUNE_BATCH + 5 }, (_, i) => `old:${String(i).padStart(4, "0")}`);
    await store.db.insertInto("idempotency_keys")
      .values(old.map((key) => ({ key, response: "1", created_at: T0.toISOString() }))).execute();
    await remember(store, "recent:1", later(KEY_RETENTION_MS / 2));
    const t = later(KEY_RETENTION_MS + 1000);
    await remember(store, "new:1", t);
    const left = await keys(store);
    assert.equal(left.filter((k) => k.startsWith("old:")).length, 5, "one batch of expired keys went");
    assert.ok(left.includes("recent:1") && left.includes("new:1"), "keys within the retention stay");
    await remember(store, "new:2", t);
    assert.deepEqual(await keys(store), ["new:1", "new:2", "recent:1"]);
  },
);

storeTest("seenKey() answers the fingerprint of the request first sent with the key", async (store) => {
  await remember(store, "m:k", T0, 'point {"side":"home"}');
  assert.deepEqual(await find(store, "m:k", T0), { request: 'point {"side":"home"}', refusal: null });
  // A key stored before fingerprints were kept has none.
  await store.db.insertInto("idempotency_keys").values({
    key: "m:old",
    response: "1",
    created_at: T0.toISOString(),
  })
    .execute();
  assert.deepEqual(await find(store, "m:old", T0), { request: null, refusal: null });
  // An expired key that comes again is a new key: it takes the new request's fingerprint.
  const t = later(KEY_RETENTION_MS + 1000);
  await remember(store, "m:k", t, "undo {}");
  assert.deepEqual(await find(store, "m:k", t), { request: "undo {}", refusal: null });
});

storeTest(
  "rememberRefusal() keeps a refused request's key with the refusal, answered by seenKey()",
  async (store) => {
    const refusal = { code: "scoring" as const, message: "Cannot undo the last point or correction" };
    await store.db.transaction().execute((trx) => rememberRefusal(trx, "m:r", "undo {}", refusal, T0));
    assert.deepEqual(await find(store, "m:r", T0), { request: "undo {}", refusal });
  },
);
