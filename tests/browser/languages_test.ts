/**
 * Every translated page in every language, on the demo, at the size it is read at (the TV 1920x1080, an overlay
 * 1280x720, the event, home and 404 pages on a phone 390x844): the page says its language and direction (Arabic
 * right to left), nothing runs off the screen or is cut, no English message is left (the English catalog's texts
 * are looked for in the page's text), and axe finds no serious or critical violation (axe is injected, so the
 * contexts bypass the CSP, as in the accessibility test). With `-- --update` it also writes the screenshots of
 * docs/pages.md (the TV, the match overlay and a phone page in German, Japanese and Arabic).
 */
import assert from "node:assert/strict";
import { type Language, LANGUAGES } from "../../lib/languages.ts";
import { axeViolations } from "../support/axe.ts";
import { cutOrOverflowing, englishLeft, ourText, wordIn } from "../support/language_checks.ts";
import { browserSuite, newTestContext } from "../support/browser.ts";
import { testNow } from "../support/test_clock.ts";
import { FULL_HD, PHONE } from "../support/viewports.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
const OVERLAY = { width: 1280, height: 720 };
const SHOT_LANGUAGES: Language[] = ["de", "ja", "ar"];

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
  return { slug, live: live.id, categoryNames: (event.subevents as { name: string }[]).map((c) => c.name) };
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
      const english = englishLeft(lang, ids.categoryNames);
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
            assert.equal(await page.getAttribute("html", "lang"), lang);
            assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
            const text = await ourText(page);
            assert.deepEqual(english.filter((e) => wordIn(e, text)), [], "English left on the page");
            assert.deepEqual(await cutOrOverflowing(page), [], "cut or off the screen");
            assert.deepEqual(await axeViolations(page), [], "axe");
            assert.deepEqual(errors, []);
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
