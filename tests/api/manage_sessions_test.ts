import assert from "node:assert/strict";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manageApp, seedKnockout } from "./manage_fixtures.ts";

const MORNING = {
  id: "am",
  name: "Saturday morning",
  start: "2026-11-28T10:00:00+01:00",
  end: "2026-11-28T14:00:00+01:00",
  tables: [4, 3, 2, 1],
};
const AFTERNOON = {
  id: "pm",
  start: "2026-11-28T15:00:00Z",
  end: "2026-11-28T19:00:00Z",
  tables: [1, 2, 3, 4],
};

storeTest(
  "[api] GET and PUT /api/manage/events/:slug/sessions read and replace the sessions, audited",
  async (store) => {
    const ev = await seedKnockout(store.db, { size: 8, bestOf: 5 });
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const app = manageApp(store);
    const url = `/api/manage/events/${ev.slug}/sessions`;

    const empty = await app.request(url, call(admin, "GET"));
    assert.equal(empty.status, 200);
    assert.equal(empty.headers.get("Cache-Control"), "no-store");
    assert.deepEqual((await empty.json()).data, {
      sessions: [],
      categories: [{ id: ev.categoryId, name: "Men's singles", sessions: null }],
    });

    const put = await app.request(
      url,
      call(admin, "PUT", { sessions: [MORNING, AFTERNOON], categories: { [ev.categoryId]: ["pm"] } }),
    );
    assert.equal(put.status, 200, await put.clone().text());
    const expected = {
      sessions: [
        {
          id: "am",
          name: "Saturday morning",
          start: "2026-11-28T09:00:00.000Z",
          end: "2026-11-28T13:00:00.000Z",
          tables: [1, 2, 3, 4],
        },
        {
          id: "pm",
          name: null,
          start: "2026-11-28T15:00:00.000Z",
          end: "2026-11-28T19:00:00.000Z",
          tables: [1, 2, 3, 4],
        },
      ],
      categories: [{ id: ev.categoryId, name: "Men's singles", sessions: ["pm"] }],
    };
    assert.deepEqual((await put.json()).data, expected);
    assert.deepEqual((await (await app.request(url, call(admin, "GET"))).json()).data, expected);
    const audit = await store.db.selectFrom("audit_log").select(["action", "token_label", "detail"])
      .where("action", "=", "sessions.replace").execute();
    assert.deepEqual(audit.map((a) => [a.token_label, JSON.parse(a.detail)]), [
      ["Desk", { slug: ev.slug, sessions: ["am", "pm"], categories: 1 }],
    ]);

    // The category's own route.
    const one = `/api/manage/subevents/${ev.categoryId}/sessions`;
    assert.deepEqual((await (await app.request(one, call(admin, "GET"))).json()).data, {
      category: { id: ev.categoryId, name: "Men's singles", sessions: ["pm"] },
      sessions: ["am", "pm"],
    });
    const all = await app.request(one, call(admin, "PUT", { sessions: [] }));
    assert.equal(all.status, 200, await all.clone().text());
    assert.equal((await all.json()).data.category.sessions, null);
    const both = await app.request(one, call(admin, "PUT", { sessions: ["am", "pm"] }));
    assert.deepEqual((await both.json()).data.category.sessions, ["am", "pm"]);
    // The same sessions again change nothing: no second audit row.
    const same = await app.request(one, call(admin, "PUT", { sessions: ["am", "pm"] }));
    assert.deepEqual((await same.json()).data.category.sessions, ["am", "pm"]);
    assert.equal(
      (await store.db.selectFrom("audit_log").select("action").where("action", "=", "category.sessions")
        .execute())
        .length,
      2,
    );

    // No sessions at all: the categories play in every session (there are none).
    const none = await app.request(
      url,
      call(admin, "PUT", { sessions: [], categories: { [ev.categoryId]: null } }),
    );
    assert.equal(none.status, 200, await none.clone().text());
    assert.deepEqual((await none.json()).data.sessions, []);
  },
);

