import assert from "node:assert/strict";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manageApp, seedKnockout } from "./manage_fixtures.ts";

const SESSION = { start: "2026-11-28T10:00:00Z", end: "2026-11-28T14:00:00Z", tables: [1, 2, 3, 4] };
const MINUTE = 60_000;

storeTest(
  "[api] POST /api/manage/events/:slug/plan answers the order of play and writes nothing",
  async (store) => {
    const ev = await seedKnockout(store.db, { size: 8, bestOf: 5 });
    const admin = await makeToken(store.db, "admin");
    const app = manageApp(store);
    const before = await store.db.selectFrom("matches").selectAll().orderBy("id").execute();

    const res = await app.request(
      `/api/manage/events/${ev.slug}/plan`,
      call(admin, "POST", { sessions: [SESSION] }),
    );
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get("Cache-Control"), "no-store");
    const { plan } = (await res.json()).data;
    assert.deepEqual(plan.unplaced, []);
    assert.equal(plan.matches.length, 7);
    const at = new Map<
      string,
      { table: number; start: string; end: string; category: string; stage: string }
    >(
      plan.matches.map((m: { id: string }) => [m.id, m]),
    );
    // The first round keeps the tables the desk gave it, from the session's start; a best of 5 is planned for
    // 20 minutes; the next round waits for its feeders and the players' 10 minutes of rest.
    ev.rounds[0]!.forEach((id, pos) => {
      assert.equal(at.get(id)!.table, pos + 1);
      assert.equal(at.get(id)!.start, "2026-11-28T10:00:00.000Z");
      assert.equal(at.get(id)!.end, "2026-11-28T10:20:00.000Z");
    });
    for (const id of ev.rounds[1]!) assert.equal(at.get(id)!.start, "2026-11-28T10:30:00.000Z");
    const final = at.get(ev.rounds[2]![0]!)!;
    assert.equal(Date.parse(final.start), Date.parse("2026-11-28T10:50:00Z") + 10 * MINUTE);
    assert.equal(final.category, "Men's singles");
    assert.equal(final.stage, "Final");
    assert.equal(plan.finish, final.end);
    assert.ok(plan.utilization > 0 && plan.utilization < 1);
    assert.deepEqual(await store.db.selectFrom("matches").selectAll().orderBy("id").execute(), before);

    const longer = await app.request(
      `/api/manage/events/${ev.slug}/plan`,
      call(admin, "POST", { sessions: [SESSION], restMinutes: 30, bufferMinutes: 0 }),
    );
    const later = (await longer.json()).data.plan;
    assert.equal(
      later.matches.find((m: { id: string }) => m.id === ev.rounds[1]![0])!.start,
      "2026-11-28T10:50:00.000Z",
      "30 minutes of rest after the first round",
    );
  },
);

storeTest(
  "[api] POST /api/manage/events/:slug/plan refuses a scorer, an unknown event and bad sessions",
  async (store) => {
    const ev = await seedKnockout(store.db);
    const admin = await makeToken(store.db, "admin");
    const scorer = await makeToken(store.db, "scorer");
    const app = manageApp(store);
    const plan = (token: string, body: unknown, slug = ev.slug) =>
      app.request(`/api/manage/events/${slug}/plan`, call(token, "POST", body));

    assert.equal((await plan(scorer, { sessions: [SESSION] })).status, 403);
    const unknown = await plan(admin, { sessions: [SESSION] }, "no-such-event");
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).detail, 'Event "no-such-event" does not exist');
    const cases: [unknown, string][] = [
      [{}, "sessions"],
      [{ sessions: [] }, "sessions"],
      [{ sessions: [{ ...SESSION, end: SESSION.start }] }, "sessions.0.end"],
      [{ sessions: [{ ...SESSION, tables: [0] }] }, "sessions.0.tables.0"],
      [{ sessions: [{ ...SESSION, start: "10:00" }] }, "sessions.0.start"],
      [{ sessions: [SESSION], restMinutes: -1 }, "restMinutes"],
      [{ sessions: [SESSION], rest: 10 }, "rest"],
    ];
    for (const [body, field] of cases) {
      const res = await plan(admin, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.headers.get("Content-Type"), "application/problem+json");
      assert.equal((await res.json()).field, field, JSON.stringify(body));
    }
  },
);
