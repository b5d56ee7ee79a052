/**
 * The producer's control API (api/manage/stream.ts) and the overlays that obey it (pages/stream_routes.tsx):
 * changes, the one-word routes for a controller, refusals as problem JSON, and the gate in front of the overlays.
 */
import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { createApp } from "../../main.ts";
import type { Store } from "../../db/store.ts";
import { storeTest } from "../support/stores.ts";
import { testNow } from "../support/test_clock.ts";
import { importEvent } from "../../event_file/import.ts";
import { buildTeamDemoEvent, DEMO_TEAMS_SLUG } from "../../cli/demo_teams.ts";
import { call, makeToken, manageApp, manualClock, seedKnockout } from "./manage_fixtures.ts";

async function setup(store: Store) {
  const ev = await seedKnockout(store.db, { bestOf: 3, size: 4 });
  const admin = await makeToken(store.db, "admin", { label: "Producer" });
  return { ev, admin };
}

/** The answer's JSON after checking its status and type: `data` of a 200, the whole problem otherwise. */
async function answer(res: Response, status: number) {
  assert.equal(res.status, status, await res.clone().text());
  const json = status === 200 ? "application/json" : "application/problem+json";
  assert.equal(res.headers.get("Content-Type")?.split(";")[0], json);
  const body = await res.json();
  return status === 200 ? body.data : body;
}
const ok = (res: Response) => answer(res, 200);
const problem = answer;

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

storeTest(
  "[api] PATCH /api/manage/events/:slug/stream changes what is on air, the slate and the sponsor",
  async (store) => {
    const { ev, admin } = await setup(store);
    const clock = manualClock();
    const app = manageApp(store, clock.now);
    const path = `/api/manage/events/${ev.slug}/stream`;
    const first = await ok(await app.request(path, call(admin, "GET")));
    assert.deepEqual(first.stream.onAir, {
      bar: true,
      lowerThird: true,
      tie: true,
      board: true,
      standings: false,
      bracket: false,
      slate: false,
      sponsor: false,
    });
    assert.deepEqual(first.stream.slate, { kind: "starting-soon", text: "Starting soon" });
    assert.equal(first.stream.sponsor, null);

    const patch = (body: unknown) => app.request(path, call(admin, "PATCH", body));
    const changed = await ok(
      await patch({
        onAir: { lowerThird: false, slate: true, sponsor: true },
        slate: { kind: "custom", text: "  Back at\n14:00 " },
        sponsor: { imageUrl: PNG, text: "Acme Tables" },
      }),
    );
    assert.equal(changed.changed, true);
    assert.equal(changed.stream.onAir.lowerThird, false);
    assert.deepEqual(changed.stream.slate, { kind: "custom", text: "Back at 14:00" });
    assert.deepEqual(changed.stream.sponsor, { imageUrl: PNG, text: "Acme Tables" });
    assert.equal((await ok(await patch({ onAir: { slate: true } }))).changed, false);
    // A kind without words takes its own.
    assert.deepEqual((await ok(await patch({ slate: { kind: "break" } }))).stream.slate, {
      kind: "break",
      text: "Back after the break",
    });
    const again = await ok(await app.request(path, call(admin, "GET")));
    assert.deepEqual(again.stream.sponsor, { imageUrl: PNG, text: "Acme Tables" });

    // The one-word routes of a controller: no body.
    const post = (p: string) => app.request(`${path}/${p}`, call(admin, "POST"));
    assert.equal((await ok(await post("lowerThird/on"))).stream.onAir.lowerThird, true);
    assert.equal((await ok(await post("sponsor/off"))).stream.onAir.sponsor, false);
    const technical = await ok(await post("slate/technical"));
    assert.deepEqual(technical.stream.slate, { kind: "technical", text: "Technical difficulties" });
    assert.equal(technical.stream.onAir.slate, true);

    const audit = await ok(
      await app.request(`/api/manage/events/${ev.slug}/audit?action=event.stream`, call(admin, "GET")),
    );
    assert.equal(audit.entries.length, 5);
    assert.ok(JSON.stringify(audit.entries).includes("data URL of"), "the image is left out of the log");
  },
);

