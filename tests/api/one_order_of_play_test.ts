import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import { upcomingMatches } from "../../views/match_lists.ts";
import type { Match } from "../../views/schemas.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, seedKnockout } from "./manage_fixtures.ts";

storeTest(
  "[api] /manage's next matches come in the order of the public up next: same time, by table; then the id",
  async (store) => {
    const ev = await seedKnockout(store.db, { size: 16, bestOf: 3 });
    const admin = await makeToken(store.db, "admin");
    const app = createApp({ store, log: silentLogger, clock: () => new Date("2026-11-28T09:00:00Z") });
    const assign = async (id: string, body: Record<string, unknown>) => {
      const res = await app.request(
        `/api/manage/matches/${id}/assign`,
        call(admin, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
      );
      assert.equal(res.status, 200, await res.clone().text());
    };
    const r1 = ev.rounds[0]!;
    // Two matches at one time: table 3 before table 5, whatever their places in the draw.
    await assign(r1[0]!, { tableNo: 5, scheduledAt: "2026-11-28T12:00:00Z" });
    await assign(r1[1]!, { tableNo: 3, scheduledAt: "2026-11-28T12:00:00Z" });
    // The same instant written with another offset, on one table: the draw's order decides.
    await assign(r1[2]!, { tableNo: 6, scheduledAt: "2026-11-28T11:30:00+01:00" });
    await assign(r1[3]!, { tableNo: 6, scheduledAt: "2026-11-28T10:30:00Z" });
    // Two matches with no time and no table: round and place in the draw.
    await assign(r1[4]!, { tableNo: null });
    await assign(r1[5]!, { tableNo: null });

    const overview = await app.request(`/api/manage/events/${ev.slug}`, call(admin, "GET"));
    assert.equal(overview.status, 200, await overview.clone().text());
    const o = (await overview.json()).data;
    const manageNext = o.matches.filter((m: Match) => m.status === "scheduled" && m.homeId && m.awayId)
      .map((m: Match) => m.id);

    const list = await app.request(`/api/v1/subevents/${ev.categoryId}/matches?status=scheduled`);
    assert.equal(list.status, 200);
    const publicNext = upcomingMatches((await list.json()).data.matches, Infinity).map((m) => m.id);
    assert.deepEqual(manageNext, publicNext);
    const timed = new Set(r1.slice(0, 4));
    assert.deepEqual(manageNext.filter((id: string) => timed.has(id)), [r1[2], r1[3], r1[1], r1[0]]);
  },
);
