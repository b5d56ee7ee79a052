/**
 * The umpire's page `/score` on a touch phone (390x844), the poster, a match sheet and the order of play in
 * German, Japanese and Arabic: each says its language and direction, nothing runs off the screen or is cut (on
 * paper too, for the sheets), no English text of the catalogs is left (englishLeft(): their own messages,
 * pages/i18n/hall/en.ts, and every other, looked for in the page's text, the umpire's script's sentences
 * included), axe finds no serious or critical violation, and a point scored on the Arabic umpire's page is stored.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { Language } from "../../lib/languages.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import { assertSpeaks, controlsCutOrOverflowing, englishLeft } from "../support/language_checks.ts";
import { browserSuite, newTestContext } from "../support/browser.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { cutBoxes } from "../support/print_checks.ts";
import { LAPTOP } from "../support/viewports.ts";
import { PHONE, scoreUrl, seedStarted, storedPoints, waitQueued } from "../support/score_page.ts";

const LANGS: Language[] = ["de", "ja", "ar"];

/** What a page shows that is not ours: the seeded names, the event's and categories' names, the venue. */
const DATA =
  "script, style, [hidden], .name, .names, #match-title, #whoami, .what, .muted, td, h1, .where, .cats";

/** The page's visible text and its elements' names, without the seeded data. */
function ourText(page: Page): Promise<string> {
  return page.evaluate((data) => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll(data)) el.remove();
    const labels = [...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label"));
    return `${copy.textContent ?? ""} ${labels.join(" ")} ${document.title}`;
  }, DATA);
}

/** What runs off the screen or is cut: the page scrolling sideways, or a control wider than its box. */
function cutOrOverflowing(page: Page): Promise<string[]> {
  return controlsCutOrOverflowing(page, "h1, h2, button, a, .status, .banner, p");
}

browserSuite(
  "the umpire's page, the poster and two print sheets in German, Japanese and Arabic",
  async (store) => ({
    ...await seedStarted(store, "Umpire 1", { bestOf: 3 }),
    admin: await makeToken(store.db, "admin"),
  }),
  async (t, { browser, server, seeded }) => {
    const store = server.store;
    for (const lang of LANGS) {
      // The seeded event and players are named "Event <slug>" and "Player <slug> <n>": their names are data, not
      // the catalog's "Event" and "Player".
      const english = englishLeft(lang, [`Event ${seeded.ev.slug}`, `Player ${seeded.ev.slug}`]);
      const words: Record<string, unknown> = CATALOGS[lang];
      const check = async (page: Page, errors: string[]) => {
        const [text, cut] = [await ourText(page), await cutOrOverflowing(page)];
        await assertSpeaks(page, lang, { english, text, cut, errors });
      };
      const open = async (url: string, viewport = PHONE) => {
        const context = await newTestContext(browser, {
          viewport,
          hasTouch: true,
          isMobile: true,
          bypassCSP: true,
        });
        await context.addInitScript((admin) => {
          localStorage.setItem("tt.device", "umpire-phone");
          localStorage.setItem("tt.token", admin);
        }, seeded.admin);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(url);
        return { page, errors, close: () => context.close() };
      };

      await t.step(`the list in ${lang}`, async () => {
        const { page, errors, close } = await open(
          scoreUrl(server.origin, seeded.secret).replace("/score#", `/score?lang=${lang}#`),
        );
        try {
          await page.waitForSelector("a.match-link");
          await page.waitForFunction(
            (s) => document.getElementById("status")?.textContent === s,
            words["score.upToDate"],
          );
          await check(page, errors);
        } finally {
          await close();
        }
      });

      await t.step(`a match in play in ${lang}${lang === "ar" ? ", a point scored" : ""}`, async () => {
        const url = scoreUrl(server.origin, seeded.secret, seeded.id).replace("#", `?lang=${lang}#`);
        const { page, errors, close } = await open(url);
        try {
          await page.waitForSelector("#score-panel:not([hidden])");
          await page.waitForFunction(
            (s) => document.getElementById("game-number")?.textContent === s,
            String(words["score.gameOf"]).replace("{game}", "1").replace("{bestOf}", "3"),
          );
          await check(page, errors);
          if (lang === "ar") {
            await page.tap("#tap-home");
            await waitQueued(page, 0);
            await page.waitForFunction(() => document.getElementById("points-home")?.textContent === "1");
            assert.deepEqual(await storedPoints(store, seeded.id), ["home"]);
            const undo = String(words["score.undoPoint"]).split("{side}")[0]!;
            assert.ok(
              (await page.textContent("#undo"))?.startsWith(undo),
              "the Undo button says it in Arabic",
            );
            await check(page, errors);
          }
        } finally {
          await close();
        }
      });

      const event = `/t/${seeded.ev.slug}`;
      for (
        const [name, path] of [
          ["the poster", `${event}/poster?lang=${lang}`],
          ["a match sheet", `${event}/print/matches?match=${seeded.id}&lang=${lang}`],
          ["the order of play", `${event}/print/order?lang=${lang}`],
        ]
      ) {
        await t.step(`${name} in ${lang}`, async () => {
          const { page, errors, close } = await open(server.origin + path!, LAPTOP);
          try {
            if (name === "a match sheet") await page.waitForSelector("body[data-ready='1'] .card");
            const [text, cut] = [await ourText(page), await cutOrOverflowing(page)];
            await assertSpeaks(page, lang, { english, text, cut, errors });
            assert.deepEqual(
              await cutBoxes(page, ".sheet, .card, .card header, .card table"),
              [],
              "cut on paper",
            );
          } finally {
            await close();
          }
        });
      }
    }
  },
);
