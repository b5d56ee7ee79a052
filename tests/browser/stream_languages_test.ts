/**
 * The producer's panel `/manage/stream` on the demo at 1366x768 in each language: the page says its language and
 * direction (Arabic right to left), its bar, status line, graphics' cards, slate, sponsor and Stream Deck parts
 * have no English left of the messages it shows (`desk.stream.*` and the desk's frame, pages/i18n/desk/en.ts, the
 * script's sentences included), nothing of them is cut or off the screen, and axe finds no serious or critical
 * violation. The demo's category names are data; the overlay URLs and API calls are code and stay as they are.
 */
import assert from "node:assert/strict";
import { DEMO_SLUG } from "../../cli/demo.ts";
import { LANGUAGES } from "../../lib/languages.ts";
import { deskEn } from "../../pages/i18n/desk/en.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import { browserSuite } from "../support/browser.ts";
import { demoWithAdmin } from "../support/demo_store.ts";
import {
  assertDeskSpeaks,
  controlsCutOrOverflowing,
  deskEnglishLeft,
  regionWords,
} from "../support/language_checks.ts";
import { openDeskToCheck } from "../support/manage_page.ts";

/** The desk's messages the panel shows: its own and the frame's it shares with /manage. */
const KEYS = (Object.keys(deskEn) as (keyof typeof deskEn)[]).filter((k) =>
  k.startsWith("desk.stream.") ||
  ["desk.title", "desk.event", "desk.changeToken", "desk.loading", "desk.tokenPurpose", "desk.saved"]
    .includes(k)
);

/** The parts of the panel this test judges. */
const REGIONS = "header.bar, #status, #token-form, main";

browserSuite(
  "/manage/stream in every language",
  async (store) => ({ admin: await demoWithAdmin(store, "Producer") }),
  async (t, { browser, server, seeded }) => {
    const res = await fetch(`${server.origin}/api/manage/events/${DEMO_SLUG}/stream`, {
      headers: { Authorization: `Bearer ${seeded.admin}` },
    });
    assert.equal(res.status, 200);
    const categories: { name: string }[] = (await res.json()).data.categories;
    // "Stream Deck" is a product's name, in every language.
    const dataNames = [...categories.map((c) => c.name), "Stream Deck"];

    for (const lang of LANGUAGES) {
      await t.step(`/manage/stream in ${lang}`, async () => {
        const desk = await openDeskToCheck(browser, { "tt.token": seeded.admin });
        const page = desk.page;
        try {
          const words: Record<string, unknown> = CATALOGS[lang];
          await page.goto(`${server.origin}/manage/stream?event=${DEMO_SLUG}&lang=${lang}`);
          await page.waitForFunction(
            (s) => document.getElementById("status")?.textContent === s,
            words["desk.stream.loaded"],
          );
          await page.waitForSelector("#pick-standings option", { state: "attached" });
          await page.waitForFunction(() => document.getElementById("sponsor-now")?.textContent !== "");
          assert.equal(
            await page.textContent("article.graphic[data-graphic=slate] h3"),
            words["desk.stream.graphic.slate"],
          );
          await assertDeskSpeaks(page, lang, {
            english: deskEnglishLeft(lang, KEYS, dataNames),
            // Without code (URLs, API calls, graphic names) and the event's name.
            text: await regionWords(page, REGIONS, "script, style, code, #event-select"),
            cut: await controlsCutOrOverflowing(page, "h1, h2, h3, button, a, label, p, li", REGIONS),
            errors: desk.errors,
          });
        } finally {
          await desk.close();
        }
      });
    }
  },
);
