import assert from "node:assert/strict";
import fc from "fast-check";
import { setEventLanguage } from "../../db/event_language.ts";
import { setEventAnnouncement, setEventStatus } from "../../db/manage_writes.ts";
import { writeMatch } from "../../db/match_writes.ts";
import type { Store } from "../../db/store.ts";
import { WriteError } from "../../db/write_errors.ts";
import { type Language, LANGUAGES } from "../../lib/languages.ts";
import { encodeCursor } from "../../views/change_cursor.ts";
import { apiClient, NOW } from "../support/api_client.ts";
import { changedKeys, keyOf, publicEtags, readFeed } from "../support/change_feed.ts";
import { seedTournament } from "../support/fixtures.ts";
import { DIALECTS, makeStore } from "../support/stores.ts";
import { tournamentTest } from "../support/tournament_test.ts";

const ctx = { actor: "test", now: NOW };

tournamentTest(
  "[api] GET /api/v1/events/:slug/changes without since lists every public resource of the event",
  async ({ s, api }) => {
    const { status, res, body } = await api.request(`/api/v1/events/${s.event.slug}/changes`);
    assert.equal(status, 200);
    assert.equal(res.headers.get("content-type"), "application/json");
    const listed = new Set(body.data.changes.map(keyOf));
    const oracle = await publicEtags(api, s.event.slug);
    assert.deepEqual([...listed].sort(), [...oracle.keys()].sort());
    assert.equal(body.data.hasMore, false);
    assert.equal(body.meta.limit, 100);
    const match = body.data.changes.find((c: { id: string }) => c.id === s.matches.groupRunning);
    assert.equal(match.url, `/api/v1/matches/${s.matches.groupRunning}`);
    assert.ok(!listed.has(keyOf({ kind: "match", id: s.matches.semiOpen })), "a match without both sides");
  },
);

tournamentTest(
  "[api] GET /api/v1/events/:slug/changes lists a point's match, category and event, then answers 304",
  async ({ s, api, store }) => {
    const slug = s.event.slug;
    const start = await readFeed(api, slug, null);
    const url = `/api/v1/events/${slug}/changes?since=${start.next}`;
    const empty = await api.request(url);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body.data.changes, []);
    assert.equal(empty.body.data.next, start.next);
    const etag = empty.res.headers.get("etag")!;
    assert.equal((await api.request(url, { headers: { "If-None-Match": etag } })).status, 304);

    await writeMatch(store, s.matches.groupRunning, { type: "point", side: "home" }, ctx);
    const after = await api.request(url, { headers: { "If-None-Match": etag } });
    assert.equal(after.status, 200);
    assert.deepEqual(after.body.data.changes.map(keyOf).sort(), [
      keyOf({ kind: "event", id: s.event.id }),
      keyOf({ kind: "match", id: s.matches.groupRunning }),
      keyOf({ kind: "subevent", id: s.groups.id }),
    ]);
    const next = `/api/v1/events/${slug}/changes?since=${after.body.data.next}`;
    const quiet = await api.request(next);
    assert.deepEqual(quiet.body.data.changes, []);
    const again = await api.request(next, { headers: { "If-None-Match": quiet.res.headers.get("etag")! } });
    assert.equal(again.status, 304);
  },
);

tournamentTest(
  "[api] GET /api/v1/events/:slug/changes never lists a hidden event's writes, and 404s for it",
  async ({ s, api, store }) => {
    const start = await readFeed(api, s.event.slug, null);
    for (let i = 0; i < 5; i++) {
      await writeMatch(store, s.draft.matchId, { type: "point", side: "home" }, ctx);
    }
    await setEventAnnouncement(store, s.draft.slug, "Draft notice", ctx);
    assert.deepEqual((await readFeed(api, s.event.slug, start.next)).changes, []);
    const hidden = await api.request(`/api/v1/events/${s.draft.slug}/changes`);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.body.code, "not-found");
    const rows = await store.db.selectFrom("event_changes").select("kind")
      .where("event_id", "=", s.draft.eventId).execute();
    assert.deepEqual(rows, [], "nothing of the draft is logged");
  },
);

tournamentTest(
  "[api] GET /api/v1/events/:slug/changes answers 400 to a foreign, malformed or too old cursor",
  async ({ s, api, store }) => {
    const slug = s.event.slug;
    const base = `/api/v1/events/${slug}/changes`;
    const foreign = encodeCursor({ eventId: s.draft.eventId, seq: 1, kind: "", id: "" });
    for (const since of [foreign, "not a cursor!", "abc"]) {
      const { status, body } = await api.request(`${base}?since=${encodeURIComponent(since)}`);
      assert.equal(status, 400, since);
      assert.equal(body.parameter, "since");
    }
    const old = await readFeed(api, slug, null);
    // A cursor with its last characters cut off (a copy and paste, a URL cut short) names no point of the feed.
    for (let cut = 1; cut <= 8; cut++) {
      const since = old.next.slice(0, -cut);
      const { status, body } = await api.request(`${base}?since=${since}`);
      assert.equal(status, 400, `${cut} characters cut: ${since}`);
      assert.equal(body.parameter, "since");
    }
    await setEventStatus(store, slug, "draft", ctx);
    assert.equal((await api.request(`${base}?since=${old.next}`)).status, 404);
    await setEventStatus(store, slug, "published", ctx);
    const { status, body } = await api.request(`${base}?since=${old.next}`);
    assert.equal(status, 400);
    assert.match(body.detail, /start again from the event/);
    assert.equal((await api.request(`${base}?limit=0`)).status, 400);
    assert.equal((await api.request(`${base}?since=${old.next}&since=${old.next}`)).status, 400);
  },
);

