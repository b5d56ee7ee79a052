import assert from "node:assert/strict";
import { type KyselyPlugin, sql } from "kysely";
import { writeMatch } from "../../db/match_writes.ts";
import { bumpRevision } from "../../db/revision.ts";
import { CACHE_CONTROL } from "../../http/http_cache.ts";
import { createApp } from "../../main.ts";
import type { Store } from "../../db/store.ts";
import { apiClient, checkAgainstDocument, decode } from "../support/api_client.ts";
import { bump, makeMatch, seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { tournamentTest } from "../support/tournament_test.ts";

/** The store with a counter of the queries run through it. */
function counting(store: Store): { store: Store; queries: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n++;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { store: { ...store, db: store.db.withPlugin(plugin) }, queries: () => n };
}

function paths(s: Awaited<ReturnType<typeof seedTournament>>): string[] {
  return [
    "/api/v1/events",
    `/api/v1/events/${s.event.slug}`,
    `/api/v1/events/${s.event.slug}/players`,
    `/api/v1/events/${s.event.slug}/matches?player=${s.knockout.players[0]}`,
    `/api/v1/subevents/${s.knockout.id}/draw`,
    `/api/v1/subevents/${s.groups.id}/standings`,
    `/api/v1/subevents/${s.knockout.id}/matches`,
    `/api/v1/matches/${s.matches.r1Running}`,
    "/api/v1/rankings?limit=5",
  ];
}

tournamentTest(
  "[api] every /api/v1 response carries Cache-Control, CORS and Vary, errors included",
  async ({ s, api }) => {
    const requests: [string, RequestInit][] = [
      ...paths(s).map((p): [string, RequestInit] => [p, {}]),
      ["/api/v1/no-such-resource", {}],
      ["/api/v1", {}],
      ["/api/v1/", {}],
      ["/api/v1/events/", {}],
      ["/api/v1/rankings?limit=x", {}],
      ["/api/v1/events", { method: "DELETE" }],
      ["/api/v1/events", { method: "OPTIONS" }],
      ["/api/v1/events", { method: "HEAD" }],
    ];
    for (const [path, init] of requests) {
      const { res } = await api.request(path, init); // checks the shared headers and the body
      assert.equal(res.headers.get("cache-control"), CACHE_CONTROL);
      assert.equal(res.headers.get("access-control-allow-origin"), "*");
      assert.ok(!(res.headers.get("content-type") ?? "").includes("html"), `${path} is never HTML`);
    }
  },
);

tournamentTest(
  "[api] OPTIONS answers the CORS preflight with 204 and the allowed methods",
  async ({ s, api }) => {
    for (const path of [...paths(s), "/api/v1/openapi.json"]) {
      const { status, res } = await api.request(path, {
        method: "OPTIONS",
        headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET" },
      });
      assert.equal(status, 204, path);
      assert.equal(res.headers.get("access-control-allow-methods"), "GET, HEAD, OPTIONS");
      assert.match(res.headers.get("access-control-allow-headers") ?? "", /If-None-Match/);
    }
    assert.equal((await api.request("/api/v1/nothing-here", { method: "OPTIONS" })).status, 404);
  },
);

tournamentTest("[api] a method other than GET, HEAD and OPTIONS is a 405 with Allow", async ({ s, api }) => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    for (const path of paths(s)) {
      const { status, res, body } = await api.request(path, { method });
      assert.equal(status, 405, `${method} ${path}`);
      assert.equal(res.headers.get("allow"), "GET, HEAD, OPTIONS");
      assert.equal(body.type, "/api#problem-method-not-allowed");
    }
  }
  assert.equal((await api.request("/api/v1/unknown", { method: "POST" })).status, 404);
});

