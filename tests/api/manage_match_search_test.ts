import assert from "node:assert/strict";
import type { Hono } from "hono";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manageApp, manualClock, seedKnockout } from "./manage_fixtures.ts";

interface Listed {
  id: string;
  status: string;
  completedAt: string | null;
  homeName: string | null;
  awayName: string | null;
  tableNo: number | null;
  resultReasonCode: string | null;
}

async function post(app: Hono, token: string, id: string, action: string, body: unknown) {
  const key = { "Idempotency-Key": crypto.randomUUID() };
  const res = await app.request(`/api/manage/matches/${id}/${action}`, call(token, "POST", body, key));
  assert.equal(res.status, 200, await res.clone().text());
}

async function list(app: Hono, token: string, query: string) {
  const res = await app.request(`/api/manage/events/big-open/matches?${query}`, call(token, "GET"));
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/);
  return (await res.json()).data as { matches: Listed[]; total: number; limit: number; offset: number };
}

/**
 * A knockout of 64 with 48 results: the first round alternately by walkover and keyed in from score sheets, the
 * second from sheets, a minute apart; the first match finished is then moved between tables many times, so that
 * it is the match written most often.
 */
async function setup(store: Parameters<Parameters<typeof storeTest>[1]>[0]) {
  const ev = await seedKnockout(store.db, { slug: "big-open", size: 64 });
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  const clock = manualClock();
  const app = manageApp(store, clock.now);
  const sheet = { games: [{ home: 11, away: 7 }, { home: 11, away: 9 }] };
  for (const [i, id] of ev.rounds[0]!.entries()) {
    clock.advance(60_000);
    await post(
      app,
      admin,
      id,
      ...(i % 2 === 0 ? ["walkover", { winner: "away" }] : ["result", sheet]) as [
        string,
        unknown,
      ],
    );
  }
  for (const id of ev.rounds[1]!) {
    clock.advance(60_000);
    await post(app, admin, id, "result", sheet);
  }
  for (let i = 0; i < 12; i++) await post(app, admin, ev.rounds[0]![0]!, "assign", { tableNo: 1 + (i % 3) });
  return { ev, admin, app };
}

storeTest(
  "[api] GET /api/manage/events/:slug/matches pages through every result, newest finished first",
  async (store) => {
    const { ev, admin, app } = await setup(store);
    const seen: Listed[] = [];
    for (let offset = 0;; offset += 20) {
      const page = await list(app, admin, `status=completed&limit=20&offset=${offset}`);
      assert.equal(page.total, 48);
      assert.equal(page.offset, offset);
      seen.push(...page.matches);
      if (page.matches.length < 20) break;
    }
    assert.equal(seen.length, 48);
    assert.equal(new Set(seen.map((m) => m.id)).size, 48);
    const finished = seen.map((m) => m.completedAt!);
    assert.deepEqual(finished, [...finished].sort().reverse());
    // The last result first; the first walkover, written most often, last.
    assert.equal(seen[0]!.id, ev.rounds[1]!.at(-1));
    assert.equal(seen.at(-1)!.id, ev.rounds[0]![0]);
    assert.equal(seen.at(-1)!.resultReasonCode, "walkover");
    assert.equal(seen.filter((m) => m.resultReasonCode === "walkover").length, 16);
  },
);

storeTest(
  "[api] GET /api/manage/events/:slug/matches filters by category, table, status, player and search",
  async (store) => {
    const { ev, admin, app } = await setup(store);
    const all = await list(app, admin, "limit=200");
    assert.equal(all.total, 63);
    // In progress first (none), then scheduled, then the results.
    assert.deepEqual(all.matches.slice(0, 15).map((m) => m.status), Array(15).fill("scheduled"));
    assert.equal(all.matches[15]!.status, "completed");

    assert.equal((await list(app, admin, "category=MS")).total, 63);
    assert.equal((await list(app, admin, `category=${ev.categoryId}&status=scheduled`)).total, 15);
    assert.equal((await list(app, admin, "category=WS")).total, 0);

    const table = await list(app, admin, "table=30");
    assert.deepEqual(table.matches.map((m) => m.id), [ev.rounds[0]![29]]);

    // Player 17 lost a walkover in round 1 (match 9); any case, part of the name.
    const player = await list(app, admin, "player=BIG-OPEN%2017");
    assert.deepEqual(player.matches.map((m) => m.id), [ev.rounds[0]![8]]);
    assert.equal(player.matches[0]!.resultReasonCode, "walkover");

    // Player 18 won it and the second round's match 5, and plays the third round's match 3.
    const search = await list(app, admin, "q=open%2018");
    assert.deepEqual(search.matches.map((m) => m.id), [ev.rounds[2]![2], ev.rounds[1]![4], ev.rounds[0]![8]]);
    assert.deepEqual(
      (await list(app, admin, "q=round%202%20match%2016")).matches.map((m) => m.id),
      [ev.rounds[1]![15]],
    );
    assert.equal((await list(app, admin, "q=100%25")).total, 0);
    assert.equal((await list(app, admin, "q=Final&status=scheduled")).total, 1);
  },
);

storeTest(
  "[api] GET /api/manage/events/:slug/matches refuses a bad query with 400 invalid-query",
  async (store) => {
    await seedKnockout(store.db, { slug: "big-open" });
    const admin = await makeToken(store.db, "admin");
    const app = manageApp(store);
    for (
      const [query, field] of <[string, string][]> [
        ["status=done", "status"],
        ["table=0", "table"],
        ["limit=500", "limit"],
        ["offset=-1", "offset"],
        [`player=${"x".repeat(101)}`, "player"],
      ]
    ) {
      const res = await app.request(`/api/manage/events/big-open/matches?${query}`, call(admin, "GET"));
      assert.equal(res.status, 400, query);
      assert.equal(res.headers.get("Content-Type"), "application/problem+json");
      const body = await res.json();
      assert.equal(body.code, "invalid-query");
      assert.equal(body.field, field);
    }
    const missing = await app.request("/api/manage/events/nope/matches", call(admin, "GET"));
    assert.equal(missing.status, 404);
  },
);
