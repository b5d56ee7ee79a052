import assert from "node:assert/strict";
import { importEvent } from "../../event_file/import.ts";
import { setEventAnnouncement, setEventStatus } from "../../db/manage_writes.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { apiClient, NOW } from "../support/api_client.ts";
import { groupEvent } from "../support/event_files.ts";
import { bump, makeCategory, makeEvent, PRIVATE_STRINGS, seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { tournamentTest } from "../support/tournament_test.ts";

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
  await makeCategory(store.db, { event_id: event.id });
  await makeCategory(store.db, { event_id: event.id });
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
    announcement: null,
    featuredMatchId: null,
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

tournamentTest(
  "[api] GET /api/v1/events/:slug/matches pages the event's matches across categories, filtered by status",
  async ({ s, api }) => {
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

tournamentTest(
  "[api] GET /api/v1/events/:slug/matches refuses a bad filter or page (400) and hides drafts (404)",
  async ({ s, api }) => {
    for (
      const query of [
        "status=live",
        "status=",
        "status=in_progress,done",
        "limit=0",
        "offset=-1",
        "limit=501",
        "player=abc",
        "player=",
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

/** A player of /events/{slug}/players, as the tests read it. */
interface ListedPlayer {
  id: string;
  displayName: string;
  entries: { entryId: string; subeventId: string }[];
}

/** A served match, as the tests read it. */
interface ListedMatch {
  id: string;
  subeventId: string;
  status: string;
  homeId: string;
  awayId: string;
}

tournamentTest(
  "[api] GET /api/v1/events/:slug/matches?player= keeps the matches of the player's entries, doubles too",
  async ({ s, api }) => {
    const base = `/api/v1/events/${s.event.slug}/matches`;
    const all: ListedMatch[] = (await api.request(`${base}?limit=500`)).body.data.matches;
    const players: ListedPlayer[] =
      (await api.request(`/api/v1/events/${s.event.slug}/players`)).body.data.players;
    assert.equal(players.length, 12);
    for (const player of players) {
      const entries = new Set(player.entries.map((e) => e.entryId));
      const expected = all.filter((m) => entries.has(m.homeId) || entries.has(m.awayId));
      const { status, body } = await api.request(`${base}?player=${player.id}&limit=500`);
      assert.equal(status, 200, player.displayName);
      assert.deepEqual(body.data.matches, expected, player.displayName);
      assert.equal(body.meta.total, expected.length, player.displayName);
    }
    // A doubles player gets the pair's matches too, first player of the pair (Anna) or second (Hugo).
    const anna = players.find((p) => p.displayName === "Anna Berg")!;
    const hugo = players.find((p) => p.displayName === "Hugo Ives")!;
    for (const player of [anna, hugo]) {
      const mine: ListedMatch[] = (await api.request(`${base}?player=${player.id}`)).body.data.matches;
      assert.ok(mine.some((m) => m.id === s.matches.doublesDone), player.displayName);
    }
    // With status: what is next for her; with paging: the pages of her list, meta.total counting all of it.
    const annas: ListedMatch[] = (await api.request(`${base}?player=${anna.id}`)).body.data.matches;
    assert.equal(annas.length, 3);
    const next = await api.request(`${base}?player=${anna.id}&status=scheduled`);
    assert.deepEqual(next.body.data.matches, annas.filter((m) => m.status === "scheduled"));
    assert.equal(next.body.meta.total, 1);
    const second = await api.request(`${base}?player=${anna.id}&limit=1&offset=1`);
    assert.deepEqual(second.body.data.matches, [annas[1]]);
    assert.deepEqual(second.body.meta, {
      generatedAt: second.body.meta.generatedAt,
      total: 3,
      limit: 1,
      offset: 1,
    });
    // An id in capitals is the same filter, with the same answer and ETag.
    const lower = await api.request(`${base}?player=${anna.id}`);
    const upper = await api.request(`${base}?player=${anna.id.toUpperCase()}`);
    assert.deepEqual(upper.body, lower.body);
    assert.equal(upper.res.headers.get("ETag"), lower.res.headers.get("ETag"));
  },
);

tournamentTest(
  "[api] GET /api/v1/events/:slug/matches?player= has an ETag per player, an empty list for a stranger",
  async ({ s, api, store }) => {
    const base = `/api/v1/events/${s.event.slug}/matches`;
    const [hugo, ivan] = s.knockout.players as [string, string];
    const all = await api.request(base);
    const ofHugo = await api.request(`${base}?player=${hugo}`);
    const ofIvan = await api.request(`${base}?player=${ivan}`);
    const tags = [all, ofHugo, ofIvan].map((r) => r.res.headers.get("ETag"));
    assert.equal(new Set(tags).size, 3, "one ETag per filter");
    const again = await api.request(`${base}?player=${hugo}`, { headers: { "If-None-Match": tags[1]! } });
    assert.equal(again.status, 304);
    const other = await api.request(`${base}?player=${ivan}`, { headers: { "If-None-Match": tags[1]! } });
    assert.equal(other.status, 200);
    assert.deepEqual(other.body.data.matches, ofIvan.body.data.matches);
    // Unknown to the event: nobody at all, or a player of the draft event only. A list with nothing in it.
    const hidden = await store.db.selectFrom("players").select("id")
      .where("display_name", "=", "Hidden Draft Player").executeTakeFirstOrThrow();
    for (const player of [crypto.randomUUID(), hidden.id]) {
      const { status, body } = await api.request(`${base}?player=${player}`);
      assert.equal(status, 200, player);
      assert.deepEqual(body.data.matches, []);
      assert.equal(body.meta.total, 0);
    }
    // Given twice, even the same id twice: a 400 naming it, as for the other parameters.
    for (const query of [`player=${hugo}&player=${ivan}`, `player=${hugo}&player=${hugo}`]) {
      const { status, body } = await api.request(`${base}?${query}`);
      assert.equal(status, 400, query);
      assert.equal(body.parameter, "player");
      assert.equal(body.code, "invalid-parameter");
    }
  },
);

tournamentTest(
  "[api] GET /api/v1/events/:slug/players lists the event's public players by name, with their entries",
  async ({ s, api }) => {
    const { status, res, body, text } = await api.request(`/api/v1/events/${s.event.slug}/players`);
    assert.equal(status, 200);
    assert.equal(res.headers.get("content-type"), "application/json");
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    const players: ListedPlayer[] = body.data.players;
    assert.deepEqual(body.meta, {
      generatedAt: body.meta.generatedAt,
      total: players.length,
      limit: 100,
      offset: 0,
    });
    assert.deepEqual(players.slice(0, 3).map((p) => p.displayName), [
      "Anna Berg",
      "Bea Carter",
      "Cleo Dubois",
    ]);
    const hugo = players.find((p) => p.id === s.knockout.players[0]);
    assert.deepEqual(hugo, {
      id: s.knockout.players[0],
      displayName: "Hugo Ives",
      association: "TTC Nord",
      entries: [
        { entryId: s.knockout.entries[0], subeventId: s.knockout.id, subeventName: "Men's Singles" },
        { entryId: s.doubles.entries[0], subeventId: s.doubles.id, subeventName: "Mixed Doubles" },
      ],
    });
    // The draft draw's category is nowhere, nor the draft event's player, nor any private value.
    assert.ok(players.every((p) => p.entries.every((e) => e.subeventId !== s.draftKnockout.id)));
    for (const secret of PRIVATE_STRINGS) assert.ok(!text.includes(secret), `leaked: ${secret}`);
    // Kept under the event's roster version (points leave it alone).
    const again = await api.request(`/api/v1/events/${s.event.slug}/players`, {
      headers: { "If-None-Match": res.headers.get("ETag")! },
    });
    assert.equal(again.status, 304);
  },
);

tournamentTest("[api] GET /api/v1/events/:slug/players is paged like the rankings", async ({ s, api }) => {
  const path = `/api/v1/events/${s.event.slug}/players`;
  const all: ListedPlayer[] = (await api.request(path)).body.data.players;
  assert.ok(all.length > 5);
  const pages: ListedPlayer[] = [];
  for (let offset = 0; offset < all.length; offset += 5) {
    const { body } = await api.request(`${path}?limit=5&offset=${offset}`);
    assert.deepEqual({ ...body.meta, generatedAt: undefined }, {
      generatedAt: undefined,
      total: all.length,
      limit: 5,
      offset,
    });
    pages.push(...body.data.players);
  }
  assert.deepEqual(pages, all);
  assert.deepEqual((await api.request(`${path}?offset=${all.length}`)).body.data.players, []);
  for (const bad of ["limit=0", "limit=501", "offset=-1", "limit=x"]) {
    const { status, body } = await api.request(`${path}?${bad}`);
    assert.equal(status, 400, bad);
    assert.equal(body.code, "invalid-parameter", bad);
  }
});

tournamentTest(
  "[api] GET /api/v1/events/:slug/players answers 404 for unknown, draft, archived and malformed slugs",
  async ({ s, api }) => {
    for (const slug of ["no-such-event", s.draft.slug, s.archived.slug, "%27%20OR%201%3D1--"]) {
      const { status, body } = await api.request(`/api/v1/events/${slug}/players`);
      assert.equal(status, 404, slug);
      assert.equal(body.type, "/api#problem-not-found");
      assert.equal(body.detail, `Cannot find a published event with slug "${decodeURIComponent(slug)}"`);
    }
  },
);

storeTest(
  "[api] GET /api/v1/events serves a stored poster address only when it is http: or https:",
  async (store) => {
    // Rows written before the import refused other schemes: served as no poster, never as a script link.
    await makeEvent(store.db, { slug: "web", poster_url: "https://example.org/p.png" });
    await makeEvent(store.db, { slug: "script", poster_url: "javascript:alert(1)" });
    const { body } = await apiClient(store).request("/api/v1/events");
    const posters = Object.fromEntries(
      body.data.events.map((e: { slug: string; posterUrl: string | null }) => [e.slug, e.posterUrl]),
    );
    assert.deepEqual(posters, { web: "https://example.org/p.png", script: null });
  },
);

tournamentTest(
  "[api] GET /api/v1/events and /rankings keep their ETags through writes in draft and archived events",
  async ({ s, api, store }) => {
    const ctx = { actor: "test", now: NOW };
    const etags = async () => ({
      events: (await api.request("/api/v1/events")).res.headers.get("etag")!,
      rankings: (await api.request("/api/v1/rankings")).res.headers.get("etag")!,
    });
    const public0 = await etags();
    // Hidden writes: points in the draft (to its end), its announcement, a new draft event, an archived one.
    for (let i = 0; i < 40; i++) {
      const m = await store.db.selectFrom("matches").select("status").where("id", "=", s.draft.matchId)
        .executeTakeFirstOrThrow();
      if (m.status === "completed") break;
      await writeMatch(store, s.draft.matchId, { type: "point", side: "home" }, ctx);
    }
    await setEventAnnouncement(store, s.draft.slug, "Draft notice", ctx);
    const players = [{ id: "a", displayName: "Hidden A" }, { id: "b", displayName: "Hidden B" }];
    await importEvent(
      store,
      groupEvent({ slug: "next-cup", status: "draft", players, results: [["a", "b"]] }),
    );
    await importEvent(
      store,
      groupEvent({ slug: "old-cup", status: "archived", players, results: [["b", "a"]] }),
    );
    assert.deepEqual(await etags(), public0, "no public answer changed");
    const cached = await api.request("/api/v1/events", { headers: { "If-None-Match": public0.events } });
    assert.equal(cached.status, 304);

    // Public writes move the list: an announcement of the published event, a publish, an unpublish.
    await setEventAnnouncement(store, s.event.slug, "Lunch until 13:00", ctx);
    const announced = await etags();
    assert.notEqual(announced.events, public0.events);
    await setEventStatus(store, "next-cup", "published", ctx);
    const published = await etags();
    assert.notEqual(published.events, announced.events);
    assert.notEqual(published.rankings, announced.rankings, "its players join the leaderboard");
    await setEventStatus(store, "next-cup", "draft", ctx);
    const unpublished = await etags();
    assert.notEqual(unpublished.events, published.events);
    assert.notEqual(unpublished.rankings, published.rankings);
  },
);
