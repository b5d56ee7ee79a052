/**
 * The producer's panel `/manage/stream` on the demo at 1366x768 in each language: the page says its language and
 * direction (Arabic right to left), its bar, status line, graphics' cards, slate, sponsor and Stream Deck parts
 * have no English left of the messages it shows (`desk.stream.*` and the desk's frame, pages/i18n/desk/en.ts, the
 * script's sentences included), nothing of them is cut or off the screen, and axe finds no serious or critical
 * violation. The demo's category names are data; the overlay URLs and API calls are code and stay as they are.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { LANGUAGES } from "../../lib/languages.ts";
import { deskEn } from "../../pages/i18n/desk/en.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { axeViolations } from "../support/axe.ts";
import { browserSuite, newTestContext, recordPage } from "../support/browser.ts";
import { controlsCutOrOverflowing, deskEnglishLeft, wordIn } from "../support/language_checks.ts";
import { testNow } from "../support/test_clock.ts";
import { LAPTOP } from "../support/viewports.ts";

/** The desk's messages the panel shows: its own and the frame's it shares with /manage. */
const KEYS = (Object.keys(deskEn) as (keyof typeof deskEn)[]).filter((k) =>
  k.startsWith("desk.stream.") ||
  ["desk.title", "desk.event", "desk.changeToken", "desk.loading", "desk.tokenPurpose", "desk.saved"]
    .includes(k)
);

/** The parts of the panel this test judges. */
const REGIONS = "header.bar, #status, #token-form, main";

/**
 * The regions' text, hidden parts included, without code (URLs, API calls, graphic names) and the event's name;
 * their elements' accessible names, titles and placeholders too.
 */
function regionText(page: Page): Promise<string> {
  return page.evaluate((regions) => {
    const out: string[] = [document.title];
    for (const region of document.querySelectorAll(regions)) {
      const copy = region.cloneNode(true) as HTMLElement;
      for (const el of copy.querySelectorAll("script, style, code, #event-select")) el.remove();
      out.push(copy.textContent ?? "");
      for (const el of [copy, ...copy.querySelectorAll("*")]) {
        for (const attr of ["aria-label", "placeholder", "title"]) {
          const value = el.getAttribute(attr);
          if (value) out.push(value);
        }
      }
    }
    return out.join(" \n ");
  }, REGIONS);
}

browserSuite(
  "/manage/stream in every language",
  async (store) => {
    await loadDemoIfEmpty(store, testNow());
    return { admin: await makeToken(store.db, "admin", { label: "Producer" }) };
  },
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
        const context = await newTestContext(browser, { viewport: LAPTOP, bypassCSP: true });
        await context.addInitScript((token) => localStorage.setItem("tt.token", token), seeded.admin);
        const page = await context.newPage();
        const { errors } = recordPage(page, { accept: true, apartConsole: true });
        try {
          const words: Record<string, unknown> = CATALOGS[lang];
          await page.goto(`${server.origin}/manage/stream?event=${DEMO_SLUG}&lang=${lang}`);
          await page.waitForFunction(
            (s) => document.getElementById("status")?.textContent === s,
            words["desk.stream.loaded"],
          );
          await page.waitForSelector("#pick-standings option", { state: "attached" });
          await page.waitForFunction(() => document.getElementById("sponsor-now")?.textContent !== "");
          assert.equal(await page.getAttribute("html", "lang"), lang);
          assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
          assert.equal(await page.getAttribute("header.bar nav.langs a[aria-current]", "lang"), lang);
          assert.equal(
            await page.textContent("article.graphic[data-graphic=slate] h3"),
            words["desk.stream.graphic.slate"],
          );
          if (lang !== "en") {
            const text = await regionText(page);
            assert.deepEqual(
              deskEnglishLeft(lang, KEYS, dataNames).filter((e) => wordIn(e, text)),
              [],
              "English left on the page",
            );
          }
          assert.deepEqual(
            await controlsCutOrOverflowing(page, "h1, h2, h3, button, a, label, p, li", REGIONS),
            [],
            "cut or off the screen",
          );
          assert.deepEqual(await axeViolations(page), [], "axe");
          assert.deepEqual(errors, []);
        } finally {
          await context.close();
        }
      });
    }
  },
);