tournamentTest("[api] HEAD answers like GET without a body", async ({ s, api }) => {
  for (const path of paths(s)) {
    const get = await api.request(path);
    const head = await api.request(path, { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.text, "");
    assert.equal(head.res.headers.get("etag"), get.res.headers.get("etag"));
    assert.equal(head.res.headers.get("content-type"), "application/json");
    assert.equal(
      head.res.headers.get("content-length"),
      String(new TextEncoder().encode(get.text).length),
      path,
    );
  }
  assert.equal((await api.request(`/api/v1/matches/${crypto.randomUUID()}`, { method: "HEAD" })).status, 404);
});

storeTest("[api] a matching If-None-Match is a 304 without running the page's queries", async (store) => {
  const s = await seedTournament(store.db);
  const counted = counting(store);
  const api = apiClient(counted.store);
  for (const path of paths(s)) {
    const first = await api.request(path);
    const etag = first.res.headers.get("etag");
    assert.match(
      etag ?? "",
      /^W\/"(r\d+|l\d+|e\d+|s\d+|k\d+|R\d+|P(\.[se]\d+)*|m\d+\.\d+\.[0-9a-f]{8})-[0-9a-f]{8}"$/,
    );
    const before = counted.queries();
    const again = await api.request(path, { headers: { "If-None-Match": etag! } });
    assert.equal(again.status, 304, path);
    assert.equal(again.text, "");
    assert.equal(again.res.headers.get("etag"), etag);
    // The global revision comes from the revision source (db/revision_cache.ts); a match or an event reads its
    // own version (db/read_versions.ts): one small query, none of the page's.
    assert.ok(counted.queries() - before <= 1, `${path}: at most the version is read`);
    for (const header of [`"x", ${etag}`, etag!.replace(/^W\//, ""), "*"]) {
      assert.equal((await api.request(path, { headers: { "If-None-Match": header } })).status, 304, header);
    }
    assert.equal((await api.request(path, { headers: { "If-None-Match": 'W/"r0-00000000"' } })).status, 200);
  }
});

tournamentTest(
  "[api] If-None-Match: * is a 304 only for what exists: unknown ids and drafts stay 404",
  async ({ s, api }) => {
    const nobody = crypto.randomUUID();
    const missing = [
      `/api/v1/matches/${nobody}`,
      `/api/v1/subevents/${nobody}/draw`,
      `/api/v1/subevents/${nobody}/matches`,
      `/api/v1/subevents/${nobody}/standings`,
      "/api/v1/events/no-such-event",
      `/api/v1/events/${s.draft.slug}`,
      `/api/v1/events/${s.draft.slug}/players`,
      `/api/v1/subevents/${s.draft.categoryId}/matches`,
      `/api/v1/matches/${s.draft.matchId}`,
    ];
    for (const path of missing) {
      const res = await api.request(path, { headers: { "If-None-Match": "*" } });
      assert.equal(res.status, 404, path);
      assert.equal(res.res.headers.get("etag"), null, `${path}: no ETag that would reveal a version`);
    }
    for (const path of paths(s)) {
      assert.equal((await api.request(path, { headers: { "If-None-Match": "*" } })).status, 304, path);
    }
  },
);

tournamentTest(
  "[api] a write changes the ETag and the next request sees the new data",
  async ({ s, api, store }) => {
    const path = `/api/v1/subevents/${s.knockout.id}/matches`;
    const first = await api.request(path);
    const etag = first.res.headers.get("etag")!;
    await store.db.updateTable("matches").set({
      status: "completed",
      winner_entry_id: s.knockout.entries[3]!,
      games: "[[8,11],[11,4],[11,9],[11,7]]",
      current_home: 0,
      current_away: 0,
    })
      .where("id", "=", s.matches.r1Running).execute();
    await bump(store.db);
    const after = await api.request(path, { headers: { "If-None-Match": etag } });
    assert.equal(after.status, 200);
    assert.notEqual(after.res.headers.get("etag"), etag);
    const m = after.body.data.matches.find((x: { id: string }) => x.id === s.matches.r1Running);
    assert.equal(m.status, "completed");
    assert.deepEqual(m.gamesWon, { home: 3, away: 1 });
  },
);

tournamentTest("[api] ETags differ between resources at the same revision", async ({ s, api }) => {
  const tags = new Set<string>();
  for (const path of paths(s)) tags.add((await api.request(path)).res.headers.get("etag")!);
  assert.equal(tags.size, paths(s).length);
});

tournamentTest(
  "[api] large bodies are compressed with br or gzip as the client asks, small ones never",
  async ({ s, api }) => {
    const big = `/api/v1/subevents/${s.knockout.id}/draw`;
    const plain = await api.request(big);
    assert.ok(plain.text.length > 1024);
    assert.equal(plain.res.headers.get("content-encoding"), null);
    const codings: [string, string][] = [["gzip", "gzip"], ["gzip, deflate, br", "br"], [
      "br;q=0.1, gzip",
      "gzip",
    ], [
      "*",
      "br",
    ]];
    for (const [accept, coding] of codings) {
      const res = await api.app.request(big, { headers: { "Accept-Encoding": accept } });
      assert.equal(res.headers.get("content-encoding"), coding, accept);
      assert.match(res.headers.get("vary") ?? "", /Accept-Encoding/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      assert.ok(bytes.length < plain.text.length, "compressed is smaller");
      const text = await decode(bytes, coding);
      checkAgainstDocument("GET", big, res.status, res.headers, text);
      assert.deepEqual(JSON.parse(text).data, plain.body.data);
    }
    const identity = await api.app.request(big, { headers: { "Accept-Encoding": "identity, gzip;q=0" } });
    assert.equal(identity.headers.get("content-encoding"), null);
    const small = await api.app.request(`/api/v1/matches/${crypto.randomUUID()}`, {
      headers: { "Accept-Encoding": "br" },
    });
    assert.equal(small.headers.get("content-encoding"), null, "a small error body is sent as it is");
    const head = await api.app.request(big, { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    assert.equal(head.headers.get("content-encoding"), "gzip", "HEAD has the headers of the GET");
    assert.equal((await head.arrayBuffer()).byteLength, 0);
  },
);

storeTest("[api] a server failure is a 500 problem without details and is logged", async (store) => {
  const s = await seedTournament(store.db);
  await makeMatch(store.db, {
    event_id: s.event.id,
    subevent_id: s.knockout.id,
    round_no: 9,
    home_entry_id: s.knockout.entries[0]!,
    away_entry_id: s.knockout.entries[1]!,
    games: "{corrupt",
  });
  const logged: string[] = [];
  const log = { info() {}, warn() {}, error: (m: string) => logged.push(m) };
  const app = createApp({ store, log, clock: () => new Date() });
  const path = `/api/v1/subevents/${s.knockout.id}/matches`;
  const res = await app.request(path);
  const text = await res.text();
  checkAgainstDocument("GET", path, res.status, res.headers, text);
  assert.equal(res.status, 500);
  const body = JSON.parse(text);
  assert.equal(body.type, "/api#problem-internal-error");
  assert.doesNotMatch(text, /corrupt|at |\.ts/);
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /StoredMatchError/);
});

tournamentTest(
  "[api] a write to one match leaves the ETags of other matches and other events alone",
  async ({ s, api, store }) => {
    const other = `/api/v1/matches/${s.matches.r1Done}`;
    const written = `/api/v1/matches/${s.matches.r1Running}`;
    const before = (await api.request(other)).res.headers.get("etag")!;
    const writtenBefore = (await api.request(written)).res.headers.get("etag")!;
    // What the write path does for a point: the match's revision and time, then the revisions.
    await store.db.updateTable("matches").set({
      current_home: 9,
      revision: sql`revision + 1`,
      updated_at: "2026-11-28T10:00:00.123Z",
    }).where("id", "=", s.matches.r1Running).execute();
    await bumpRevision(store.db, s.event.id);
    assert.equal((await api.request(other, { headers: { "If-None-Match": before } })).status, 304);
    const after = await api.request(written, { headers: { "If-None-Match": writtenBefore } });
    assert.equal(after.status, 200);
    assert.equal(after.body.data.live.currentGame.home, 9);
  },
);

tournamentTest(
  "[api] a point in one category leaves the answers of the other categories valid, and changes its own",
  async ({ s, api, store }) => {
    const paths = (id: string) =>
      ["matches", "standings", "draw"].map((what) => `/api/v1/subevents/${id}/${what}`);
    const etags = async (id: string) =>
      await Promise.all(paths(id).map(async (p) => (await api.request(p)).res.headers.get("etag")!));
    const groupsBefore = await etags(s.groups.id);
    const knockoutBefore = await etags(s.knockout.id);
    await writeMatch(store, s.matches.r1Running, { type: "point", side: "home" }, {
      actor: "test",
      now: new Date("2026-11-28T10:00:00.000Z"),
    });
    for (const [i, path] of paths(s.groups.id).entries()) {
      const r = await api.request(path, { headers: { "If-None-Match": groupsBefore[i]! } });
      assert.equal(r.status, 304, `${path}: another category's answer is still valid`);
    }
    for (const [i, path] of paths(s.knockout.id).entries()) {
      const r = await api.request(path, { headers: { "If-None-Match": knockoutBefore[i]! } });
      assert.equal(r.status, 200, `${path}: the written category's answer changed`);
    }
    const list = await api.request(`/api/v1/subevents/${s.knockout.id}/matches`);
    const running = list.body.data.matches.find((m: { id: string }) => m.id === s.matches.r1Running);
    assert.ok(running, "the running match is listed");
    // An event-wide write (publish, import) changes every category.
    await store.db.transaction().execute((trx) => bumpRevision(trx, s.event.id));
    const again = await api.request(paths(s.groups.id)[0]!, {
      headers: { "If-None-Match": groupsBefore[0]! },
    });
    assert.equal(again.status, 200);
  },
);

tournamentTest(
  "[api] a point leaves the rankings' answer valid; a decided match changes it",
  async ({ s, api, store }) => {
    const path = "/api/v1/rankings";
    const before = (await api.request(path)).res.headers.get("etag")!;
    assert.match(before, /^W\/"k\d+-/);
    const now = new Date("2026-11-28T10:00:00.000Z");
    await writeMatch(store, s.matches.r1Running, { type: "point", side: "home" }, { actor: "test", now });
    assert.equal((await api.request(path, { headers: { "If-None-Match": before } })).status, 304);
    await writeMatch(store, s.matches.r1Running, { type: "retire", side: "away" }, { actor: "test", now });
    const after = await api.request(path, { headers: { "If-None-Match": before } });
    assert.equal(after.status, 200, "the retirement was rated: the rankings changed");
    const counted = await store.db.selectFrom("ratings").select((eb) => eb.fn.countAll<number>().as("n"))
      .where("listed", "=", 1).executeTakeFirstOrThrow();
    assert.equal(after.body.meta.total, Number(counted.n), "the total follows a player's first rating");
  },
);
