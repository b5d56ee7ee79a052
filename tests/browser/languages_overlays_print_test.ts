/**
 * The overlays translated after the match overlay (a category's board, a tie's bar, the match and player lower
 * thirds, the producer's standings, bracket, slate and sponsor) at 1280x720 and 1920x1080, and the print sheets
 * (the print centre, group sheets with results, the results lists, a draw, a match report) on a laptop, in every
 * language but English, on the demo and the team demo: the page says its language and direction (Arabic right to
 * left), no English message is left (the English catalog's texts, the hall's included, looked for in the whole
 * page's text and labels, the data's own names set aside), nothing is cut or off the screen (nor on paper, for the
 * sheets), and axe finds no serious or critical violation. With `-- --shots=DIR` it saves a screenshot of each
 * page there, to look at; with `-- --lang=de` it checks that language alone; with `-- --update` it writes the
 * screenshots of docs/pages.md (the match's lower third and a group sheet in German, Japanese and Arabic).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { buildTeamDemoEvent, DEMO_TEAMS_SLUG } from "../../cli/demo_teams.ts";
import { importEvent } from "../../event_file/import.ts";
import { type Language, LANGUAGES } from "../../lib/languages.ts";
import { call, makeToken } from "../api/manage_fixtures.ts";
import { assertSpeaks, cutOrOverflowing, englishLeft } from "../support/language_checks.ts";
import { browserSuite, newTestContext } from "../support/browser.ts";
import { cutBoxes } from "../support/print_checks.ts";
import { testNow } from "../support/test_clock.ts";
import { FULL_HD, LAPTOP } from "../support/viewports.ts";

const SHOTS = Deno.args.find((a) => a.startsWith("--shots="))?.slice("--shots=".length);
/** `-- --lang=de`: that language alone (a quicker run while working on one catalog). */
const ONLY = Deno.args.find((a) => a.startsWith("--lang="))?.slice("--lang=".length);
const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
/** The pages whose screenshots docs/pages.md shows, in these languages. */
const DOC_SHOTS = ["overlay_card_match", "print_groups"];
const DOC_LANGUAGES: Language[] = ["de", "ja", "ar"];
const OVERLAY_SIZES = [{ width: 1280, height: 720 }, FULL_HD];
const SPONSOR = "Hallenbäckerei Kranz";

type Json = Record<string, unknown>;

/** The ids the pages need and the data's own names (events, categories, players, clubs, teams), read from the API. */
async function demoData(origin: string) {
  const get = async (path: string) => (await (await fetch(origin + path)).json()).data;
  const names: string[] = [SPONSOR];
  const read = async (slug: string) => {
    const event = await get(`/api/v1/events/${slug}`);
    const categories = event.subevents as { id: string; name: string; format: string }[];
    const players = (await get(`/api/v1/events/${slug}/players`)).players as Json[];
    names.push(event.event?.name ?? event.name, ...categories.map((c) => c.name));
    for (const p of players) {
      for (const key of ["name", "displayName", "association", "club"]) {
        if (typeof p[key] === "string") names.push(p[key] as string);
      }
    }
    const matches = (await Promise.all(
      categories.map((c) => get(`/api/v1/subevents/${c.id}/matches`).then((d) => d.matches)),
    )).flat() as { id: string; status: string; homeName: string; awayName: string }[];
    names.push(...matches.flatMap((m) => [m.homeName, m.awayName]));
    return { categories, matches };
  };
  const demo = await read(DEMO_SLUG);
  const team = await read(DEMO_TEAMS_SLUG);
  const teamCategory = team.categories[0]!.id;
  const ties = (await get(`/api/v1/subevents/${teamCategory}/ties`)).ties as Json[];
  for (const tie of ties) {
    for (const side of ["home", "away"]) {
      const t = tie[side] as Json | null;
      if (t && typeof t.name === "string") names.push(t.name);
    }
  }
  const done = demo.matches.find((m) => m.status === "completed")!.id;
  const text = async (path: string) => await (await fetch(origin + path)).text();
  const playerPage = /href="(\/t\/[^"/]+\/p\/[^"?#]+)"/.exec(await text(`/m/${done}`))![1]!;
  return {
    names,
    live: demo.matches.find((m) => m.status === "in_progress")!.id,
    done,
    profile: /href="\/p\/([^"?#]+)"/.exec(await text(playerPage))![1]!,
    groups: demo.categories.find((c) => c.format !== "knockout")!.id,
    knockout: demo.categories.find((c) => c.format === "knockout")!.id,
    tie: (ties.find((t) => t.status === "in_progress") ?? ties[0]!).id as string,
  };
}

/** The page's whole text, its labels and its title: every word it shows or says. */
function allText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll("script, style, [hidden]")) el.remove();
    const labels = [...document.querySelectorAll("[aria-label], [alt]")]
      .map((e) => `${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("alt") ?? ""}`);
    return `${copy.textContent ?? ""} ${labels.join(" ")} ${document.title}`;
  });
}

