/**
 * The screenshots of the README and docs/pages.md, made from the demo as a newcomer sees it. Skipped in ordinary runs; write them with
 * `deno test -A tests/browser/screenshots_test.ts -- --update`.
 */
import assert from "node:assert/strict";
import { browserSuite, openPage } from "../support/browser.ts";
import { FULL_HD, PHONE } from "../support/viewports.ts";
import { testNow } from "../support/test_clock.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);

const OVERLAY = { width: 1280, height: 720 };
const DESKTOP = { width: 1280, height: 900 };

/** A screenshot to make: the page at `path` in `viewport`, the whole page if `full`, a TV's `view` if given. */
interface Shot {
  file: string;
  path: string;
  viewport: { width: number; height: number };
  full?: boolean;
  view?: string;
  /** Shot as printed: the poster's on-screen warning (its QR code is 127.0.0.1's here) is not on paper. */
  print?: boolean;
}

/** The shot `file` of the page at `path`, of the viewport only unless `full`. */
const shot = (file: string, path: string, viewport: Shot["viewport"], full = false): Shot => ({
  file,
  path,
  viewport,
  full,
});

/** What the shots show of the demo: its ids, read from the public API as a newcomer's browser would. */
async function demoIds(origin: string) {
  const get = async (path: string) => (await (await fetch(origin + path)).json()).data;
  const slug = "demo-open-2026";
  const event = await get(`/api/v1/events/${slug}`);
  const categories: { id: string; name: string; kind: string; groupCount?: number; format: string }[] =
    event.subevents;
  const matches = (await Promise.all(
    categories.map((c) => get(`/api/v1/subevents/${c.id}/matches`).then((d) => d.matches)),
  )).flat() as { id: string; status: string; stage: string; categoryId: string; homeId: string }[];
  const groups = categories.find((c) => c.format === "groups_knockout") ?? categories[0]!;
  const knockout = categories.find((c) => c.format === "knockout") ?? categories[0]!;
  const live = matches.find((m) => m.status === "in_progress")!;
  const done = matches.find((m) => m.status === "completed" && m.stage === "knockout") ??
    matches.find((m) => m.status === "completed")!;
  const upcoming = matches.find((m) => m.status === "scheduled")!;
  return { slug, groups: groups.id, knockout: knockout.id, live, done, upcoming, player: live.homeId };
}

browserSuite(
  "screenshots of every page for docs/pages.md",
  async (store) => {
    // The demo, as a newcomer sees it on a first start: never the test fixtures.
    const { loadDemoIfEmpty } = await import("../../cli/demo.ts");
    await loadDemoIfEmpty(store, testNow());
    return null;
  },
  async (t, { browser, server }) => {
    const s = await demoIds(server.origin);
    const shots: Shot[] = [
      shot("overlay_match.png", `/overlay/match/${s.live.id}?debug=1`, OVERLAY),
      shot("overlay_match_top_scaled.png", `/overlay/match/${s.done.id}?debug=1&pos=top&scale=1.3`, OVERLAY),
      shot("overlay_subevent.png", `/overlay/subevent/${s.groups}?debug=1`, OVERLAY),
      ...["live", "tables", "results", "standings", "qr"].map((view) => ({
        file: `tv_${view}.png`,
        path: `/t/${s.slug}/tv?interval=600`,
        viewport: FULL_HD,
        view,
      })),
      { ...shot("poster_a4.png", `/t/${s.slug}/poster`, { width: 900, height: 1240 }, true), print: true },
      shot("event_phone.png", `/t/${s.slug}`, PHONE, true),
      shot("event_desktop.png", `/t/${s.slug}`, DESKTOP, true),
      shot("category_phone.png", `/t/${s.slug}/c/${s.groups}`, PHONE, true),
      shot("category_desktop.png", `/t/${s.slug}/c/${s.knockout}`, DESKTOP, true),
      shot("match_phone.png", `/m/${s.live.id}`, PHONE, true),
      shot("match_prediction_phone.png", `/m/${s.upcoming.id}`, PHONE),
      shot("player_phone.png", `/t/${s.slug}/p/${s.player}`, PHONE, true),
      shot("players_phone.png", `/t/${s.slug}/players`, PHONE),
      shot("home_phone.png", "/", PHONE),
      shot("rankings_phone.png", "/rankings", PHONE, true),
    ];
    for (const shot of shots) {
      await t.step(shot.file, async () => {
        const { page, close } = await openPage(browser, server.origin + shot.path, shot.viewport);
        if (shot.view) await page.evaluate((view) => (document.body.dataset.view = view), shot.view);
        if (shot.print) await page.emulateMedia({ media: "print" });
        const png = await page.screenshot({ fullPage: shot.full ?? false });
        assert.ok(png.byteLength > 1000);
        await Deno.writeFile(new URL(shot.file, DIR), png);
        await close();
      });
    }
  },
  UPDATE ? undefined : "run with -- --update to write docs/screenshots",
);

