/**
 * The reader's pages translated after the first ones (the categories', the players', a player's, the rankings',
 * a match's, a profile with its rating chart; a tie's, and the ties' lists of a team event's category, event and match pages, on the team demo of
 * cli/demo_teams.ts) in German, Japanese and Arabic on a phone (390x844), and the table scoreboard (1920x1080): the page
 * says its language and direction, nothing runs off the screen or is cut, no English message is left, and axe
 * finds no serious or critical violation. A file of its own beside tests/browser/languages_test.ts, so that each
 * stays short to run. With `-- --shots=DIR` it saves a screenshot of each page there, to look at.
 */
import assert from "node:assert/strict";
import type { Language } from "../../lib/languages.ts";
import { buildTeamDemoEvent, DEMO_TEAMS_SLUG } from "../../cli/demo_teams.ts";
import { importEvent } from "../../event_file/import.ts";
import { axeViolations } from "../support/axe.ts";
import { browserSuite, newTestContext } from "../support/browser.ts";
import { cutOrOverflowing, englishLeft, ourText, wordIn } from "../support/language_checks.ts";
import { testNow } from "../support/test_clock.ts";
import { FULL_HD, PHONE } from "../support/viewports.ts";

const LANGUAGES: Language[] = ["de", "ja", "ar"];
const SHOTS = Deno.args.find((a) => a.startsWith("--shots="))?.slice("--shots=".length);

/** The demo's ids the pages need, read from the API. */
async function demoIds(origin: string) {
  const get = async (path: string) => (await (await fetch(origin + path)).json()).data;
  const slug = "demo-open-2026";
  const event = await get(`/api/v1/events/${slug}`);
  const categories = event.subevents as { id: string; format: string; name: string }[];
  const players = (await get(`/api/v1/events/${slug}/players`)).players as { id: string }[];
  const matches = (await Promise.all(
    categories.map((c) => get(`/api/v1/subevents/${c.id}/matches`).then((d) => d.matches)),
  )).flat() as { id: string; status: string; tableNo: number | null }[];
  const live = matches.find((m) => m.status === "in_progress" && m.tableNo !== null)!;
  return {
    live: live.id,
    liveTable: live.tableNo,
    done: matches.find((m) => m.status === "completed")!.id,
    slug,
    groups: categories.find((c) => c.format !== "knockout")!.id,
    knockout: categories.find((c) => c.format !== "groups")!.id,
    player: players[0]!.id,
    categoryNames: categories.map((c) => c.name),
  };
}

/** The profile (/p/{id}) of a player of a finished match, read from the links of the pages as a reader follows them. */
async function profileId(origin: string, matchPage: string) {
  const text = async (path: string) => await (await fetch(origin + path)).text();
  const playerPage = /href="(\/t\/[^"/]+\/p\/[^"?#]+)"/.exec(await text(matchPage))![1]!;
  return /href="\/p\/([^"?#]+)"/.exec(await text(playerPage))![1]!;
}

/** The team demo's (cli/demo_teams.ts) category, a tie in play, a decided one and a match of a tie. */
async function teamIds(origin: string) {
  const get = async (path: string) => (await (await fetch(origin + path)).json()).data;
  const categories = (await get(`/api/v1/events/${DEMO_TEAMS_SLUG}`)).subevents as {
    id: string;
    name: string;
  }[];
  const category = categories[0]!.id;
  const ties = (await get(`/api/v1/subevents/${category}/ties`)).ties as {
    id: string;
    status: string;
    matches: { match: { id: string } | null }[];
  }[];
  const live = ties.find((t) => t.status === "in_progress")!;
  return {
    category,
    live: live.id,
    done: ties.find((t) => t.status === "completed")!.id,
    match: live.matches.find((m) => m.match !== null)!.match!.id,
    categoryNames: categories.map((c) => c.name),
  };
}

browserSuite(
  "the reader's pages in German, Japanese and Arabic",
  async (store) => {
    const { loadDemoIfEmpty } = await import("../../cli/demo.ts");
    await loadDemoIfEmpty(store, testNow());
    await importEvent(store, buildTeamDemoEvent(testNow()), testNow);
    return null;
  },
  async (t, { browser, server }) => {
    const ids = await demoIds(server.origin);
    const team = await teamIds(server.origin);
    const profile = await profileId(server.origin, `/m/${ids.done}`);
    const pages = [
      { name: "category_groups", path: `/t/${ids.slug}/c/${ids.groups}` },
      { name: "category_knockout", path: `/t/${ids.slug}/c/${ids.knockout}` },
      { name: "players", path: `/t/${ids.slug}/players` },
      { name: "player", path: `/t/${ids.slug}/p/${ids.player}` },
      { name: "rankings", path: "/rankings" },
      { name: "match_live", path: `/m/${ids.live}` },
      { name: "match_done", path: `/m/${ids.done}` },
      { name: "profile", path: `/p/${profile}` },
      { name: "tie_live", path: `/tie/${team.live}` },
      { name: "tie_done", path: `/tie/${team.done}` },
      { name: "team_category", path: `/t/${DEMO_TEAMS_SLUG}/c/${team.category}` },
      { name: "team_event", path: `/t/${DEMO_TEAMS_SLUG}` },
      { name: "tie_match", path: `/m/${team.match}` },
      { name: "scoreboard", path: `/t/${ids.slug}/table/${ids.liveTable}/scoreboard`, viewport: FULL_HD },
      { name: "scoreboard_free", path: `/t/${ids.slug}/table/99/scoreboard`, viewport: FULL_HD },
    ];
    for (const lang of LANGUAGES) {
      const english = englishLeft(lang, [...ids.categoryNames, ...team.categoryNames]);
      for (const p of pages) {
        await t.step(`${p.name} in ${lang}`, async () => {
          const context = await newTestContext(browser, { viewport: p.viewport ?? PHONE, bypassCSP: true });
          const page = await context.newPage();
          const errors: string[] = [];
          page.on("pageerror", (e) => errors.push(e.message));
          await page.goto(`${server.origin}${p.path}?lang=${lang}`);
          try {
            assert.equal(await page.getAttribute("html", "lang"), lang);
            assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
            const text = await ourText(page);
            assert.deepEqual(english.filter((e) => wordIn(e, text)), [], "English left on the page");
            assert.deepEqual(await cutOrOverflowing(page), [], "cut or off the screen");
            assert.deepEqual(await axeViolations(page), [], "axe");
            assert.deepEqual(errors, []);
            if (SHOTS) await page.screenshot({ path: `${SHOTS}/${p.name}_${lang}.png`, fullPage: true });
          } finally {
            await context.close();
          }
        });
      }
    }
  },
);
