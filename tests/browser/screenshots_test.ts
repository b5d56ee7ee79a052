/**
 * The screenshots of docs/pages.md, made from the test fixtures. Skipped in ordinary runs; write them with
 * `deno test -A tests/browser/screenshots_test.ts -- --update`.
 */
import assert from "node:assert/strict";
import { browserSuite, openPage } from "../support/browser.ts";
import { seedPages } from "../pages/seed.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);

const OVERLAY = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A screenshot to make: the page at `path` in `viewport`, the whole page if `full`, a TV's `view` if given. */
interface Shot {
  file: string;
  path: string;
  viewport: { width: number; height: number };
  full?: boolean;
  view?: string;
}

/** The shot `file` of the page at `path`, of the viewport only unless `full`. */
const shot = (file: string, path: string, viewport: Shot["viewport"], full = false): Shot => ({
  file,
  path,
  viewport,
  full,
});

browserSuite(
  "screenshots of every page for docs/pages.md",
  seedPages,
  async (t, { browser, server, seeded }) => {
    const s = seeded;
    const shots: Shot[] = [
      shot("overlay_match.png", `/overlay/match/${s.matches.groupRunning}?debug=1`, OVERLAY),
      shot(
        "overlay_match_top_scaled.png",
        `/overlay/match/${s.matches.r1Done}?debug=1&pos=top&scale=1.3`,
        OVERLAY,
      ),
      shot("overlay_subevent.png", `/overlay/subevent/${s.groups.id}?debug=1`, OVERLAY),
      ...["live", "results", "standings", "qr"].map((view) => ({
        file: `tv_${view}.png`,
        path: `/t/${s.event.slug}/tv?interval=600`,
        viewport: { width: 1920, height: 1080 },
        view,
      })),
      shot("poster_a4.png", `/t/${s.event.slug}/poster`, { width: 900, height: 1240 }, true),
      shot("event_phone.png", `/t/${s.event.slug}`, PHONE, true),
      shot("event_desktop.png", `/t/${s.event.slug}`, DESKTOP, true),
      shot("category_phone.png", `/t/${s.event.slug}/c/${s.groups.id}`, PHONE, true),
      shot("category_desktop.png", `/t/${s.event.slug}/c/${s.knockout.id}`, DESKTOP, true),
      shot("match_phone.png", `/m/${s.matches.r1Running}`, PHONE, true),
      shot("match_prediction_phone.png", `/m/${s.matches.semiScheduled}`, PHONE),
      shot("player_phone.png", `/t/${s.event.slug}/p/${s.knockout.players[0]}`, PHONE, true),
      shot("players_phone.png", `/t/${s.event.slug}/players`, PHONE),
      shot("home_phone.png", "/", PHONE),
      shot("rankings_phone.png", "/rankings", PHONE, true),
    ];
    for (const shot of shots) {
      await t.step(shot.file, async () => {
        const { page, close } = await openPage(browser, server.origin + shot.path, shot.viewport);
        if (shot.view) await page.evaluate((view) => (document.body.dataset.view = view), shot.view);
        const png = await page.screenshot({ fullPage: shot.full ?? false });
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
    await loadDemoIfEmpty(store, new Date());
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
      writeMatch(store, free.id, action, { actor: "desk", now: new Date() });
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
        ["scoring_decider_phone.png", { width: 390, height: 844 }],
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
