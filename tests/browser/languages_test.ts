/**
 * Every translated page in every language, on the demo, at the size it is read at (the TV 1920x1080, an overlay
 * 1280x720, the event, home and 404 pages on a phone 390x844): the page says its language and direction (Arabic
 * right to left), nothing runs off the screen or is cut, no English message is left (the English catalog's texts
 * are looked for in the page's text), and axe finds no serious or critical violation (axe is injected, so the
 * contexts bypass the CSP, as in the accessibility test). With `-- --update` it also writes the screenshots of
 * docs/pages.md (the TV, the match overlay and a phone page in German, Japanese and Arabic).
 */
import type { Page } from "playwright-core";
import { type Language, LANGUAGES } from "../../lib/languages.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import type { Message } from "../../pages/i18n/catalog.ts";
import { assertSpeaks } from "../support/language_checks.ts";
import { browserSuite, newTestContext } from "../support/browser.ts";
import { testNow } from "../support/test_clock.ts";
import { FULL_HD, PHONE } from "../support/viewports.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
const OVERLAY = { width: 1280, height: 720 };
const SHOT_LANGUAGES: Language[] = ["de", "ja", "ar"];

/** The texts of a message, cut at its placeholders: the parts a page shows word for word. */
function staticParts(m: Message): string[] {
  const texts = typeof m === "string" ? [m] : Object.values(m);
  return texts.flatMap((t) => t.split(/\{\w+\}/)).map((p) => p.trim().replace(/^[:·,]\s*|[:.]$/g, ""));
}

/**
 * The English texts that must not be on a page in `lang`: those its catalog words differently, long enough not to
 * be part of a name by chance ("P", "W").
 */
function englishLeft(lang: Language): string[] {
  const en: Record<string, Message> = CATALOGS.en;
  const other: Record<string, Message> = CATALOGS[lang];
  const theirs = new Set(Object.values(other).flatMap(staticParts));
  return [...new Set(Object.values(en).flatMap(staticParts))].filter((p) => p.length >= 4 && !theirs.has(p));
}

/** What a page shows that is not ours: the demo's names, its categories, venue and description. */
const DATA_SELECTORS =
  ".n, .name, .cat, .who, h1, .meta, .where, .side, .ctx, caption, h3, a[href^='/m/'], " +
  "ul.categories a, .url, .label, p:not([class]), .tv-announcement, .announcement";

/** The page's visible text without the demo's own words. */
function ourText(page: Page): Promise<string> {
  return page.evaluate((selectors) => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll(selectors)) el.remove();
    for (const el of copy.querySelectorAll("script, style, [hidden]")) el.remove();
    return (copy.textContent ?? "") + " " + document.title;
  }, DATA_SELECTORS);
}

/** Elements whose text is cut or runs out of the screen: headings and labels wider than their box or the page. */
function cutOrOverflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > innerWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth}px)`);
    for (
      const el of document.querySelectorAll<HTMLElement>("h1, h2, .state, .bestof, .flag, .xp, nav a, .t")
    ) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest("[hidden]")) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== "visible") {
        found.push(`${el.tagName.toLowerCase()}.${el.className} cut: "${el.textContent}"`);
      }
      if (box.right > innerWidth + 1 || box.left < -1) {
        found.push(`${el.tagName.toLowerCase()}.${el.className} off the screen: "${el.textContent}"`);
      }
    }
    return found;
  });
}

/** The demo's ids the pages need, read from the API. */
async function demoIds(origin: string) {
  const get = async (path: string) => (await (await fetch(origin + path)).json()).data;
  const slug = "demo-open-2026";
  const event = await get(`/api/v1/events/${slug}`);
  const matches = (await Promise.all(
    (event.subevents as { id: string }[]).map((c) =>
      get(`/api/v1/subevents/${c.id}/matches`).then((d) => d.matches)
    ),
  )).flat() as { id: string; status: string }[];
  const live = matches.find((m) => m.status === "in_progress")!;
  return { slug, live: live.id };
}

browserSuite(
  "every translated page in every language",
  async (store) => {
    const { loadDemoIfEmpty } = await import("../../cli/demo.ts");
    await loadDemoIfEmpty(store, testNow());
    return null;
  },
  async (t, { browser, server }) => {
    const ids = await demoIds(server.origin);
    const pages = [
      ...["live", "tables", "results", "standings", "qr"].map((view) => ({
        name: `tv_${view}`,
        path: `/t/${ids.slug}/tv?interval=600&view=${view}`,
        viewport: FULL_HD,
      })),
      { name: "overlay_match", path: `/overlay/match/${ids.live}?debug=1`, viewport: OVERLAY },
      { name: "event_phone", path: `/t/${ids.slug}`, viewport: PHONE },
      { name: "home_phone", path: "/", viewport: PHONE },
      { name: "not_found_phone", path: "/t/no-such-event", viewport: PHONE },
    ];
    for (const lang of LANGUAGES.filter((l) => l !== "en")) {
      const english = englishLeft(lang);
      for (const p of pages) {
        await t.step(`${p.name} in ${lang}`, async () => {
          const sep = p.path.includes("?") ? "&" : "?";
          const context = await newTestContext(browser, { viewport: p.viewport, bypassCSP: true });
          const page = await context.newPage();
          const errors: string[] = [];
          page.on("pageerror", (e) => errors.push(e.message));
          await page.goto(`${server.origin}${p.path}${sep}lang=${lang}`);
          const close = () => context.close();
          try {
            const [text, cut] = [await ourText(page), await cutOrOverflowing(page)];
            await assertSpeaks(page, lang, { english, text, cut, errors });
            if (
              UPDATE && SHOT_LANGUAGES.includes(lang) &&
              ["tv_live", "overlay_match", "event_phone"].includes(p.name)
            ) {
              await Deno.writeFile(new URL(`${p.name}_${lang}.png`, DIR), await page.screenshot());
            }
          } finally {
            await close();
          }
        });
      }
    }
  },
);
