/**
 * The director's desk `/manage` on the demo at 1366x768 in each language: the page says its language and direction
 * (Arabic right to left), its frame and panels (the bar and its language switcher, the status line, the views, the
 * event bar, the announcement, "Needs you", check-in, import, rating list, incidents, print, links, tokens, the
 * latest changes, and the play views' headings and forms) have no English desk message left
 * (pages/i18n/desk/en.ts, the script's sentences included), nothing of them is cut or off the screen, and axe
 * finds no serious or critical violation. The referee's incidents (a time-out, a red card to a coach with its alert,
 * a medical break, the demo's retirement) are worded in the desk's language too (pages/incident_words.ts): only
 * the names in them are the data's. The switcher takes the desk to another language. What fills the play
 * views is tests/browser/manage_play_languages_test.ts's, and the API's stage labels ("Group E", "Quarter-final")
 * are taken as data here: the play views' words (pages/i18n/desk_play/) word them. With `-- --update` it writes
 * the screenshots of /manage in German and Arabic.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { type Language, LANGUAGES } from "../../lib/languages.ts";
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
import { testNow } from "../support/test_clock.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
const SLUG = "demo-open-2026";

/** The parts of /manage this test judges: the frame and the panels of pages/i18n/desk/. */
const REGIONS = [
  "header.bar",
  "#status",
  "#token-form",
  "#views",
  "#no-event",
  ".event-bar",
  "#relay",
  "#announcement",
  "#referee-alert",
  "#needs",
  "#clashes h2",
  "#check-in",
  "#rating-list",
  "#import",
  "#incidents",
  "#print",
  "#links-heading",
  "#base-form",
  "#base-warning",
  "#link-grid",
  "#tokens-heading",
  "#token-create",
  "#new-secret",
  "#token-list",
  "#audit-heading",
  "#audit",
  // The play views' headings and forms, which the server writes (their lists are pages/i18n/desk_play/'s).
  "#tables-heading",
  "#hall-form",
  "#matches > h2",
  "#match-find",
  "#find-prev",
  "#find-next",
  "#order-of-play > h2",
  "#order-of-play > h3",
  "#order-of-play > p.muted",
  "#order-of-play thead",
  "#session-add",
  "#plan-form",
  "#plan-keep",
  "#categories-heading",
  "#entries-heading",
  "#by-category > label",
].join(", ");

/** What the regions show of the demo's and the API's own words: names, labels, addresses, the API's sentences. */
const DATA =
  "script, style, #event-name, #whoami, #event-select, #announcement-now, #referee-alert-list li, " +
  "#check-in-list, .names, figcaption a, code, .secret, #find-category, #category-pick";

/**
 * The regions' words (regionWords()) without the demo's and the API's: of the audit's lines the time and what,
 * not who or which match. The incidents' lines are the desk's words (pages/incident_words.ts), checked whole.
 */
function regionText(page: Page): Promise<string> {
  return regionWords(page, REGIONS, DATA, {
    rewrite: (copies) => {
      for (const copy of copies) {
        for (const li of copy.querySelectorAll("#audit li")) {
          // "10:31:02 · Desk · result entered: A v B (…)": the time and what, not who or which match.
          const [time = "", , what = ""] = (li.textContent ?? "").split(" · ");
          li.textContent = `${time} ${what.split(": ")[0]}`;
        }
      }
    },
  });
}

/** What of the regions is cut or off the screen, and whether the page scrolls sideways. */
function cutOrOverflowing(page: Page): Promise<string[]> {
  return controlsCutOrOverflowing(page, "h1, h2, h3, button, a, label, p, li", REGIONS);
}

/** Waits until the desk has drawn what its panels show of the demo, in `lang`. */
async function untilDrawn(page: Page, lang: Language): Promise<void> {
  const words: Record<string, unknown> = CATALOGS[lang];
  await page.waitForFunction(
    (s) => document.getElementById("status")?.textContent === s,
    words["desk.upToDate"],
  );
  for (
    const filled of [
      "#print-menu li",
      "#link-grid figure",
      "#token-list li",
      "#audit li",
      "#check-in-list li",
      "#incident-list li.incident[data-kind=medical]",
      "#referee-alert-list li",
    ]
  ) {
    await page.waitForSelector(filled, { state: "attached" });
  }
  await page.waitForFunction(
    () => document.getElementById("announcement-at")?.textContent !== "",
    undefined,
  );
}

