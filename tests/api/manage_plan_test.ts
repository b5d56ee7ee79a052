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

storeTest(
  "[api] POST /api/manage/events/:slug/plan/keep places what is free, moves it when planned again, never what the desk placed",
  async (store) => {
    const ev = await seedKnockout(store.db, { size: 8, bestOf: 5 });
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const app = manageApp(store);
    const keep = async (body: Record<string, unknown>) => {
      const res = await app.request(`/api/manage/events/${ev.slug}/plan/keep`, call(admin, "POST", body));
      assert.equal(res.status, 200, await res.clone().text());
      return (await res.json()).data.changed;
    };
    /** A match's placement (a plain object: node:sqlite rows have no prototype). */
    const row = async (id: string) => ({
      ...await store.db.selectFrom("matches").select(["table_no", "scheduled_at", "planned", "revision"])
        .where("id", "=", id).executeTakeFirstOrThrow(),
    });
    const [r2a, r2b] = ev.rounds[1]!;
    const final = ev.rounds[2]![0]!;

    // The first round's tables were given by hand (no time): they stay as they are. The rest is placed.
    assert.equal(await keep({ sessions: [SESSION] }), 3);
    assert.deepEqual(await row(ev.rounds[0]![0]!), {
      table_no: 1,
      scheduled_at: null,
      planned: 0,
      revision: 0,
    });
    assert.deepEqual(await row(r2a!), {
      table_no: 1,
      scheduled_at: "2026-11-28T10:30:00.000Z",
      planned: 1,
      revision: 1,
    });
    assert.equal((await row(r2b!)).scheduled_at, "2026-11-28T10:30:00.000Z");
    assert.equal((await row(final)).scheduled_at, "2026-11-28T11:00:00.000Z");
    const audit = await store.db.selectFrom("audit_log").select(["action", "token_label", "detail"])
      .where("action", "=", "plan.keep").execute();
    assert.deepEqual(audit.map((a) => [a.token_label, JSON.parse(a.detail)]), [["Desk", {
      slug: ev.slug,
      matches: 3,
    }]]);

    assert.equal(await keep({ sessions: [SESSION] }), 0, "the same plan again changes nothing");
    assert.equal(
      await keep({ sessions: [SESSION], restMinutes: 30 }),
      3,
      "a longer rest moves what the plan placed",
    );
    assert.equal((await row(r2a!)).scheduled_at, "2026-11-28T10:50:00.000Z");

    // The desk moves the final by hand: planning again leaves it there.
    const assign = await app.request(
      `/api/manage/matches/${final}/assign`,
      call(admin, "POST", { tableNo: 4, scheduledAt: "2026-11-28T13:00:00Z" }, {
        "Idempotency-Key": crypto.randomUUID(),
      }),
    );
    assert.equal(assign.status, 200, await assign.clone().text());
    assert.equal(
      await keep({ sessions: [SESSION] }),
      2,
      "the first round's fourth match no longer waits for it",
    );
    assert.deepEqual(
      { ...await row(final), revision: 0 },
      { table_no: 4, scheduled_at: "2026-11-28T13:00:00.000Z", planned: 0, revision: 0 },
    );

    // Once called, a planned match stays where it was called to; the rest of the plan moves around it.
    const called = await app.request(
      `/api/manage/matches/${r2a}/call`,
      call(admin, "POST", {}, { "Idempotency-Key": crypto.randomUUID() }),
    );
    assert.equal(called.status, 200, await called.clone().text());
    assert.equal(await keep({ sessions: [SESSION], restMinutes: 30 }), 1);
    assert.equal((await row(r2a!)).scheduled_at, "2026-11-28T10:30:00.000Z");
    assert.equal((await row(r2b!)).scheduled_at, "2026-11-28T10:50:00.000Z");
  },
);