tournamentTest(
  "[api] GET /api/v1/events/:slug/changes of an event not written to since the feed exists starts at its next write",
  async ({ s, api, store }) => {
    await store.db.deleteFrom("event_changes").execute();
    const empty = await api.request(`/api/v1/events/${s.event.slug}/changes`);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body.data.changes, []);
    await writeMatch(store, s.matches.groupRunning, { type: "point", side: "home" }, ctx);
    const all = await readFeed(api, s.event.slug, empty.body.data.next);
    assert.deepEqual(
      all.changes.map(keyOf).sort(),
      [...(await publicEtags(api, s.event.slug)).keys()].sort(),
    );
  },
);

tournamentTest(
  "[api] GET /api/v1/events/:slug/changes pages in order and resumes from each page's cursor",
  async ({ s, api }) => {
    const whole = await readFeed(api, s.event.slug, null, 500);
    const paged = await readFeed(api, s.event.slug, null, 3);
    assert.deepEqual(paged.changes, whole.changes);
    assert.equal(paged.next, whole.next);
  },
);

/**
 * A write of the scripted sequence: a point, an announcement, the event's language (which every match's version
 * holds), or a write to the hidden draft event.
 */
type Step =
  | { kind: "point"; match: number; side: "home" | "away" }
  | { kind: "announce"; text: string }
  | { kind: "language" }
  | { kind: "hidden"; side: "home" | "away" }
  | { kind: "assign"; match: number; table: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("point" as const),
      match: fc.nat(9),
      side: fc.constantFrom("home" as const, "away" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("announce" as const),
      text: fc.constantFrom("Lunch", "Finals at 4", ""),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("language" as const) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("hidden" as const),
      side: fc.constantFrom("home" as const, "away" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("assign" as const),
      match: fc.nat(9),
      table: fc.integer({ min: 1, max: 4 }),
    }),
  },
);

/**
 * Runs a step; a write the rules refuse (a point in a finished match) is skipped, as a client's would be. A
 * language step sets the next of `languages`, none twice: a language set again gives the matches back their
 * former versions (the same pages), where the oracle, which compares ETags, sees no change and the feed lists two.
 */
async function run(
  store: Store,
  seeded: Awaited<ReturnType<typeof seedTournament>>,
  step: Step,
  languages: Language[],
) {
  const matches = Object.values(seeded.matches);
  try {
    if (step.kind === "point") {
      await writeMatch(store, matches[step.match % matches.length]!, { type: "point", side: step.side }, ctx);
    } else if (step.kind === "assign") {
      await writeMatch(
        store,
        matches[step.match % matches.length]!,
        { type: "assign", tableNo: step.table },
        ctx,
      );
    } else if (step.kind === "announce") {
      await setEventAnnouncement(store, seeded.event.slug, step.text || null, ctx);
    } else if (step.kind === "language") {
      const language = languages.shift();
      if (language !== undefined) await setEventLanguage(store, seeded.event.slug, language, ctx);
    } else {
      await writeMatch(store, seeded.draft.matchId, { type: "point", side: step.side }, ctx);
    }
  } catch (e) {
    if (!(e instanceof WriteError)) throw e;
  }
}

for (const dialect of DIALECTS) {
  Deno.test({
    name:
      `[${dialect}] [api] the change feed lists exactly the public changes, in order, resumed from any cursor`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
          const store = await makeStore(dialect);
          try {
            const seeded = await seedTournament(store.db);
            const api = apiClient(store);
            const slug = seeded.event.slug;
            // Before each step: the oracle's ETags and the feed's cursor.
            const oracles = [await publicEtags(api, slug)];
            const cursors = [(await readFeed(api, slug, null)).next];
            /** The last step (index into oracles) at which each resource changed. */
            const lastChange = new Map<string, number>();
            const languages = LANGUAGES.filter((l) => l !== "en");
            for (const [i, step] of steps.entries()) {
              await run(store, seeded, step, languages);
              oracles.push(await publicEtags(api, slug));
              for (const key of changedKeys(oracles[i]!, oracles[i + 1]!)) lastChange.set(key, i + 1);
              cursors.push((await readFeed(api, slug, cursors[i]!)).next);
            }
            const final = oracles.at(-1)!;
            for (const [i, cursor] of cursors.entries()) {
              const expected = changedKeys(oracles[i]!, final);
              for (const limit of [2, 100]) {
                const { changes } = await readFeed(api, slug, cursor, limit);
                const keys = changes.map(keyOf);
                assert.deepEqual(
                  [...keys].sort(),
                  [...expected].sort(),
                  `from cursor ${i}, pages of ${limit}`,
                );
                assert.equal(new Set(keys).size, keys.length, "each resource once");
                const order = keys.map((k) => lastChange.get(k)!);
                assert.deepEqual(
                  order,
                  [...order].sort((a, b) => a - b),
                  "in the order of their last change",
                );
                for (const c of changes) assert.equal(c.version === null, !final.has(keyOf(c)));
              }
            }
          } finally {
            await store.drop();
          }
        }),
        { numRuns: 8 },
      );
    },
  });
}