storeTest(
  "[api] PUT /api/manage/events/:slug/sessions refuses a scorer, an unknown event or category and broken sessions",
  async (store) => {
    const ev = await seedKnockout(store.db);
    const admin = await makeToken(store.db, "admin");
    const scorer = await makeToken(store.db, "scorer");
    const app = manageApp(store);
    const put = (token: string, body: unknown, slug = ev.slug) =>
      app.request(`/api/manage/events/${slug}/sessions`, call(token, "PUT", body));
    const problem = async (res: Response, status: number) => {
      assert.equal(res.status, status);
      assert.equal(res.headers.get("Content-Type"), "application/problem+json");
      return await res.json();
    };

    await problem(await put(scorer, { sessions: [MORNING] }), 403);
    await problem(await app.request(`/api/manage/events/${ev.slug}/sessions`, call(scorer, "GET")), 403);
    assert.equal(
      (await problem(await put(admin, { sessions: [MORNING] }, "no-such-event"), 404)).detail,
      'Event "no-such-event" does not exist',
    );
    assert.equal(
      (await problem(await app.request("/api/manage/events/no-such-event/sessions", call(admin, "GET")), 404))
        .detail,
      'Event "no-such-event" does not exist',
    );
    const fields: [unknown, string][] = [
      [{}, "sessions"],
      [{ sessions: [{ ...MORNING, end: MORNING.start }] }, "sessions.0.end"],
      [{ sessions: [{ ...MORNING, tables: [] }] }, "sessions.0.tables"],
      [{ sessions: [{ ...MORNING, id: "a b" }] }, "sessions.0.id"],
      [{ sessions: [{ ...MORNING, start: "09:00" }] }, "sessions.0.start"],
      [{ sessions: [MORNING], categories: { [ev.categoryId]: "am" } }, `categories.${ev.categoryId}`],
    ];
    for (const [body, field] of fields) {
      assert.equal((await problem(await put(admin, body), 400)).field, field, JSON.stringify(body));
    }
    assert.equal(
      (await problem(
        await put(admin, { sessions: [MORNING, { ...AFTERNOON, start: "2026-11-28T12:00:00Z" }] }),
        400,
      ))
        .detail,
      'Session "pm" and session "am" (sessions[0]) are at the same time and both use table 1: a table is in one ' +
        "session at a time (sessions[1])",
    );
    assert.equal(
      (await problem(await put(admin, { sessions: [MORNING, { ...AFTERNOON, id: "am" }] }), 400)).detail,
      'Duplicate session id "am": also sessions[0] (sessions[1])',
    );
    assert.equal(
      (await problem(await put(admin, { sessions: [MORNING], categories: { [ev.categoryId]: ["pm"] } }), 400))
        .detail,
      'Category "Men\'s singles": Unknown session "pm": the event\'s sessions are "am"',
    );
    assert.equal(
      (await problem(await put(admin, { sessions: [MORNING], categories: { "no-such": ["am"] } }), 404))
        .detail,
      'Category "no-such" is not a category of event "test-open"',
    );
    // A category left naming a session that is gone is refused; nothing is written.
    assert.equal(
      (await put(admin, { sessions: [MORNING], categories: { [ev.categoryId]: ["am"] } })).status,
      200,
    );
    assert.equal(
      (await problem(await put(admin, { sessions: [AFTERNOON] }), 400)).detail,
      'Category "Men\'s singles": Unknown session "am": the event\'s sessions are "pm"',
    );
    const one = `/api/manage/subevents/${ev.categoryId}/sessions`;
    assert.equal(
      (await problem(await app.request(one, call(admin, "PUT", { sessions: ["am", "am"] })), 400)).detail,
      'Category "Men\'s singles": Session "am" is listed twice',
    );
    assert.equal(
      (await problem(
        await app.request("/api/manage/subevents/nope/sessions", call(admin, "PUT", { sessions: [] })),
        404,
      ))
        .detail,
      'Category "nope" does not exist',
    );
    await problem(await app.request("/api/manage/subevents/nope/sessions", call(admin, "GET")), 404);
    await problem(await app.request(one, call(scorer, "PUT", { sessions: [] })), 403);
  },
);

storeTest(
  "[api] POST /api/manage/events/:slug/plan and /plan/keep without sessions plan in the stored ones",
  async (store) => {
    const ev = await seedKnockout(store.db, { size: 8, bestOf: 5 });
    const admin = await makeToken(store.db, "admin");
    const app = manageApp(store);
    const plan = (path: string, body: unknown) =>
      app.request(`/api/manage/events/${ev.slug}${path}`, call(admin, "POST", body));

    const none = await plan("/plan", {});
    assert.equal(none.status, 400);
    assert.equal(
      (await none.json()).detail,
      "Cannot plan: the event has no sessions: add them on /manage (Order of play), in its event file or with " +
        "PUT /api/manage/events/{slug}/sessions, or give them to this plan",
    );

    await app.request(
      `/api/manage/events/${ev.slug}/sessions`,
      call(admin, "PUT", { sessions: [MORNING, AFTERNOON], categories: { [ev.categoryId]: ["pm"] } }),
    );
    const res = await plan("/plan", { restMinutes: 10 });
    assert.equal(res.status, 200, await res.clone().text());
    const stored = (await res.json()).data.plan;
    // The category plays in the afternoon only.
    const second = stored.matches.filter((m: { id: string }) => ev.rounds[1]!.includes(m.id));
    assert.ok(second.every((m: { start: string }) => m.start >= "2026-11-28T15:"), JSON.stringify(second));
    assert.deepEqual(stored.unplaced, []);
    // A body with sessions still plans in those.
    const given = await plan("/plan", {
      sessions: [{ start: "2026-11-28T10:00:00Z", end: "2026-11-28T14:00:00Z", tables: [1, 2, 3, 4] }],
    });
    const r2 = (await given.json()).data.plan.matches.find((m: { id: string }) => m.id === ev.rounds[1]![0]);
    assert.equal(r2.start, "2026-11-28T10:30:00.000Z");

    const kept = await plan("/plan/keep", {});
    assert.equal(kept.status, 200, await kept.clone().text());
    assert.equal((await kept.json()).data.changed, 3);
    const final = await store.db.selectFrom("matches").select("scheduled_at").where(
      "id",
      "=",
      ev.rounds[2]![0]!,
    )
      .executeTakeFirstOrThrow();
    assert.ok(final.scheduled_at! >= "2026-11-28T15:", final.scheduled_at!);
  },
);
