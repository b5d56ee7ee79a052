/**
 * GET /api/manage/metrics: the service's metrics in Prometheus's text format, to an admin token only, on each
 * store; requests counted by route pattern (never the URL), the answer cache's hits, the store's statements.
 */
import assert from "node:assert/strict";
import { ServiceMetrics } from "../../http/metrics.ts";
import { AnswerCache } from "../../http/answer_cache.ts";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { openStore } from "../../db/store.ts";
import { silentLogger } from "../../lib/log.ts";
import { createHandler } from "../../main.ts";
import { demoWithAdmin } from "../support/demo_store.ts";
import { storeTest } from "../support/stores.ts";
import { createToken } from "../../db/tokens.ts";

storeTest(
  "[api] GET /api/manage/metrics counts requests by route, cache hits and the store's gauges",
  async (store) => {
    const now = new Date();
    const admin = await demoWithAdmin(store, "metrics admin", now);
    const scorer = (await createToken(store.db, { role: "scorer", label: "scorer" }, now)).secret;
    const metrics = new ServiceMetrics();
    const answers = new AnswerCache();
    metrics.watch(store, answers);
    const handler = createHandler({ store, log: silentLogger, clock: () => now, metrics, answers });
    const get = (path: string, token?: string) =>
      Promise.resolve(handler(
        new Request(`http://localhost${path}`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        }),
      ));
    for (let i = 0; i < 3; i++) await (await get("/api/v1/events/demo-open-2026")).body?.cancel();
    await (await get("/api/v1/matches/no-such-match")).body?.cancel();

    assert.equal((await get("/api/manage/metrics")).status, 401);
    assert.equal((await get("/api/manage/metrics", scorer)).status, 403);
    const res = await get("/api/manage/metrics", admin);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
    assert.equal(res.headers.get("Cache-Control"), "no-store");
    const text = await res.text();
    const value = (series: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`${series} `));
      assert.ok(line, `${series} in:\n${text}`);
      return Number(line.slice(series.length + 1));
    };
    // The first request is answered by the app and kept; the next two come from the kept answers.
    assert.equal(
      value('tt_http_request_duration_seconds_count{route="/api/v1/events/:slug",method="GET",status="200"}'),
      1,
    );
    assert.equal(value('tt_answer_cache_requests_total{result="hit"}'), 2);
    assert.equal(
      value('tt_http_request_duration_seconds_count{route="/api/v1/matches/:id",method="GET",status="404"}'),
      1,
    );
    assert.doesNotMatch(text, /no-such-match/, "labels are route patterns, never URLs");
    assert.ok(value("tt_answer_cache_entries") >= 1);
    assert.ok(value("tt_process_resident_memory_bytes") > 0);
    if (store.dialect === "postgres") {
      assert.match(text, /^tt_store_pool_connections\{state="idle"\} \d+$/m);
      assert.match(text, /^tt_revision_channel_listening [01]$/m);
    }
  },
);

Deno.test("openStore() tells onQuery of every statement: its kind, seconds and failure", async () => {
  const seen: [string, number, boolean][] = [];
  const store = await openStore(parseDatabaseUrl("sqlite::memory:"), {
    onQuery: (kind, seconds, failed) => seen.push([kind, seconds, failed]),
  });
  try {
    seen.length = 0;
    await store.db.selectFrom("events").select("id").execute();
    await store.db.insertInto("revisions").values({ scope: "global", value: 1 }).execute().catch(() => {});
    assert.equal(seen[0]![0], "select");
    assert.equal(seen[0]![2], false);
    assert.ok(seen[0]![1] >= 0);
    assert.deepEqual(seen.slice(1).map(([kind, , failed]) => [kind, failed]), [["insert", true]]);
  } finally {
    await store.close();
  }
});
