/**
 * /manage's play views (pages/i18n/desk_play/) on the demo at 1366x768 in every language: the tables and the
 * matches of each table, the matches in progress, next and found, a match's actions and result form, the order of
 * play with its sessions and plan, a category's matches, its draw console and its entries, and a team tie's
 * line-ups. In each the page says its language and direction, no English message of those views is left in them,
 * nothing in them is cut or runs off the screen (German's long words), and axe finds no serious violation.
 * With `--shots=DIR` the plan and the matches in German and Japanese are saved there (`--only=LANG`: one language).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { LANGUAGES } from "../../lib/languages.ts";
import { DEMO_SLUG } from "../../cli/demo.ts";
import { buildTeamDemoEvent, DEMO_TEAMS_SLUG } from "../../cli/demo_teams.ts";
import { importEvent } from "../../event_file/import.ts";
import { CATALOGS, i18nFor } from "../../pages/i18n/mod.ts";
import { browserSuite } from "../support/browser.ts";
import { demoWithAdmin } from "../support/demo_store.ts";
import {
  assertDeskSpeaks,
  controlsCutOrOverflowing,
  cutOrOverflowing,
  englishLeft,
  regionWords,
} from "../support/language_checks.ts";
import { openDeskToCheck } from "../support/manage_page.ts";
import { testNow } from "../support/test_clock.ts";

const SHOTS = Deno.args.find((a) => a.startsWith("--shots="))?.slice("--shots=".length);
/** With `--only=de`, one language. */
const ONLY = Deno.args.find((a) => a.startsWith("--only="))?.slice("--only=".length);

/** The parts of the page the play views fill; the frame around them is the desk's own (pages/i18n/desk/). */
const REGIONS = [
  "#tables",
  "#by-table",
  "#live",
  "#next",
  "#done",
  "#find-count",
  "#plan-summary",
  "#plan-grid",
  "#plan-unplaced",
  "#session-rows",
  "#category-sessions",
  "#categories",
  "#draw-console",
  "#entry-list",
  "#entry-form",
  "#category-matches",
  "#tie-lineups",
].join(", ");

/** What the data names: players, clubs, events, categories, groups. */
const DATA = ".names, .names *, legend, option, h4";

/** Shows one of the page's views (pages/operator/console_views.ts). */
async function showView(page: Page, view: string): Promise<void> {
  await page.click(`#views [data-view="${view}"]`);
  await page.waitForSelector(`#views [data-view="${view}"][aria-pressed="true"]`);
}