/** Opens `url` at `viewport` in `lang`, checks it speaks the language, and closes it. */
async function check(
  browser: Parameters<typeof newTestContext>[0],
  url: string,
  viewport: { width: number; height: number },
  lang: Language,
  english: string[],
  options: { ready: string; paper?: string; shot?: string },
) {
  const context = await newTestContext(browser, { viewport, bypassCSP: true });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${url}${url.includes("?") ? "&" : "?"}lang=${lang}`);
    await page.waitForSelector(options.ready);
    const [text, cut] = [await allText(page), await cutOrOverflowing(page)];
    await assertSpeaks(page, lang, { english, text, cut, errors });
    if (options.paper) assert.deepEqual(await cutBoxes(page, options.paper), [], "cut on paper");
    if (SHOTS && options.shot) await page.screenshot({ path: `${SHOTS}/${options.shot}_${lang}.png` });
    if (UPDATE && options.shot && DOC_SHOTS.includes(options.shot) && DOC_LANGUAGES.includes(lang)) {
      await Deno.writeFile(new URL(`${options.shot}_${lang}.png`, DIR), await page.screenshot());
    }
  } finally {
    await context.close();
  }
}

browserSuite(
  "the overlays and the print sheets in every language",
  async (store) => {
    await loadDemoIfEmpty(store, testNow());
    await importEvent(store, buildTeamDemoEvent(testNow()), testNow);
    return { admin: await makeToken(store.db, "admin", { label: "Producer" }) };
  },
  async (t, { browser, server, seeded }) => {
    const stream = `${server.origin}/api/manage/events/${DEMO_SLUG}/stream`;
    for (
      const body of [
        { slate: { kind: "break" }, sponsor: { text: SPONSOR } },
        { onAir: { standings: true, bracket: true, slate: true, sponsor: true } },
      ]
    ) {
      const res = await fetch(stream, call(seeded.admin, "PATCH", body));
      assert.equal(res.status, 200, await res.text());
    }
    const data = await demoData(server.origin);
    const o = server.origin;
    const overlays = [
      { name: "overlay_category", path: `/overlay/subevent/${data.groups}?debug=1`, ready: ".board .line" },
      { name: "overlay_tie", path: `/overlay/tie/${data.tie}?debug=1`, ready: ".tiebar" },
      { name: "overlay_card_match", path: `/overlay/card/match/${data.live}?debug=1`, ready: ".lt .facts" },
      {
        name: "overlay_card_player",
        path: `/overlay/card/player/${data.profile}?debug=1`,
        ready: ".lt .facts",
      },
      {
        name: "overlay_standings",
        path: `/overlay/standings/${DEMO_SLUG}?debug=1`,
        ready: ".gstand tbody tr",
      },
      { name: "overlay_bracket", path: `/overlay/bracket/${DEMO_SLUG}?debug=1`, ready: ".kbr .round" },
      { name: "overlay_slate", path: `/overlay/slate/${DEMO_SLUG}`, ready: ".slate .words" },
      { name: "overlay_sponsor", path: `/overlay/sponsor/${DEMO_SLUG}?debug=1`, ready: ".sponsor .text" },
    ];
    const event = `/t/${DEMO_SLUG}/print`;
    const sheets = [
      { name: "print_center", path: event, ready: ".menu h2", paper: "" },
      {
        name: "print_groups",
        path: `${event}/groups?category=${data.groups}&filled=1`,
        ready: ".group .grid",
        paper: ".page, .group .grid, .group .order",
      },
      {
        name: "print_results",
        path: `${event}/results`,
        ready: ".results .matches",
        paper: ".results table",
      },
      {
        name: "print_draw",
        path: `${event}/draw?category=${data.knockout}`,
        ready: ".bracket .m",
        paper: ".page",
      },
      { name: "print_report", path: `${event}/report/${data.done}`, ready: ".report .signatures", paper: "" },
    ];
    for (const lang of LANGUAGES.filter((l) => l !== "en" && (ONLY === undefined || l === ONLY))) {
      const english = englishLeft(lang, data.names);
      for (const p of overlays) {
        for (const size of OVERLAY_SIZES) {
          await t.step(`${p.name} at ${size.width}x${size.height} in ${lang}`, async () => {
            const shot = size.width === 1280 ? p.name : undefined;
            await check(browser, o + p.path, size, lang, english, { ready: p.ready, shot });
          });
        }
      }
      for (const p of sheets) {
        await t.step(`${p.name} in ${lang}`, async () => {
          await check(browser, o + p.path, LAPTOP, lang, english, {
            ready: p.ready,
            paper: p.paper || undefined,
            shot: p.name,
          });
        });
      }
    }
  },
);
