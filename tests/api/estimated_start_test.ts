import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import type { Store } from "../../db/store.ts";
import { createApp } from "../../main.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manualClock, seedKnockout } from "./manage_fixtures.ts";

const MINUTE = 60_000;

/** A knockout of `size` (best of 3) with the desk's token, the app on a clock of the test's, and a write as the desk. */
async function deskOf(store: Store, size: number) {
  const ev = await seedKnockout(store.db, { size, bestOf: 3 });
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  const clock = manualClock();
  const app = createApp({ store, log: silentLogger, clock: clock.now });
  const write = async (id: string, action: string, body: Record<string, unknown> = {}) => {
    const res = await app.request(
      `/api/manage/matches/${id}/${action}`,
      call(admin, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
    );
    assert.equal(res.status, 200, await res.clone().text());
  };
  return { ev, clock, app, write };
}

storeTest(
  "[api] GET /api/v1/matches/:id moves estimatedStart when the match before it on its table overruns and ends, with a new ETag",
  async (store) => {
    const { ev, clock, app, write } = await deskOf(store, 4);
    const [first, second] = ev.rounds[0]!;
    let etag = "";
    /** The second match's estimated start, asserting its answer is new (not a 304 to the last ETag). */
    const estimate = async () => {
      const res = await app.request(`/api/v1/matches/${second}`, { headers: { "If-None-Match": etag } });
      assert.equal(res.status, 200, "a moved estimate is a new answer");
      assert.notEqual(res.headers.get("ETag"), etag);
      etag = res.headers.get("ETag")!;
      return (await res.json()).data.match.estimatedStart;
    };

    // Table 1: the first match at 10:00 (a best of 3 is planned for 15 minutes), the second at 10:22.
    await write(first!, "assign", { scheduledAt: "2026-11-28T10:00:00Z" });
    await write(second!, "assign", { tableNo: 1, scheduledAt: "2026-11-28T10:22:00Z" });
    assert.equal(await estimate(), "2026-11-28T10:22:00.000Z", "on time: the planned time");

    clock.advance(5 * MINUTE);
    await write(first!, "start", { firstServer: "home" });
    clock.advance(25 * MINUTE);
    await write(first!, "point", { side: "home" });
    assert.equal(
      await estimate(),
      "2026-11-28T10:32:00.000Z",
      "the first match runs on at 10:30: 2 minutes after",
    );
    const cached = await app.request(`/api/v1/matches/${second}`, { headers: { "If-None-Match": etag } });
    assert.equal(cached.status, 304, "nothing moved since");

    clock.advance(5 * MINUTE);
    await write(first!, "result", { games: [{ home: 11, away: 5 }, { home: 11, away: 7 }] });
    assert.equal(await estimate(), "2026-11-28T10:37:00.000Z", "ended at 10:35");
    const list = await app.request(`/api/v1/subevents/${ev.categoryId}/matches`);
    const listed = (await list.json()).data.matches.find((m: { id: string }) => m.id === second);
    assert.equal(listed.estimatedStart, "2026-11-28T10:37:00.000Z", "the category's list says the same");

    await write(second!, "start", { firstServer: "home" });
    assert.equal(await estimate(), null, "begun: no estimate");
  },
);

storeTest(
  "[api] a match keyed in from its score sheet while it had an estimate loses it (over: no estimate)",
  async (store) => {
    const { ev, clock, app, write } = await deskOf(store, 4);
    const [first, second] = ev.rounds[0]!;
    const estimate = async () =>
      (await (await app.request(`/api/v1/matches/${second}`)).json()).data.match.estimatedStart;
    await write(first!, "assign", { scheduledAt: "2026-11-28T10:00:00Z" });
    await write(second!, "assign", { tableNo: 1, scheduledAt: "2026-11-28T10:22:00Z" });
    clock.advance(5 * MINUTE);
    await write(first!, "start", { firstServer: "home" });
    clock.advance(25 * MINUTE);
    await write(first!, "point", { side: "home" });
    assert.equal(await estimate(), "2026-11-28T10:32:00.000Z", "the first match runs long");
    await write(second!, "result", { games: [{ home: 11, away: 5 }, { home: 11, away: 7 }] });
    assert.equal(await estimate(), null);
    const kept = await store.db.selectFrom("matches").select("estimated_start").where("id", "=", second!)
      .executeTakeFirstOrThrow();
    assert.equal(kept.estimated_start, null, "and the store keeps none");
  },
);

storeTest(
  "[api] matches running long move the event's estimated starts at most once a minute, whichever of them scores",
  async (store) => {
    const { ev, clock, app, write } = await deskOf(store, 8);
    const [m1, m2, m3, m4] = ev.rounds[0]!;
    const estimate = async (id: string) =>
      (await (await app.request(`/api/v1/matches/${id}`)).json()).data.match.estimatedStart;

    // Tables 1 and 2 each: a match at 10:00 (a best of 3 is planned for 15 minutes), the next at 10:22.
    await write(m1!, "assign", { tableNo: 1, scheduledAt: "2026-11-28T10:00:00Z" });
    await write(m2!, "assign", { tableNo: 2, scheduledAt: "2026-11-28T10:00:00Z" });
    await write(m3!, "assign", { tableNo: 1, scheduledAt: "2026-11-28T10:22:00Z" });
    await write(m4!, "assign", { tableNo: 2, scheduledAt: "2026-11-28T10:22:00Z" });
    clock.advance(5 * MINUTE);
    await write(m1!, "start", { firstServer: "home" });
    await write(m2!, "start", { firstServer: "home" });

    clock.advance(25 * MINUTE);
    await write(m1!, "point", { side: "home" });
    assert.equal(await estimate(m3!), "2026-11-28T10:32:00.000Z", "10:30: both tables run long");
    assert.equal(await estimate(m4!), "2026-11-28T10:32:00.000Z");

    clock.advance(40_000);
    await write(m2!, "point", { side: "home" });
    assert.equal(await estimate(m4!), "2026-11-28T10:32:00.000Z", "10:30:40: the same minute, not again");

    clock.advance(30_000);
    await write(m2!, "point", { side: "home" });
    assert.equal(await estimate(m4!), "2026-11-28T10:33:10.000Z", "10:31:10: the next minute");
    assert.equal(await estimate(m3!), "2026-11-28T10:33:10.000Z", "and the other table's, estimated with it");
  },
);