/** The demo, as a newcomer sees it on a first start: never the test fixtures. */
async function seedDemo(store: Parameters<Parameters<typeof browserSuite>[1]>[0]): Promise<null> {
  const { loadDemoIfEmpty } = await import("../../cli/demo.ts");
  await loadDemoIfEmpty(store, testNow());
  return null;
}

browserSuite(
  "screenshots of the venue TV's bracket and tables views for docs/pages.md",
  seedDemo,
  async (t, { browser, server }) => {
    const slug = "demo-open-2026";
    const shots = [
      {
        file: "tv_bracket_1920x1080.png",
        view: "bracket",
        page: "0",
        viewport: { width: 1920, height: 1080 },
      },
      {
        file: "tv_bracket_doubles_1366x768.png",
        view: "bracket",
        page: "1",
        viewport: { width: 1366, height: 768 },
      },
      { file: "tv_tables_1920x1080.png", view: "tables", page: "0", viewport: { width: 1920, height: 1080 } },
      { file: "tv_tables_1366x768.png", view: "tables", page: "0", viewport: { width: 1366, height: 768 } },
    ];
    for (const shot of shots) {
      await t.step(shot.file, async () => {
        const { page, close } = await openPage(
          browser,
          `${server.origin}/t/${slug}/tv?view=${shot.view}&interval=600`,
          shot.viewport,
        );
        await page.evaluate((p) => (document.body.dataset.page = p), shot.page);
        const png = await page.screenshot();
        assert.ok(png.byteLength > 1000);
        await Deno.writeFile(new URL(shot.file, DIR), png);
        await close();
      });
    }
  },
  UPDATE ? undefined : "run with -- --update to write docs/screenshots",
);

