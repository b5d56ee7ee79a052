/**
 * The umpire's page on the demo in every state an umpire meets (start, serving, game point, time-out, the card
 * sheet, the expedite sheet, game end, match end, offline) at 360x640, 390x844 and 844x390, for docs/operator.md.
 * Skipped in ordinary runs; write them with `deno test -A tests/browser/umpire_screenshots_test.ts -- --update`.
 */
import type { Page } from "playwright-core";
import { browserSuite } from "../support/browser.ts";
import { testNow } from "../support/test_clock.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);

/** The screens, each scoring a match of its own. */
const SCREENS = [
  { name: "360x640", width: 360, height: 640 },
  { name: "390x844", width: 390, height: 844 },
  { name: "landscape", width: 844, height: 390 },
] as const;

browserSuite(
  "screenshots of the umpire's page in each state on the demo, on two phones and on its side",
  async (store) => {
    const { loadDemoIfEmpty } = await import("../../cli/demo.ts");
    const { makeToken } = await import("../api/manage_fixtures.ts");
    const { listScorableMatches } = await import("../../db/read_manage.ts");
    await loadDemoIfEmpty(store, testNow());
    const secret = await makeToken(store.db, "scorer", { label: "Table 5 phone" });
    const matches = await listScorableMatches(store.db, { eventId: null, tableNo: null });
    const taken = new Set(
      matches.filter((m) => m.status === "in_progress").flatMap((m) =>
        [...m.homePlayers, ...m.awayPlayers].map((p) => p.id)
      ),
    );
    // Singles not yet played whose players play nowhere else now, one per screen (each screen's match is over
    // before the next starts).
    const ids: string[] = [];
    for (const m of matches) {
      const players = [...m.homePlayers, ...m.awayPlayers].map((p) => p.id);
      if (m.status !== "scheduled" || m.doubles || players.some((p) => taken.has(p))) continue;
      ids.push(m.id);
      if (ids.length === SCREENS.length) break;
    }
    // The demo has fewer: then singles whose players are on another table now (the page says so at the start).
    for (const m of matches) {
      if (ids.length === SCREENS.length) break;
      if (m.status === "scheduled" && !m.doubles && !ids.includes(m.id)) ids.push(m.id);
    }
    return { secret, ids };
  },
  async (t, { browser, server, seeded }) => {
    for (const [n, screen] of SCREENS.entries()) {
      const id = seeded.ids[n]!;
      const context = await browser.newContext({
        viewport: { width: screen.width, height: screen.height },
        hasTouch: true,
        isMobile: true,
      });
      await context.addInitScript((keys) => {
        localStorage.setItem("tt.score.token", keys.token);
        localStorage.setItem("tt.device", keys.device);
      }, { token: seeded.secret, device: `screenshots-${n}` });
      const page = await context.newPage();
      const shoot = async (state: string) => {
        // The finger lifted: nothing stays pressed in the picture.
        await page.mouse.move(0, 0);
        await Deno.writeFile(new URL(`umpire_${state}_${screen.name}.png`, DIR), await page.screenshot());
      };
      const sent = () => page.waitForFunction(() => document.body.dataset.queued === "0");
      const taps = async (side: "home" | "away", count: number) => {
        for (let i = 0; i < count; i++) await page.tap(`#tap-${side}`);
      };
      const nextGame = async () => {
        await page.waitForSelector("#dialog:not([hidden])");
        await page.tap("#dialog-ok");
        await page.waitForSelector("#dialog", { state: "hidden" });
      };
      try {
        await t.step(`${screen.name}: start, serving, offline`, async () => {
          await page.goto(`${server.origin}/score/${id}`);
          await page.waitForSelector("#start-panel:not([hidden])");
          await page.evaluate(() => navigator.serviceWorker.ready);
          await shoot("start");
          await page.tap("#start-home");
          await page.waitForSelector("#score-panel:not([hidden])");
          await taps("home", 2);
          await taps("away", 1);
          await sent();
          await shoot("serving");
          await page.context().setOffline(true);
          await taps("away", 1);
          await page.reload();
          await page.waitForSelector("#score-panel:not([hidden])");
          await page.waitForFunction(() => document.getElementById("status")?.dataset.kind === "offline");
          await shoot("offline");
          await page.context().setOffline(false);
          await sent();
        });
        await t.step(`${screen.name}: game point, time-out, card, expedite`, async () => {
          await taps("home", 8);
          await sent();
          await page.waitForFunction(() => document.getElementById("banner")?.dataset.kind === "game-point");
          await shoot("game_point");
          await page.tap("#open-timeout");
          await page.tap("#sheet-choices button >> nth=1");
          await page.waitForFunction(() => document.getElementById("banner")?.dataset.kind === "timeout");
          await sent();
          await shoot("timeout");
          await page.tap("#banner-action");
          await sent();
          await page.tap("#open-card");
          await page.waitForSelector("#sheet:not([hidden])");
          await shoot("card_sheet");
          await page.tap("#sheet-cancel");
          await page.tap("#open-expedite");
          await page.waitForSelector("#sheet:not([hidden])");
          await shoot("expedite");
          await page.tap("#sheet-cancel");
        });
        await t.step(`${screen.name}: game end, match end`, async () => {
          await page.tap("#tap-home");
          await page.waitForSelector("#dialog:not([hidden])");
          await sent();
          await shoot("game_end");
          await page.tap("#dialog-ok");
          await page.waitForSelector("#dialog", { state: "hidden" });
          const bestOf = await bestOfShown(page);
          for (let game = 2; game <= Math.ceil(bestOf / 2); game++) {
            await taps("home", 11);
            if (game < Math.ceil(bestOf / 2)) await nextGame();
          }
          await page.waitForSelector("#dialog:not([hidden])");
          await sent();
          await shoot("match_end");
        });
      } finally {
        await context.close();
      }
    }
  },
  UPDATE ? undefined : "run with -- --update to write docs/screenshots",
);

/** The match's best-of, from the projection the page keeps. */
function bestOfShown(page: Page): Promise<number> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith("tt.match.")) return JSON.parse(localStorage.getItem(key)!).bestOf as number;
    }
    return 5;
  });
}
