import assert from "node:assert/strict";
import { setEventStatus } from "../../db/manage_writes.ts";
import type { Store } from "../../db/store.ts";
import { apiClient, NOW } from "../support/api_client.ts";
import { twoSeasons } from "../support/player_seasons.ts";
import { storeTest } from "../support/stores.ts";

/** The seasons, with a client of the public API. */
async function seasons(store: Store) {
  return { api: apiClient(store), ...await twoSeasons(store) };
}

storeTest("[api] GET /api/v1/players/:id serves a player across published events", async (store) => {
  const { api, ana, ben } = await seasons(store);
  const autumn = (await api.request("/api/v1/events/autumn/players")).body.data.players;
  assert.ok(autumn.some((p: { id: string }) => p.id === ana), "one id in both events");
  const { status, res, body } = await api.request(`/api/v1/players/${ana}`);
  assert.equal(status, 200);
  assert.equal(res.headers.get("content-type"), "application/json");
  const player = body.data.player;
  assert.equal(player.displayName, "Ana Lopez");
  assert.equal(player.association, "TTC Ghent");
  assert.deepEqual(player.events.map((e: { slug: string }) => e.slug), [
    "autumn",
    "spring",
  ], "latest start first, then by name");
  assert.equal(player.history.length, 2, "one point per rated match of a published event");
  assert.equal(player.rating.rating, player.history[1].rating);
  assert.equal(player.rating.rank, 1);
  assert.ok(player.rating.deviation > 0);
  const rankings = (await api.request("/api/v1/rankings")).body.data.rankings;
  assert.deepEqual(
    rankings.map((r: { playerId: string; deviation: number }) => [r.playerId, r.deviation]),
    [[ana, player.rating.deviation], [
      ben,
      (await api.request(`/api/v1/players/${ben}`)).body.data.player.rating.deviation,
    ]],
  );
});

storeTest(
  "[api] GET /api/v1/players/:id/matches pages newest first and filters by event and opponent",
  async (store) => {
    const { api, ana, ben } = await seasons(store);
    const all = await api.request(`/api/v1/players/${ana}/matches`);
    assert.equal(all.status, 200);
    assert.equal(all.body.meta.total, 3, "two results and one scheduled match, none of the draft");
    assert.deepEqual(all.body.data.matches.map((m: { event: { slug: string } }) => m.event.slug), [
      "autumn",
      "autumn",
      "spring",
    ]);
    assert.equal(all.body.data.matches[0].subeventName, "Singles");
    const page = await api.request(`/api/v1/players/${ana}/matches?limit=1&offset=2`);
    assert.deepEqual(page.body.data.matches.map((m: { match: { id: string } }) => m.match.id), [
      all.body.data.matches[2].match.id,
    ]);
    assert.deepEqual(page.body.meta, { generatedAt: NOW.toISOString(), total: 3, limit: 1, offset: 2 });
    const spring = await api.request(`/api/v1/players/${ana}/matches?event=spring&opponent=${ben}`);
    assert.equal(spring.body.meta.total, 1);
    const hidden = await api.request(`/api/v1/players/${ana}/matches?event=secret`);
    assert.equal(hidden.status, 200);
    assert.equal(hidden.body.meta.total, 0, "a draft's matches never appear");
    assert.equal((await api.request(`/api/v1/players/${ana}/matches?opponent=nope`)).status, 400);
    assert.equal((await api.request(`/api/v1/players/${ana}/matches?event=a&event=b`)).status, 400);
  },
);

storeTest(
  "[api] GET /api/v1/players/:id/head-to-head/:otherId counts their meetings and predicts the next",
  async (store) => {
    const { api, ana, ben } = await seasons(store);
    const { status, body } = await api.request(`/api/v1/players/${ana}/head-to-head/${ben}`);
    assert.equal(status, 200);
    const h = body.data.headToHead;
    assert.deepEqual([h.player.wins, h.player.games, h.player.points], [2, 4, 44]);
    assert.deepEqual([h.other.wins, h.other.games, h.other.points], [0, 0, 22]);
    assert.equal(h.matches.length, 3, "the scheduled meeting is listed, and not counted");
    assert.ok(h.prediction.pPlayer > 0.5 && h.prediction.ciLow <= h.prediction.pPlayer);
    assert.ok(h.prediction.ciHigh >= h.prediction.pPlayer);
    const back = (await api.request(`/api/v1/players/${ben}/head-to-head/${ana}`)).body.data.headToHead;
    assert.deepEqual(back.player, h.other);
    assert.ok(Math.abs(back.prediction.pPlayer - (1 - h.prediction.pPlayer)) < 1e-9);
    assert.equal((await api.request(`/api/v1/players/${ana}/head-to-head/${ana}`)).status, 404);
  },
);

storeTest(
  "[api] GET /api/v1/players/:id answers 404 for unknown, malformed and hidden players, 304 when unchanged",
  async (store) => {
    const { api, ana, carl } = await seasons(store);
    for (
      const path of [
        `/players/${crypto.randomUUID()}`,
        "/players/nope",
        `/players/${carl}`,
        `/players/${carl}/matches`,
      ]
    ) {
      const { status, body } = await api.request(`/api/v1${path}`);
      assert.equal(status, 404, path);
      assert.equal(body.code, "not-found");
    }
    const first = await api.request(`/api/v1/players/${ana}`);
    const etag = first.res.headers.get("etag")!;
    assert.equal(
      (await api.request(`/api/v1/players/${ana}`, { headers: { "If-None-Match": etag } })).status,
      304,
    );
    await setEventStatus(store, "secret", "published", { actor: "test", now: NOW });
    const after = await api.request(`/api/v1/players/${ana}`, { headers: { "If-None-Match": etag } });
    assert.equal(after.status, 200, "publishing an event of hers changes her profile");
    assert.equal(after.body.data.player.events.length, 3);
    assert.equal(after.body.data.player.history.length, 4);
  },
);