browserSuite(
  "screenshots of the umpire's page on the demo for docs/operator.md",
  async (store) => {
    const { loadDemoIfEmpty } = await import("../../cli/demo.ts");
    const { makeToken } = await import("../api/manage_fixtures.ts");
    const { writeMatch } = await import("../../db/match_writes.ts");
    const { listScorableMatches } = await import("../../db/read_manage.ts");
    await loadDemoIfEmpty(store, testNow());
    const secret = await makeToken(store.db, "scorer", { label: "Table 5 phone" });
    const matches = await listScorableMatches(store.db, { eventId: null, tableNo: null });
    const busy = new Set(
      matches.filter((m) => m.status === "in_progress").flatMap((m) =>
        [...m.homePlayers, ...m.awayPlayers].map((p) => p.id)
      ),
    );
    const free = matches.find((m) =>
      m.status === "scheduled" && !m.doubles &&
      [...m.homePlayers, ...m.awayPlayers].every((p) => !busy.has(p.id))
    )!;
    // The deciding game at 4-3, a yellow card shown, the expedite system in operation: the umpire's next tap makes
    // it 5-3 and the ends change.
    const write = (action: Parameters<typeof writeMatch>[2]) =>
      writeMatch(store, free.id, action, { actor: "desk", now: testNow() });
    await write({ type: "start", firstServer: "home" });
    for (let game = 0; game < free.bestOf - 1; game++) {
      const [winner, loser] = game % 2 === 0 ? ["home", "away"] as const : ["away", "home"] as const;
      for (const [side, n] of [[winner, 6], [loser, 7], [winner, 5]] as const) {
        for (let i = 0; i < n; i++) await write({ type: "point", side });
      }
    }
    for (const [side, n] of [["home", 4], ["away", 3]] as const) {
      for (let i = 0; i < n; i++) await write({ type: "point", side });
    }
    await write({ type: "card", side: "away", target: "player", card: "yellow" });
    await write({ type: "expedite", rallyInterrupted: false, byRequest: true });
    return { secret, matchId: free.id };
  },
  async (t, { browser, server, seeded }) => {
    const device = "screenshots";
    for (
      const [file, viewport] of [
        ["scoring_decider_phone.png", PHONE],
        ["scoring_decider_landscape.png", { width: 844, height: 390 }],
      ] as const
    ) {
      await t.step(file, async () => {
        const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true });
        await context.addInitScript((keys) => {
          localStorage.setItem("tt.score.token", keys.token);
          localStorage.setItem("tt.device", keys.device);
        }, { token: seeded.secret, device });
        const page = await context.newPage();
        await page.goto(`${server.origin}/score/${seeded.matchId}`);
        await page.waitForSelector("#score-panel:not([hidden])");
        if (file === "scoring_decider_phone.png") {
          await page.tap("#tap-home");
          await page.waitForFunction(() => document.body.dataset.queued === "0");
          // The finger lifted: nothing stays pressed in the picture.
          await page.tap("#match-title");
        }
        await page.waitForFunction(() =>
          document.getElementById("banner-text")?.textContent === "Change ends"
        );
        await Deno.writeFile(new URL(file, DIR), await page.screenshot());
        await context.close();
      });
    }
    await t.step("scoring_list_phone.png", async () => {
      const { page, close } = await openPage(browser, `${server.origin}/score#token=${seeded.secret}`, {
        width: 390,
        height: 844,
      });
      await page.waitForSelector("a.match-link");
      await Deno.writeFile(new URL("scoring_list_phone.png", DIR), await page.screenshot());
      await close();
    });
  },
  UPDATE ? undefined : "run with -- --update to write docs/screenshots",
);

