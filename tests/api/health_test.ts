/**
 * GET /healthz and /readyz through the server's handler (the hot path and the rate limit in front of the app),
 * on each store: cheap, no-store, and readyz 503 once the store does not answer. The real server with its
 * PostgreSQL stopped is tests/reliability/outage_test.ts.
 */
import assert from "node:assert/strict";
import { isHealthUrl } from "../../api/health.ts";
import { silentLogger } from "../../lib/log.ts";
import { createHandler } from "../../main.ts";
import type { Store } from "../../db/store.ts";
import { DIALECTS, makeStore, storeTest } from "../support/stores.ts";

const handlerOf = (store: Store) => createHandler({ store, log: silentLogger, clock: () => new Date() });

async function get(store: Store, path: string, method = "GET") {
  const res = await handlerOf(store)(new Request(`http://localhost${path}`, { method }));
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

storeTest("[api] GET /healthz answers 200 ok, no-store, without reading the store", async (store) => {
  const { res, body } = await get(store, "/healthz");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/);
  assert.equal(res.headers.get("Cache-Control"), "no-store");
  assert.deepEqual(body, { status: "ok" });
  const head = await get(store, "/healthz", "HEAD");
  assert.equal(head.res.status, 200);
  assert.equal(head.body, null);
});

storeTest("[api] GET /readyz answers 200 ready with the store and its revision channel", async (store) => {
  const { res, body } = await get(store, "/readyz?probe=lb");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/);
  assert.equal(res.headers.get("Cache-Control"), "no-store");
  assert.equal(body.status, "ready");
  assert.equal(body.store, store.dialect);
  if (store.dialect === "sqlite") assert.equal(body.revisionChannel, "none");
  else assert.match(body.revisionChannel, /^(listening|reading)$/);
});

for (const dialect of DIALECTS) {
  Deno.test({
    name: `[${dialect}] [api] GET /readyz answers 503 (no-store, Retry-After) once the store does not answer`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const store = await makeStore(dialect);
      const handler = handlerOf(store);
      try {
        await store.db.destroy(); // every query now fails, as with a store away
        const res = await handler(new Request("http://localhost/readyz"));
        const body = await res.json();
        assert.equal(res.status, 503);
        assert.equal(res.headers.get("Cache-Control"), "no-store");
        assert.equal(res.headers.get("Retry-After"), "2");
        assert.equal(body.status, "unavailable");
        assert.match(body.detail, /^The store does not answer: /);
        const health = await handler(new Request("http://localhost/healthz"));
        assert.equal(health.status, 200, "the process still answers");
        await health.body?.cancel();
      } finally {
        await store.drop().catch(() => {});
      }
    },
  });
}

Deno.test("isHealthUrl() names the two routes only", () => {
  assert.equal(isHealthUrl("http://x:8000/healthz"), true);
  assert.equal(isHealthUrl("https://x/readyz?probe=1"), true);
  assert.equal(isHealthUrl("http://x/readyz/more"), false);
  assert.equal(isHealthUrl("http://x/t/readyz"), false);
  assert.equal(isHealthUrl("http://x/api/v1/events?next=/healthz"), false);
});
