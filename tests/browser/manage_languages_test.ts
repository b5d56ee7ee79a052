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
import type { Browser, Page } from "playwright-core";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import { type Language, LANGUAGES } from "../../lib/languages.ts";
import { deskEn } from "../../pages/i18n/desk/en.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { axeViolations } from "../support/axe.ts";
import { browserSuite, newTestContext, recordPage } from "../support/browser.ts";
import { controlsCutOrOverflowing, deskEnglishLeft, wordIn } from "../support/language_checks.ts";
import { testNow } from "../support/test_clock.ts";
import { LAPTOP } from "../support/viewports.ts";

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

/**
 * The regions' text, their hidden parts included (a sentence the script shows later is written by the server),
 * without the demo's and the API's own words: names, labels, addresses, and the sentences the API writes (the
 * problems'); their elements' accessible names and placeholders too.
 */
function regionText(page: Page): Promise<string> {
  return page.evaluate((regions) => {
    const out: string[] = [document.title];
    for (const region of document.querySelectorAll(regions)) {
      const copy = region.cloneNode(true) as HTMLElement;
      for (const li of copy.querySelectorAll("#audit li")) {
        // "10:31:02 · Desk · result entered: A v B (…)": the time and what, not who or which match.
        const [time = "", , what = ""] = (li.textContent ?? "").split(" · ");
        li.textContent = `${time} ${what.split(": ")[0]}`;
      }
      const data = "script, style, #event-name, #whoami, #event-select, #announcement-now, " +
        "#referee-alert-list li, #check-in-list, .names, figcaption a, code, .secret, #find-category, " +
        "#category-pick";
      for (const el of copy.querySelectorAll(data)) el.remove();
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

/**
 * /manage in a new context at 1366x768 on the view `view`, with the admin token kept beforehand and the CSP
 * bypassed (axe is injected, as in the accessibility test); confirmations accepted, page errors recorded.
 */
async function openDesk(browser: Browser, token: string, view: string) {
  const context = await newTestContext(browser, { viewport: LAPTOP, bypassCSP: true });
  await context.addInitScript((t) => localStorage.setItem("tt.token", t), token);
  await context.addInitScript((v) => localStorage.setItem("tt.manage.view", v), view);
  const page = await context.newPage();
  const { errors } = recordPage(page, { accept: true, apartConsole: true });
  return { page, errors, close: () => context.close() };
}

browserSuite(
  "/manage's frame and panels in every language",
  async (store) => {
    await loadDemoIfEmpty(store, testNow());
    return { admin: await makeToken(store.db, "admin", { label: "Desk" }) };
  },
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
        const desk = await openDesk(browser, seeded.admin, "all");
        const page = desk.page;
        try {
          await page.goto(`${server.origin}/manage?lang=${lang}`);
          await untilDrawn(page, lang);
          assert.equal(await page.getAttribute("html", "lang"), lang);
          assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
          assert.equal(await page.getAttribute("header.bar nav.langs a[aria-current]", "lang"), lang);
          if (lang !== "en") {
            const text = await regionText(page);
            assert.deepEqual(
              deskEnglishLeft(lang, Object.keys(deskEn), dataNames).filter((e) => wordIn(e, text)),
              [],
              "English left on the page",
            );
          }
          assert.deepEqual(await cutOrOverflowing(page), [], "cut or off the screen");
          assert.deepEqual(await axeViolations(page), [], "axe");
          assert.deepEqual(desk.errors, []);
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
      const desk = await openDesk(browser, seeded.admin, "event");
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
