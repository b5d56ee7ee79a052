import assert from "node:assert/strict";
import fc from "fast-check";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { silentLogger } from "../../lib/log.ts";
import { bumpRevision } from "../../db/revision.ts";
import { makeVersionReader } from "../../db/read_versions.ts";
import { openStore } from "../../db/store.ts";
import { createApp } from "../../main.ts";
import {
  BASE_SIZE,
  benchId,
  buildStore,
  circleRounds,
  LIVE_SLUG,
  planEvent,
  planPlayers,
  scaleSize,
  type StoreSize,
} from "../../bench/build_store.ts";

const TINY: StoreSize = { events: 2, categories: 8, players: 300, live: 5, rankings: 1000 };
const NOW = new Date("2026-11-28T09:00:00.000Z");

Deno.test("circleRounds() pairs every two members exactly once", () => {
  fc.assert(fc.property(fc.integer({ min: 2, max: 12 }), (n) => {
    const seen = new Set<string>();
    for (const round of circleRounds(n)) {
      const inRound = new Set<number>();
      for (const [a, b] of round) {
        assert.notEqual(a, b);
        assert.ok(!inRound.has(a) && !inRound.has(b), "a member plays once a round");
        inRound.add(a);
        inRound.add(b);
        const key = [a, b].sort((x, y) => x - y).join("-");
        assert.ok(!seen.has(key), `pair ${key} twice`);
        seen.add(key);
      }
    }
    assert.equal(seen.size, (n * (n - 1)) / 2);
  }));
});

Deno.test("benchId() is UUID-shaped and says what it is", () => {
  assert.match(benchId(0x3a, 2, 17), /^0000003a-0002-4000-8000-000000000011$/);
});

Deno.test("scaleSize() grows events and the leaderboard, not the live event", () => {
  assert.deepEqual(scaleSize(BASE_SIZE, 10), { ...BASE_SIZE, events: 10, rankings: 1_000_000 });
});

Deno.test("planEvent() builds a half-played live event with the live matches asked for", () => {
  const plan = planEvent(TINY, 0, NOW);
  assert.equal(plan.event.slug, LIVE_SLUG);
  assert.equal(plan.live.length, TINY.live);
  assert.equal(new Set(plan.matches.map((m) => m.id)).size, plan.matches.length);
  const live = plan.matches.filter((m) => m.status === "in_progress");
  assert.equal(live.length, TINY.live);
  for (const m of live) {
    assert.ok(m.home_entry_id && m.away_entry_id);
    assert.ok(
      Math.abs(Number(m.current_home) - Number(m.current_away)) <= 1,
      "nobody is about to win the game",
    );
  }
  assert.ok(plan.matches.some((m) => m.status === "scheduled"));
  assert.ok(plan.predictions.length > 0);
  // Live matches spread over categories: no category holds them all.
  assert.ok(new Set(plan.live.map((m) => m.categoryId)).size > 1);
});

Deno.test("planEvent() plays a finished event to the end, winners moving on", () => {
  const plan = planEvent(TINY, 1, NOW);
  assert.ok(plan.matches.every((m) => m.status === "completed"));
  for (const m of plan.matches) {
    assert.ok(m.winner_entry_id === m.home_entry_id || m.winner_entry_id === m.away_entry_id);
    const games = JSON.parse(m.games as string) as [number, number][];
    const won = games.filter(([h, a]) => (h > a) === (m.winner_entry_id === m.home_entry_id)).length;
    assert.equal(won, 3, "best of 5: the winner takes three games");
  }
  const ko = plan.matches.filter((m) => m.stage === "knockout");
  const at = new Map(ko.map((m) => [`${m.subevent_id}/${m.round_no}/${m.bracket_pos}`, m]));
  for (const m of ko.filter((m) => m.round_no > 1)) {
    const feeder = at.get(`${m.subevent_id}/${m.round_no - 1}/${2 * m.bracket_pos}`)!;
    assert.equal(m.home_entry_id, feeder.winner_entry_id);
  }
});

Deno.test("planPlayers() rates and lists every player", () => {
  const { players, ratings } = planPlayers(10, 20, NOW);
  assert.equal(players.length, 10);
  assert.ok(players.every((p) => p.listed === 1));
  assert.deepEqual(ratings.map((r) => r.player_id), players.map((p) => p.id));
});

Deno.test("buildStore() writes a tiny store that the public API serves", async () => {
  const store = await openStore(parseDatabaseUrl("sqlite::memory:"));
  try {
    const built = await buildStore(store, TINY, NOW);
    const count = async (table: "matches" | "players" | "ratings" | "subevents") =>
      Number(
        (await store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()).n,
      );
    assert.equal(await count("matches"), built.counts.matches);
    assert.equal(await count("subevents"), TINY.events * TINY.categories);
    assert.equal(await count("players"), TINY.rankings);
    assert.equal(await count("ratings"), TINY.rankings);
    assert.equal(built.live.length, TINY.live);
    assert.match(built.adminSecret, /^tt_/);
    // As after an import: every category has a version of its own, so that a write to one category leaves the
    // answers of the others valid (without the rows, every category would follow its event's revision).
    const scopes = await store.db.selectFrom("revisions").select("scope").where("scope", "like", "s:%")
      .execute();
    assert.equal(scopes.length, TINY.events * TINY.categories);
    const [one, other] = built.categories.map((c) => c.id);
    const before = [
      await makeVersionReader(store).category(one!),
      await makeVersionReader(store).category(other!),
    ];
    await store.db.transaction().execute((trx) => bumpRevision(trx, built.eventId, [one!]));
    assert.notEqual(await makeVersionReader(store).category(one!), before[0]);
    assert.equal(await makeVersionReader(store).category(other!), before[1]);

    const app = createApp({ store, log: silentLogger, clock: () => NOW });
    const match = await app.request(`/api/v1/matches/${built.live[0]!.id}`);
    assert.equal(match.status, 200);
    const body = await match.json() as { data: { match: { status: string } } };
    assert.equal(body.data.match.status, "in_progress");
    for (const c of built.categories) {
      const res = await app.request(`/api/v1/subevents/${c.id}/matches`);
      assert.equal(res.status, 200, `category ${c.id} (${c.format})`);
      await res.body?.cancel();
    }
    const rankings = await app.request("/api/v1/rankings");
    assert.equal(rankings.status, 200);
    const page = await rankings.json() as { meta: { total: number } };
    assert.equal(page.meta.total, TINY.rankings);
  } finally {
    await store.close();
  }
});
