import assert from "node:assert/strict";
import { apiClient } from "../support/api_client.ts";
import { bump, makeEvent, makeSubevent, seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

storeTest(
  "[api] GET /api/v1/events lists published events only, latest start first, then by name",
  async (store) => {
    const api = apiClient(store);
    await makeEvent(store.db, { slug: "b-later", name: "B", start_date: "2026-12-01" });
    await makeEvent(store.db, { slug: "z-early", name: "Z", start_date: "2026-10-01" });
    await makeEvent(store.db, { slug: "a-later", name: "A", start_date: "2026-12-01" });
    await makeEvent(store.db, { slug: "draft", status: "draft", start_date: "2027-01-01" });
    await makeEvent(store.db, { slug: "archived", status: "archived", start_date: "2027-01-01" });
    const { status, res, body } = await api.request("/api/v1/events");
    assert.equal(status, 200);
    assert.equal(res.headers.get("content-type"), "application/json");
    assert.deepEqual(body.data.events.map((e: { slug: string }) => e.slug), [
      "a-later",
      "b-later",
      "z-early",
    ]);
    assert.equal(body.meta.generatedAt, "2026-11-28T10:00:00.000Z");
  },
);

storeTest("[api] GET /api/v1/events serves exactly the Event fields", async (store) => {
  const api = apiClient(store);
  const event = await makeEvent(store.db, {
    slug: "open",
    poster_url: null,
    source_hash: "abc",
    revision: 7,
  });
  await makeSubevent(store.db, { event_id: event.id });
  await makeSubevent(store.db, { event_id: event.id });
  const { body } = await api.request("/api/v1/events");
  assert.deepEqual(body.data.events, [{
    id: event.id,
    slug: "open",
    name: event.name,
    venue: "Sports Hall",
    startDate: "2026-11-28",
    endDate: "2026-11-29",
    status: "published",
    description: "An open tournament",
    posterUrl: null,
    categoryCount: 2,
  }]);
});

storeTest("[api] GET /api/v1/events answers an empty list on an empty store", async (store) => {
  const { status, body } = await apiClient(store).request("/api/v1/events");
  assert.equal(status, 200);
  assert.deepEqual(body.data, { events: [] });
});

storeTest("[api] GET /api/v1/events/:slug serves the event and its categories in order", async (store) => {
  const seeded = await seedTournament(store.db);
  const { status, body } = await apiClient(store).request(`/api/v1/events/${seeded.event.slug}`);
  assert.equal(status, 200);
  assert.equal(body.data.event.id, seeded.event.id);
  assert.equal(body.data.event.categoryCount, body.data.subevents.length);
  const byName = Object.fromEntries(body.data.subevents.map((s: { name: string }) => [s.name, s]));
  assert.deepEqual(body.data.subevents.map((s: { name: string }) => s.name), [
    "Women's Singles",
    "Men's Singles",
    "Mixed Doubles",
    "Draft Knockout",
  ]);
  assert.deepEqual(byName["Women's Singles"], {
    id: seeded.groups.id,
    eventId: seeded.event.id,
    name: "Women's Singles",
    kind: "singles",
    format: "groups_knockout",
    bestOf: 5,
    entryCount: 6,
    groupCount: 2,
    status: "in_progress",
    hasDraw: true,
    hasStandings: true,
  });
  assert.equal(byName["Men's Singles"].hasStandings, false);
  assert.equal(byName["Mixed Doubles"].status, "completed");
  assert.equal(byName["Mixed Doubles"].hasDraw, false);
  assert.equal(byName["Draft Knockout"].hasDraw, false, "a draft draw is not served");
  assert.equal(byName["Draft Knockout"].status, "scheduled");
});

storeTest(
  "[api] GET /api/v1/events/:slug answers 404 for unknown, draft, archived and malformed slugs",
  async (store) => {
    const seeded = await seedTournament(store.db);
    const api = apiClient(store);
    for (
      const slug of ["no-such-event", seeded.draft.slug, seeded.archived.slug, "%27%20OR%201%3D1--", "a%2Fb"]
    ) {
      const { status, body } = await api.request(`/api/v1/events/${slug}`);
      assert.equal(status, 404, slug);
      assert.equal(body.type, "/api#problem-not-found");
      assert.equal(body.status, 404);
    }
  },
);

storeTest("[api] GET /api/v1/events sees a newly published event after the write", async (store) => {
  const api = apiClient(store);
  const first = await api.request("/api/v1/events");
  const etag = first.res.headers.get("etag")!;
  const event = await makeEvent(store.db, { slug: "soon", status: "draft" });
  await bump(store.db);
  assert.deepEqual((await api.request("/api/v1/events")).body.data.events, []);
  await store.db.updateTable("events").set({ status: "published" }).where("id", "=", event.id).execute();
  await bump(store.db);
  const after = await api.request("/api/v1/events", { headers: { "If-None-Match": etag } });
  assert.equal(after.status, 200);
  assert.deepEqual(after.body.data.events.map((e: { slug: string }) => e.slug), ["soon"]);
});

storeTest(
  "[api] GET /api/v1/events/:slug/matches pages the event's matches across categories, filtered by status",
  async (store) => {
    const s = await seedTournament(store.db);
    const api = apiClient(store);
    const all = await api.request(`/api/v1/events/${s.event.slug}/matches?limit=500`);
    assert.equal(all.status, 200);
    const ids: string[] = all.body.data.matches.map((m: { id: string }) => m.id);
    assert.equal(all.body.meta.total, ids.length);
    assert.deepEqual([all.body.meta.limit, all.body.meta.offset], [500, 0]);
    // The categories in their order, each as its own list: the same matches, the same objects.
    const { body: event } = await api.request(`/api/v1/events/${s.event.slug}`);
    const byCategory: { id: string }[] = [];
    for (const sub of event.data.subevents) {
      byCategory.push(...(await api.request(`/api/v1/subevents/${sub.id}/matches`)).body.data.matches);
    }
    assert.deepEqual(all.body.data.matches, byCategory);
    // Pages join up.
    const first = await api.request(`/api/v1/events/${s.event.slug}/matches?limit=2`);
    const second = await api.request(`/api/v1/events/${s.event.slug}/matches?limit=2&offset=2`);
    assert.deepEqual(
      [...first.body.data.matches, ...second.body.data.matches].map((m: { id: string }) => m.id),
      ids.slice(0, 4),
    );
    // What is being played now, on every table.
    const live = await api.request(`/api/v1/events/${s.event.slug}/matches?status=in_progress`);
    const expected = byCategory.filter((m) => (m as unknown as { status: string }).status === "in_progress");
    assert.ok(expected.length > 0);
    assert.deepEqual(live.body.data.matches, expected);
    assert.equal(live.body.meta.total, expected.length);
    // An ETag per filter and page, and a 304 for it.
    const again = await api.request(`/api/v1/events/${s.event.slug}/matches?status=in_progress`, {
      headers: { "If-None-Match": live.res.headers.get("ETag")! },
    });
    assert.equal(again.status, 304);
    assert.notEqual(live.res.headers.get("ETag"), all.res.headers.get("ETag"));
  },
);

storeTest(
  "[api] GET /api/v1/events/:slug/matches refuses a bad filter or page (400) and hides drafts (404)",
  async (store) => {
    const s = await seedTournament(store.db);
    const api = apiClient(store);
    for (
      const query of [
        "status=live",
        "status=",
        "status=in_progress,done",
        "limit=0",
        "offset=-1",
        "limit=501",
      ]
    ) {
      const { status, body } = await api.request(`/api/v1/events/${s.event.slug}/matches?${query}`);
      assert.equal(status, 400, query);
      assert.equal(body.parameter, query.split("=")[0], query);
    }
    for (const slug of [s.draft.slug, "no-such-event"]) {
      assert.equal((await api.request(`/api/v1/events/${slug}/matches`)).status, 404, slug);
    }
  },
);