storeTest(
  "[api] the stream's control refuses bad input with problem JSON and keeps the state",
  async (store) => {
    const { ev, admin } = await setup(store);
    const app = manageApp(store);
    const path = `/api/manage/events/${ev.slug}/stream`;
    const patch = (body: unknown) => app.request(path, call(admin, "PATCH", body));
    const cases: [unknown, number, string, RegExp][] = [
      [{ onAir: { ticker: true } }, 400, "invalid-body", /unknown field "ticker"/],
      [{ onAir: { bar: "yes" } }, 400, "invalid-body", /"onAir.bar"/],
      [{ slate: { kind: "lunch" } }, 400, "invalid-body", /"slate.kind"/],
      [{ slate: { kind: "custom" } }, 422, "invalid-stream", /custom" slate needs its text/],
      [
        { slate: { kind: "custom", text: "x".repeat(81) } },
        422,
        "invalid-stream",
        /81 characters long; at most 80/,
      ],
      [{ sponsor: { imageUrl: "https://example.com/logo.png" } }, 422, "invalid-stream", /path of this site/],
      [{ sponsor: { imageUrl: "data:text/html;base64,PGI+" } }, 422, "invalid-stream", /base64 data URL/],
      [{ sponsor: { imageUrl: "//evil.example/x.png" } }, 422, "invalid-stream", /path of this site/],
      [{ onAir: { sponsor: true } }, 422, "invalid-stream", /no sponsor's image or text is set/],
      [{ slate: { kind: "custom", text: "Back\u202e soon" } }, 422, "invalid-stream", /U\+202E/],
    ];
    for (const [body, status, code, detail] of cases) {
      const p = await problem(await patch(body), status);
      assert.equal(p.code, code, JSON.stringify(body));
      assert.match(p.detail, detail);
    }
    await problem(await app.request(`${path}/ticker/on`, call(admin, "POST")), 404);
    await problem(await app.request(`${path}/slate/lunch`, call(admin, "POST")), 400);
    await problem(
      await app.request(`/api/manage/events/nope/stream`, call(admin, "PATCH", { onAir: {} })),
      404,
    );
    const scorer = await makeToken(store.db, "scorer", { eventId: ev.eventId, tableNo: 1 });
    await problem(await app.request(path, call(scorer, "PATCH", { onAir: { bar: false } })), 403);
    const state = await ok(await app.request(path, call(admin, "GET")));
    assert.equal(state.stream.onAir.sponsor, false);
    assert.equal(state.stream.sponsor, null);
  },
);

storeTest(
  "[pages] an overlay off air is transparent and polls the state; on air it polls both",
  async (store) => {
    const { ev, admin } = await setup(store);
    const app = createApp({ store, log: silentLogger, clock: () => new Date() });
    const match = ev.rounds[0]![0]!;
    const air = (graphic: string) => `/overlay/air/${ev.slug}?graphic=${graphic}`;
    const page = async (path: string) => {
      const res = await app.request(path);
      assert.equal(res.status, 200, path);
      return await res.text();
    };
    const watchOf = (html: string) => /data-watch="([^"]*)"/.exec(html)?.[1] ?? "";
    const bar = await page(`/overlay/match/${match}`);
    assert.ok(watchOf(bar).split(" ").includes(air("bar")), watchOf(bar));
    assert.ok(bar.includes('data-region="stage"'));

    const patch = (body: unknown) =>
      app.request(`/api/manage/events/${ev.slug}/stream`, call(admin, "PATCH", body));
    assert.equal((await patch({ onAir: { bar: false, board: false } })).status, 200);
    // The management API's gate of hidden characters (http/limits.ts) stops them before the route.
    const hidden = await patch({ slate: { kind: "custom", text: "Back\u200b soon" } });
    assert.equal(hidden.status, 400);
    assert.equal((await hidden.json()).field, "slate.text");
    for (
      const [path, graphic] of [
        [`/overlay/match/${match}`, "bar"],
        [`/overlay/featured/${ev.slug}`, "bar"],
        [`/overlay/table/${ev.slug}/1`, "bar"],
        [`/overlay/subevent/${ev.categoryId}`, "board"],
        // Off air until the producer puts them up.
        [`/overlay/standings/${ev.slug}`, "standings"],
        [`/overlay/bracket/${ev.slug}`, "bracket"],
      ] as const
    ) {
      const off = await page(path);
      assert.equal(watchOf(off), air(graphic).replace("&", "&amp;"), path);
      assert.ok(off.includes('data-region="off-air"'), path);
    }
    assert.ok((await page(`/overlay/card/match/${match}`)).includes('data-region="stage"'));
    // A player's card obeys the event its URL names, and only then.
    const player = await store.db.selectFrom("players").select("id").executeTakeFirstOrThrow();
    await patch({ onAir: { lowerThird: false } });
    assert.ok((await page(`/overlay/card/match/${match}`)).includes('data-region="off-air"'));
    assert.ok(
      (await page(`/overlay/card/player/${player.id}?event=${ev.slug}`)).includes('data-region="off-air"'),
    );
    assert.ok((await page(`/overlay/card/player/${player.id}`)).includes('data-region="stage"'));
    await patch({ onAir: { lowerThird: true } });
    // Each overlay polls its own graphic's part, so that another graphic's change does not reload it.
    const state = await app.request(air("bar"));
    assert.equal(state.status, 200);
    assert.deepEqual((await state.json()).data, { onAir: false });
    const whole = await app.request(`/overlay/air/${ev.slug}`);
    assert.equal((await whole.json()).data.onAir.lowerThird, true);
    assert.equal((await app.request("/overlay/air/nope")).status, 404);

    assert.ok(!(await page(`/overlay/slate/${ev.slug}`)).includes('class="slate"'));
    await patch({ onAir: { slate: true }, slate: { kind: "break" } });
    const slate = await page(`/overlay/slate/${ev.slug}`);
    assert.ok(slate.includes("Back after the break"));
    assert.ok(slate.includes(`Event ${ev.slug}`));
    await patch({ onAir: { sponsor: true }, sponsor: { text: "Acme <Tables>" } });
    assert.ok((await page(`/overlay/sponsor/${ev.slug}`)).includes("Acme &lt;Tables>"));
    // The standings and the bracket show a category of the event only; the pick is not part of their air answer
    // (polled off air only: on air their page's version holds the state's, tests/pages/stream_picks_kept_test.ts).
    const foreign = await patch({ picks: { bracketCategoryId: crypto.randomUUID() } });
    assert.equal(foreign.status, 422);
    assert.equal((await foreign.json()).type.endsWith("invalid-stream"), true);
    assert.equal(
      (await patch({ onAir: { standings: true }, picks: { standingsCategoryId: ev.categoryId } })).status,
      200,
    );
    const picked = await (await app.request(air("standings"))).json();
    assert.deepEqual(picked.data, { onAir: true });
    assert.ok((await page(`/overlay/standings/${ev.slug}`)).includes('data-region="stage"'));
  },
);