browserSuite(
  "/manage's frame and panels in every language",
  async (store) => ({ admin: await demoWithAdmin(store, "Desk") }),
  async (t, { browser, server, seeded }) => {
    // What the desk's panels show: an announcement, a scorer token of one table, a player checked in (so that
    // the others are counted and offered as no-shows), each through the management API.
    const api = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${server.origin}/api/manage${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${seeded.admin}`,
          "Content-Type": "application/json",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
      return (await res.json()).data;
    };
    await api("PUT", `/events/${SLUG}/announcement`, { text: "13:00" });
    await api("POST", "/tokens", { role: "scorer", label: "T1", event: SLUG, table: 1 });
    const players: { playerId: string }[] = (await api("GET", `/events/${SLUG}/check-in`, undefined)).players;
    const overview: {
      subevents: { name: string }[];
      matches: {
        id: string;
        status: string;
        homeName: string | null;
        awayName: string | null;
        stageLabel: string;
      }[];
    } = await api(
      "GET",
      `/events/${SLUG}`,
      undefined,
    );
    const dataNames = [
      ...overview.subevents.map((c) => c.name),
      ...overview.matches.map((m) => m.stageLabel),
    ];
    await api("POST", `/events/${SLUG}/check-in`, { playerId: players[0]!.playerId, present: true });
    // The referee's incidents of a match: a time-out, a red card to a coach (an alert) and a medical break.
    const played = overview.matches.find((m) => m.status === "scheduled" && m.homeName && m.awayName)!;
    const umpire = (action: string, body: unknown) => api("POST", `/matches/${played.id}/${action}`, body);
    await umpire("start", { firstServer: "home" });
    await umpire("timeout", { side: "home" });
    await umpire("resume", {});
    await umpire("card", { side: "away", target: "coach", card: "red" });
    const began = testNow().getTime() - 5 * 60_000;
    await umpire("medical", {
      side: "home",
      startedAt: new Date(began).toISOString(),
      endedAt: new Date(began + 3 * 60_000).toISOString(),
      reason: "bleeding",
    });

    for (const lang of LANGUAGES) {
      await t.step(`/manage in ${lang}`, async () => {
        const desk = await openDeskToCheck(browser, { "tt.token": seeded.admin, "tt.manage.view": "all" });
        const page = desk.page;
        try {
          await page.goto(`${server.origin}/manage?lang=${lang}`);
          await untilDrawn(page, lang);
          await assertDeskSpeaks(page, lang, {
            english: deskEnglishLeft(lang, Object.keys(deskEn), dataNames),
            text: await regionText(page),
            cut: await cutOrOverflowing(page),
            errors: desk.errors,
          });
          if (UPDATE && (lang === "de" || lang === "ar")) {
            await page.click("#views button[data-view=event]");
            await page.waitForSelector("main[data-view=event]");
            await page.evaluate(() => scrollTo(0, 0));
            await Deno.writeFile(new URL(`manage_${lang}.png`, DIR), await page.screenshot());
          }
        } finally {
          await desk.close();
        }
      });
    }

    await t.step("the switcher takes the desk to another language", async () => {
      const desk = await openDeskToCheck(browser, { "tt.token": seeded.admin, "tt.manage.view": "event" });
      const page = desk.page;
      try {
        await page.goto(`${server.origin}/manage?lang=en`);
        await page.click("header.bar nav.langs a[lang=de]");
        await page.waitForSelector("html[lang=de]");
        await untilDrawn(page, "de");
        assert.equal(new URL(page.url()).search, "?lang=de");
        assert.equal(await page.textContent("#publish"), CATALOGS.de["desk.unpublish"]);
        assert.deepEqual(desk.errors, []);
      } finally {
        await desk.close();
      }
    });
  },
);
