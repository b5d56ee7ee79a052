import assert from "node:assert/strict";
import { apiClient } from "../support/api_client.ts";
import { makePlayer, makeRating } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import type { Store } from "../../db/store.ts";

async function leaderboard(store: Store, ratings: number[]) {
  const players = [];
  for (const [i, rating] of ratings.entries()) {
    const p = await makePlayer(store.db, { display_name: `P${i}`, association: i % 2 ? null : "Club" });
    await makeRating(store.db, { player_id: p.id, rating, match_count: i });
    players.push({ id: p.id, rating });
  }
  return players;
}

storeTest("[api] GET /api/v1/rankings orders by rating then player id and rounds ratings", async (store) => {
  const players = await leaderboard(store, [1500.4, 1720.6, 1500.4, 1499.5]);
  const hidden = await makePlayer(store.db, { listed: 0, display_name: "Unlisted" });
  await makeRating(store.db, { player_id: hidden.id, rating: 3000 });
  await makePlayer(store.db, { display_name: "Unrated" });
  const { status, body } = await apiClient(store).request("/api/v1/rankings");
  assert.equal(status, 200);
  const tied = [players[0]!.id, players[2]!.id].sort();
  assert.deepEqual(body.data.rankings.map((r: { playerId: string }) => r.playerId), [
    players[1]!.id,
    ...tied,
    players[3]!.id,
  ]);
  assert.deepEqual(body.data.rankings.map((r: { rank: number }) => r.rank), [1, 2, 3, 4]);
  assert.deepEqual(body.data.rankings.map((r: { rating: number }) => r.rating), [1721, 1500, 1500, 1500]);
  assert.deepEqual(body.data.rankings[0], {
    rank: 1,
    playerId: players[1]!.id,
    displayName: "P1",
    rating: 1721,
    matchCount: 1,
    association: null,
    deviation: 120,
  });
  assert.deepEqual(body.meta, { generatedAt: "2026-11-28T10:00:00.000Z", total: 4, limit: 100, offset: 0 });
});

storeTest(
  "[api] GET /api/v1/rankings pages with limit and offset, ranks counting over the whole list",
  async (store) => {
    const players = await leaderboard(store, [1900, 1800, 1700, 1600, 1500]);
    const api = apiClient(store);
    const page = await api.request("/api/v1/rankings?limit=2&offset=2");
    assert.deepEqual(
      page.body.data.rankings.map((r: { rank: number; playerId: string }) => [r.rank, r.playerId]),
      [
        [3, players[2]!.id],
        [4, players[3]!.id],
      ],
    );
    assert.deepEqual({ ...page.body.meta, generatedAt: undefined }, {
      generatedAt: undefined,
      total: 5,
      limit: 2,
      offset: 2,
    });
    const past = await api.request("/api/v1/rankings?offset=10");
    assert.deepEqual(past.body.data.rankings, []);
    assert.equal(past.body.meta.total, 5);
    const max = await api.request("/api/v1/rankings?limit=500");
    assert.equal(max.status, 200);
    assert.equal(max.body.meta.limit, 500);
  },
);

storeTest("[api] GET /api/v1/rankings answers 400 naming the bad parameter", async (store) => {
  const api = apiClient(store);
  type Case = [query: string, parameter: string, expected: string];
  const limit = "expected an integer from 1 to 500";
  const offset = "expected an integer from 0 to 1000000";
  const cases: Case[] = [
    ...["0", "501", "abc", "1.5", "-1", ""].map((v): Case => [`limit=${v}`, "limit", limit]),
    ["limit=1&limit=2", "limit", "given once"],
    ...["-1", "1e3", "99999999999999999999"].map((v): Case => [`offset=${v}`, "offset", offset]),
  ];
  for (const [query, parameter, expected] of cases) {
    const { status, res, body } = await api.request(`/api/v1/rankings?${query}`);
    assert.equal(status, 400, query);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.equal(body.parameter, parameter, query);
    assert.equal(body.type, "/api#problem-invalid-parameter");
    assert.ok(body.detail.startsWith(`Invalid query parameter "${parameter}": `), body.detail);
    assert.ok(body.detail.includes(expected), body.detail);
    assert.equal(body.instance, `/api/v1/rankings?${query}`);
  }
});

storeTest("[api] GET /api/v1/rankings gives each page its own ETag", async (store) => {
  await leaderboard(store, [1900, 1800]);
  const api = apiClient(store);
  const a = (await api.request("/api/v1/rankings?limit=1")).res.headers.get("etag");
  const b = (await api.request("/api/v1/rankings?limit=1&offset=1")).res.headers.get("etag");
  const c = (await api.request("/api/v1/rankings?offset=0&limit=1")).res.headers.get("etag");
  assert.notEqual(a, b);
  assert.equal(a, c, "the same page in another parameter order has the same ETag");
});