storeTest(
  "[pages] a tie's overlay obeys the tie graphic of its event's stream (the team demo)",
  async (store) => {
    await importEvent(store, buildTeamDemoEvent(testNow()), testNow);
    const admin = await makeToken(store.db, "admin", { label: "Producer" });
    const app = createApp({ store, log: silentLogger, clock: testNow });
    // The tie being played: its line-ups published, a match under way.
    const tie = await store.db.selectFrom("ties").innerJoin("matches", "matches.id", "ties.match_id")
      .select("ties.match_id").where("matches.status", "=", "in_progress").executeTakeFirstOrThrow();
    const path = `/overlay/tie/${tie.match_id}`;
    const air = `/overlay/air/${DEMO_TEAMS_SLUG}?graphic=tie`;
    const page = async () => {
      const res = await app.request(path);
      assert.equal(res.status, 200);
      return await res.text();
    };
    const patch = async (body: unknown) => {
      const res = await app.request(
        `/api/manage/events/${DEMO_TEAMS_SLUG}/stream`,
        call(admin, "PATCH", body),
      );
      assert.equal(res.status, 200, await res.clone().text());
      await res.body?.cancel();
    };
    const onAir = await page();
    assert.ok(onAir.includes('data-region="stage"'));
    assert.ok(onAir.includes(air.replace("&", "&amp;")), "on air, it polls the tie's part of the state");
    // Another graphic going off air leaves the tie on air.
    await patch({ onAir: { bar: false } });
    assert.ok((await page()).includes('data-region="stage"'));
    await patch({ onAir: { tie: false } });
    const off = await page();
    assert.ok(off.includes('data-region="off-air"'));
    assert.ok(!off.includes('data-region="stage"'));
    assert.deepEqual((await (await app.request(air)).json()).data, { onAir: false });
    await patch({ onAir: { tie: true } });
    assert.ok((await page()).includes('data-region="stage"'));
  },
);