browserSuite(
  "/manage's play views in every language at 1366x768",
  async (store) => {
    const admin = await demoWithAdmin(store, "Desk");
    await importEvent(store, buildTeamDemoEvent(testNow()), testNow);
    return { admin };
  },
  async (t, { browser, server, seeded }) => {
    const categories = (await (await fetch(`${server.origin}/api/v1/events/${DEMO_SLUG}`)).json()).data
      .subevents as { id: string; name: string }[];
    // The lot seeds the draw console shows are data too ("demo-open-2026/MS/knockout").
    const seeds = await Promise.all(categories.map(async (c) => {
      const res = await fetch(`${server.origin}/api/manage/subevents/${c.id}/draw`, {
        headers: { authorization: `Bearer ${seeded.admin}` },
      });
      return String((await res.json()).data.draw?.lotSeed ?? "");
    }));
    const dataNames = [...categories.map((c) => c.name), ...seeds.filter((s) => s !== "")];
    for (const lang of LANGUAGES.filter((l) => !ONLY || l === ONLY)) {
      await t.step(`in ${lang}`, async () => {
        const english = englishLeft(lang, dataNames).filter((e) => /\S/.test(e));
        // The desk's browser speaks the language too: its date and time fields follow the browser's locale.
        const desk = await openDeskToCheck(browser, {
          "tt.token": seeded.admin,
          "tt.manage.view": "tables",
          "tt.manage.event": DEMO_SLUG,
        }, i18nFor(lang).locale);
        const page = desk.page;
        const check = async (what: string) => {
          await assertDeskSpeaks(page, lang, {
            english,
            text: await regionWords(page, REGIONS, DATA, { shown: true }),
            cut: [
              ...await controlsCutOrOverflowing(
                page,
                "button, summary, label, h3, h4, p, a, span, legend",
                REGIONS,
              ),
              ...await cutOrOverflowing(page),
            ],
            errors: desk.errors,
          }, what);
        };
        const shot = async (name: string, top: string) => {
          if (SHOTS && (lang === "de" || lang === "ja")) {
            // Below the page's sticky bars.
            await page.$eval(top, (el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 110));
            await page.screenshot({ path: `${SHOTS}/manage_${name}_${lang}.png` });
          }
        };
        try {
          await page.goto(`${server.origin}/manage?lang=${lang}`);

          // The tables and the matches of each table.
          await page.waitForSelector("#tables li.table-card");
          await page.waitForSelector("#by-table section.lane li.match");
          await check("tables");

          // The matches: in progress, next, found; a match's actions open, with its result form.
          await showView(page, "matches");
          await page.waitForSelector("#live li.match");
          await page.waitForSelector("#done li.match");
          const row = "#live li.match:first-child";
          await page.click(`${row} details.match-menu > summary`);
          await page.waitForSelector(`${row} details.match-menu[open] form.result`);
          await check("matches");
          await shot("matches", "#live");

          // The order of play: a plan the API refuses (the request sent for an event that is gone: the API's
          // 404 problem), said in the page's words; then the sessions saved and the plan made in them, with a rest of 4 hours that leaves
          // matches it cannot place, each with its reason.
          await showView(page, "plan");
          await page.waitForSelector("#session-rows tr");
          await page.route("**/api/manage/events/*/plan", async (route) => {
            const gone = route.request().url().replace(`/events/${DEMO_SLUG}/`, "/events/gone-2026/");
            const refused = await route.fetch({ url: gone });
            assert.equal(refused.status(), 404);
            await route.fulfill({ response: refused });
          }, { times: 1 });
          await page.click("#plan-form button[type=submit]");
          const refusedWords = String(CATALOGS[lang]["play.problem.not-found"]);
          await page.waitForFunction(
            (words) => document.getElementById("plan-summary")?.textContent === words,
            refusedWords,
          );
          await check("plan refused");
          await page.fill("#plan-rest", "240");
          await page.click("#plan-form button[type=submit]");
          await page.waitForSelector("#plan-grid section.plan-table li");
          await page.waitForSelector("#plan-unplaced:not([hidden]) p");
          const unplaced = await page.locator("#plan-unplaced p").allTextContents();
          const reasons = ["play.unplaced.noRoom", "play.unplaced.feederUnplaced"] as const;
          for (const line of unplaced) {
            assert.ok(reasons.some((key) => line.includes(String(CATALOGS[lang][key]))), line);
          }
          await check("plan");
          await shot("plan", "#plan-summary");

          // A category: its matches, its draw console and its entries.
          await showView(page, "categories");
          await page.waitForSelector("#category-matches li.match");
          await page.click("#categories li.category:first-child button:last-child");
          await page.waitForSelector("#draw-console h4");
          await page.selectOption("#entries-category", categories[0]!.id);
          await page.waitForSelector("#entry-list li");
          await check("categories");

          // A team tie's line-ups.
          await page.selectOption("#event-select", DEMO_TEAMS_SLUG);
          await showView(page, "tables");
          const tie = page.locator("#by-table li.match .actions button", {
            hasText: String(CATALOGS[lang]["play.tie.open"]),
          }).first();
          await page.click("#by-table li.match:has(.actions button) details.match-menu > summary");
          await tie.click();
          await page.waitForSelector("#tie-lineups form.tie-lineups, #tie-lineups p.muted");
          await check("tie line-ups");
        } finally {
          await desk.close();
        }
      });
    }
  },
);
