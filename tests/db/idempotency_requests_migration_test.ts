import assert from "node:assert/strict";
import { down, up } from "../../db/migrations/2026_11_27_000001_idempotency_requests.ts";
import { storeTest } from "../support/stores.ts";

storeTest(
  "migration idempotency_requests keeps an older store's keys, with no fingerprint, and goes back",
  async (store) => {
    await down(store.db);
    const at = "2026-11-27T10:00:00.000Z";
    // deno-lint-ignore no-explicit-any
    await (store.db as any).insertInto("idempotency_keys").values({
      key: "m:t:k",
      response: "3",
      created_at: at,
    })
      .execute();
    await up(store.db);
    const row = await store.db.selectFrom("idempotency_keys").selectAll().executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { key: "m:t:k", response: "3", request: null, created_at: at });
  },
);