browserSuite(
  "screenshots of the overlays' score states, themes and lower thirds on the demo for docs/pages.md",
  async (store) => {
    const { loadDemoIfEmpty } = await import("../../cli/demo.ts");
    const { listScorableMatches } = await import("../../db/read_manage.ts");
    await loadDemoIfEmpty(store, testNow());
    const matches = await listScorableMatches(store.db, { eventId: null, tableNo: null });
    const busy = new Set(
      matches.filter((m) => m.status === "in_progress").flatMap((m) =>
        [...m.homePlayers, ...m.awayPlayers].map((p) => p.id)
      ),
    );
    const free = matches.filter((m) =>
      m.status === "scheduled" && [...m.homePlayers, ...m.awayPlayers].every((p) => !busy.has(p.id))
    );
    const people = (m: (typeof matches)[number]) => [...m.homePlayers, ...m.awayPlayers].map((p) => p.id);
    const doubles = free.find((m) => m.doubles) ??
      matches.find((m) => m.status === "scheduled" && m.doubles)!;
    const singles = free.find((m) => !m.doubles && !people(m).some((p) => people(doubles).includes(p)))!;
    return { singles: singles.id, bestOf: singles.bestOf, doubles: doubles.id };
  },
  async (t, { browser, server, seeded }) => {
    const { writeMatch } = await import("../../db/match_writes.ts");
    type Action = Parameters<typeof writeMatch>[2];
    const write = (id: string, action: Action) =>
      writeMatch(server.store, id, action, { actor: "desk", now: testNow() });
    const points = async (id: string, side: "home" | "away", n: number) => {
      for (let i = 0; i < n; i++) await write(id, { type: "point", side });
    };
    const get = async (path: string) => (await (await fetch(server.origin + path)).json()).data;
    const s = await demoIds(server.origin);
    /** Opens `path` at 1280x720 (the page's clock at `clock` when given) and writes its screenshot to `file`. */
    const snap = async (file: string, path: string, ready: string, clock?: Date) => {
      await t.step(file, async () => {
        const { page, errors, close } = await openPage(
          browser,
          server.origin + path,
          OVERLAY,
          clock ? { clock } : {},
        );
        await page.waitForSelector(ready);
        // The states' brief animation over: the picture shows them at rest.
        await page.evaluate(() =>
          document.querySelectorAll(".enter").forEach((el) => el.classList.remove("enter"))
        );
        const png = await page.screenshot();
        assert.ok(png.byteLength > 1000);
        assert.deepEqual(errors, []);
        await Deno.writeFile(new URL(file, DIR), png);
        await close();
      });
    };
    const bar = (id: string, query = "") => `/overlay/match/${id}?debug=1${query}`;
    const m = seeded.singles;

    await snap("overlay_state_up_next.png", bar(s.upcoming.id), ".bar.pending");
    await snap("overlay_state_final.png", bar(s.done.id), ".bar.final");
    await write(m, { type: "start", firstServer: "home" });
    await points(m, "home", 3);
    await points(m, "away", 2);
    await write(m, { type: "card", side: "away", target: "player", card: "yellow" });
    await write(m, { type: "card", side: "away", target: "player", card: "yellow_red" });
    await write(m, { type: "card", side: "home", target: "coach", card: "yellow" });
    await snap("overlay_state_cards.png", bar(m), ".cards .card.yellow_red");
    await write(m, { type: "expedite", rallyInterrupted: false, byRequest: true });
    await snap("overlay_state_expedite.png", bar(m), ".xp");
    await write(m, { type: "timeout", side: "away" });
    const timeout = (await get(`/api/v1/matches/${m}`)).match.umpire.timeouts[0];
    await snap(
      "overlay_state_timeout.png",
      bar(m),
      ".flag.timeout:not([hidden])",
      new Date(Date.parse(timeout.at) + 18_000),
    );
    await points(m, "home", 6);
    await snap("overlay_state_game_point.png", bar(m), ".flag.point");
    // The games the match needs but one, won by home; then 10-0 in the next: match point.
    await points(m, "home", 1);
    for (let game = 1; game < (seeded.bestOf + 1) / 2 - 1; game++) await points(m, "home", 11);
    await points(m, "home", 10);
    await snap("overlay_state_match_point.png", bar(m), ".flag.point.match");
    await write(seeded.doubles, { type: "start", firstServer: "home", server: "home1", receiver: "away1" });
    await points(seeded.doubles, "away", 2);
    await points(seeded.doubles, "home", 1);
    await snap("overlay_state_doubles_server.png", bar(seeded.doubles), ".who .srv");

    const live = s.live.id;
    await snap("overlay_theme_colours.png", bar(live, "&accent=00c2ff&fg=f5f5f5&panel=1b1f3b"), ".bar");
    await snap("overlay_theme_corner_compact.png", bar(live, "&pos=top-left&compact=1"), ".bar");
    await snap("overlay_theme_hide.png", bar(live, "&pos=bottom-right&hide=club,games,flag"), ".bar");
    await snap("overlay_theme_keyer.png", `/overlay/match/${live}?bg=00ff00`, ".bar");

    await snap("card_match.png", `/overlay/card/match/${m}?debug=1`, ".lt[data-card=match]");
    await snap(
      "card_match_doubles.png",
      `/overlay/card/match/${seeded.doubles}?debug=1`,
      ".lt[data-card=match]",
    );
    const roster = (await get(`/api/v1/events/${s.slug}/players`)).players as {
      id: string;
      country?: string;
    }[];
    const match = (await get(`/api/v1/matches/${m}`)).match;
    const home = (await get(`/api/v1/events/${s.slug}/players?limit=500`)).players.find((
      p: { entries: { entryId: string }[] },
    ) => p.entries.some((e) => e.entryId === match.homeId)) ?? roster[0]!;
    await snap(
      "card_player.png",
      `/overlay/card/player/${home.id}?debug=1&pos=bottom-left`,
      ".lt[data-card=player]",
    );
  },
  UPDATE ? undefined : "run with -- --update to write docs/screenshots",
);
