/**
 * The screenshots of docs/pages.md, made from the test fixtures. Skipped in ordinary runs; write them with
 * `deno test -A tests/browser/screenshots_test.ts -- --update`.
 */
import assert from "node:assert/strict";
import { browserSuite, openPage } from "../support/browser.ts";
import { seedPages } from "../pages/seed.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);

browserSuite(
  "screenshots of every page for docs/pages.md",
  seedPages,
  async (t, { browser, server, seeded }) => {
    const s = seeded;
    const shots: {
      file: string;
      path: string;
      viewport: { width: number; height: number };
      full?: boolean;
      view?: string;
    }[] = [
      {
        file: "overlay_match.png",
        path: `/overlay/match/${s.matches.groupRunning}?debug=1`,
        viewport: { width: 1280, height: 720 },
      },
      {
        file: "overlay_match_top_scaled.png",
        path: `/overlay/match/${s.matches.r1Done}?debug=1&pos=top&scale=1.3`,
        viewport: { width: 1280, height: 720 },
      },
      {
        file: "overlay_subevent.png",
        path: `/overlay/subevent/${s.groups.id}?debug=1`,
        viewport: { width: 1280, height: 720 },
      },
      ...["live", "results", "standings", "qr"].map((view) => ({
        file: `tv_${view}.png`,
        path: `/t/${s.event.slug}/tv?interval=600`,
        viewport: { width: 1920, height: 1080 },
        view,
      })),
      {
        file: "poster_a4.png",
        path: `/t/${s.event.slug}/poster`,
        viewport: { width: 900, height: 1240 },
        full: true,
      },
      {
        file: "event_phone.png",
        path: `/t/${s.event.slug}`,
        viewport: { width: 390, height: 844 },
        full: true,
      },
      {
        file: "event_desktop.png",
        path: `/t/${s.event.slug}`,
        viewport: { width: 1280, height: 900 },
        full: true,
      },
      {
        file: "category_phone.png",
        path: `/t/${s.event.slug}/c/${s.groups.id}`,
        viewport: { width: 390, height: 844 },
        full: true,
      },
      {
        file: "category_desktop.png",
        path: `/t/${s.event.slug}/c/${s.knockout.id}`,
        viewport: { width: 1280, height: 900 },
        full: true,
      },
      {
        file: "match_phone.png",
        path: `/m/${s.matches.r1Running}`,
        viewport: { width: 390, height: 844 },
        full: true,
      },
      {
        file: "match_prediction_phone.png",
        path: `/m/${s.matches.semiScheduled}`,
        viewport: { width: 390, height: 844 },
      },
      {
        file: "player_phone.png",
        path: `/t/${s.event.slug}/p/${s.knockout.players[0]}`,
        viewport: { width: 390, height: 844 },
        full: true,
      },
      {
        file: "players_phone.png",
        path: `/t/${s.event.slug}/players`,
        viewport: { width: 390, height: 844 },
      },
      { file: "home_phone.png", path: "/", viewport: { width: 390, height: 844 } },
      { file: "rankings_phone.png", path: "/rankings", viewport: { width: 390, height: 844 }, full: true },
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
