import assert from "node:assert/strict";
import { makeHub } from "../../views/change_stream_hub.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { storeReads } from "../../db/store_reads.ts";
import type { Store } from "../../db/store.ts";
import { silentLogger } from "../../lib/log.ts";
import { createHandler } from "../../main.ts";
import { decodeCursor } from "../../views/change_cursor.ts";
import { NOW } from "../support/api_client.ts";
import { sseReader } from "../support/sse_reader.ts";
import { tournamentTest } from "../support/tournament_test.ts";

const ctx = { actor: "test", now: NOW };
const STREAM = { Accept: "text/event-stream" };

/** A server handler whose hub looks at the store every 5 ms and counts its reads of the feed. */
function streamingServer(store: Store, limits: { perClient?: number; total?: number } = {}) {
  const reads = storeReads(store);
  const hub = makeHub(store, reads, {
    checkMs: 5,
    heartbeatMs: 60_000,
    perClient: limits.perClient ?? 100,
    total: limits.total ?? 1000,
  });
  const handler = createHandler({ store, reads, streams: hub, log: silentLogger, clock: () => NOW });
  const get = (path: string, headers: Record<string, string> = STREAM) =>
    Promise.resolve(handler(new Request(`http://localhost${path}`, { headers })));
  return { hub, get };
}

tournamentTest(
  "[api] GET /api/v1/events/:slug/changes as text/event-stream sends a point's changes as they happen",
  async ({ s, store }) => {
    const { hub, get } = streamingServer(store);
    const res = await get(`/api/v1/events/${s.event.slug}/changes`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/event-stream; charset=utf-8");
    assert.equal(res.headers.get("cache-control"), "no-store");
    const frames = sseReader(res.body!);
    const ready = await frames.until("ready");
    assert.ok(decodeCursor(ready.id!), "the ready frame's id is a cursor of the feed");
    await writeMatch(store, s.matches.groupRunning, { type: "point", side: "home" }, ctx);
    const changes = await frames.until("changes");
    const body = JSON.parse(changes.data);
    assert.ok(body.changes.some((c: { id: string }) => c.id === s.matches.groupRunning));
    assert.equal(changes.id, body.next);
    // The JSON feed from the ready cursor says the same.
    const json = await (await get(`/api/v1/events/${s.event.slug}/changes?since=${ready.id}`, {})).json();
    assert.deepEqual(json.data.changes, body.changes);
    await frames.cancel();
    assert.equal(hub.open, 0);
  },
);

tournamentTest(
  "[api] a change stream opened again with Last-Event-ID gets what it missed, once",
  async ({ s, store }) => {
    const { hub, get } = streamingServer(store);
    const url = `/api/v1/events/${s.event.slug}/changes`;
    const first = sseReader((await get(url)).body!);
    const ready = await first.until("ready");
    await first.cancel();
    await writeMatch(store, s.matches.groupRunning, { type: "point", side: "home" }, ctx);
    await writeMatch(store, s.matches.groupRunning, { type: "point", side: "away" }, ctx);
    const again = sseReader((await get(url, { ...STREAM, "Last-Event-ID": ready.id! })).body!);
    const missed = await again.next();
    assert.equal(missed.event, "changes");
    const ids = JSON.parse(missed.data).changes.map((c: { id: string }) => c.id);
    assert.ok(ids.includes(s.matches.groupRunning));
    const resumed = await again.next();
    assert.equal(resumed.event, "ready");
    assert.equal(resumed.id, missed.id, "it goes on from where its catching up ended");
    // The next point comes once.
    await writeMatch(store, s.matches.groupRunning, { type: "point", side: "home" }, ctx);
    const next = await again.until("changes");
    assert.ok(decodeCursor(next.id!)!.seq > decodeCursor(missed.id!)!.seq);
    await again.cancel();
    assert.equal(hub.open, 0);
  },
);

tournamentTest(
  "[api] a change stream with a cursor of another feed is told to start again",
  async ({ s, store }) => {
    const { get } = streamingServer(store);
    const res = await get(`/api/v1/events/${s.event.slug}/changes`, { ...STREAM, "Last-Event-ID": "bogus" });
    assert.equal(res.status, 200);
    const frames = sseReader(res.body!);
    assert.equal((await frames.next()).event, "reset");
    assert.equal((await frames.next()).event, "ready");
    await frames.cancel();
  },
);

tournamentTest(
  "[api] a point is read from the feed once and sent as the same bytes to every open stream",
  async ({ s, store }) => {
    const { hub, get } = streamingServer(store);
    const readers = await Promise.all(
      Array.from(
        { length: 30 },
        async () =>
          sseReader((await get(`/live/changes?watch=/api/v1/matches/${s.matches.groupRunning}`)).body!),
      ),
    );
    for (const r of readers) await r.until("ready");
    assert.equal(hub.open, 30);
    await writeMatch(store, s.matches.groupRunning, { type: "point", side: "home" }, ctx);
    const got = await Promise.all(readers.map((r) => r.until("changes")));
    assert.equal(new Set(got.map((f) => f.data + f.id)).size, 1);
    await Promise.all(readers.map((r) => r.cancel()));
    assert.equal(hub.open, 0);
  },
);

tournamentTest(
  "[api] change streams beyond a client's limit answer 429 as problem JSON; unknown events 404",
  async ({ s, store }) => {
    const { get } = streamingServer(store, { perClient: 2 });
    const url = `/api/v1/events/${s.event.slug}/changes`;
    const open = [await get(url), await get(url)];
    const refused = await get(url);
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get("content-type"), "application/problem+json");
    assert.equal((await refused.json()).code, "too-many-requests");
    assert.equal(refused.headers.get("retry-after"), "10");
    for (const r of open) await r.body!.cancel();
    const missing = await get(`/api/v1/events/no-such-event/changes`);
    assert.equal(missing.status, 404);
    assert.equal((await missing.json()).code, "not-found");
    const hidden = await get(`/live/changes?watch=/api/v1/matches/${s.draft.matchId}`);
    assert.equal(hidden.status, 404);
    const bad = await get(`/live/changes?watch=/api/v1/players/x`);
    assert.equal(bad.status, 400);
    // Without the Accept header, the path is the JSON feed as before.
    const json = await get(url, {});
    assert.equal(json.headers.get("content-type"), "application/json");
    await json.body?.cancel();
  },
);
