/**
 * The desk's import in every language at 1366x768 (#53): a file with problems of its schema and of its references,
 * one with problems of its matches and results, then a file that is not even JSON, are checked for real against the server, and each problem is worded from its
 * code (pages/operator/client/manage/file_problem_words.ts): no English message is left in the list, and in
 * English it says what the file's problems are. With `--shots=DIR` the list of each language is saved there.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import type { EventFile } from "../../event_file/format.ts";
import { LANGUAGES } from "../../lib/languages.ts";
import { CATALOGS, i18nFor } from "../../pages/i18n/mod.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite } from "../support/browser.ts";
import { groupEvent, undrawnGroups } from "../support/event_files.ts";
import { englishLeft, wordIn } from "../support/language_checks.ts";
import { openDeskToCheck } from "../support/manage_page.ts";

/** With `--shots=DIR` the list of the broken file's problems in each language is saved there, to look at. */
const SHOTS = Deno.args.find((a) => a.startsWith("--shots="))?.slice("--shots=".length);

const players = ["Ana Ruiz", "Ben Okafor", "Cat Meyer", "Dan Holm"].map((n) => ({
  id: n.split(" ")[0]!.toLowerCase(),
  displayName: n,
}));

/** The club open with a problem of its schema (a best of 4, a misspelt field) and two of its references. */
function brokenFile(): EventFile {
  const f = undrawnGroups("club-open", players);
  (f.categories[0] as { bestOf: unknown }).bestOf = 4;
  (f.event as unknown as Record<string, unknown>).venu = "Hall";
  f.players.push({ id: "ana", displayName: "Ann Other" });
  f.categories[0]!.entries[0]!.players = ["zed"];
  return f;
}

/** What the desk lists for the broken file, in English. */
const BROKEN_IN_ENGLISH = [
  'event.venu: Unknown field: did you mean "venue"?',
  "categories[0].bestOf: Expected an odd number of games from 3 to 9, got 4",
  'players[4].id: Duplicate player id "ana": also players[0]',
  'categories[0].entries[0].players[0]: Unknown player "zed": not in "players"',
];

/** The club open with a match against itself, a knockout match in groups, an unknown group and two bad results. */
function playBrokenFile(): EventFile {
  const f = groupEvent({ slug: "club-open", status: "published", players });
  f.categories[0]!.matches = [
    { id: "m1", stage: "group", group: "A", home: "ana", away: "ana", status: "scheduled" },
    { id: "m2", stage: "knockout", round: 1, position: 0, home: "ben", away: "cat", status: "scheduled" },
    { id: "m3", stage: "group", group: "Z", home: "ben", away: "cat", status: "scheduled" },
    {
      id: "m4",
      stage: "group",
      group: "A",
      home: "ben",
      away: "dan",
      status: "completed",
      winner: "ben",
      games: ["11-10"],
    },
    {
      id: "m5",
      stage: "group",
      group: "A",
      home: "ana",
      away: "dan",
      status: "completed",
      winner: "dan",
      games: ["11-5", "11-6"],
    },
  ] as never;
  return f;
}

/** What the desk lists for the file with bad matches, in English. */
const PLAY_BROKEN_IN_ENGLISH = [
  'categories[0].matches[0].away: Entry "ana" cannot play itself',
  'categories[0].matches[1].stage: A category of format "groups" has no knockout matches',
  'categories[0].matches[2].group: Unknown group "Z": not a group of category "S"',
  'categories[0].matches[3].games[0]: "11-10" is not a finished game: a game is won by the first side to 11 ' +
  "points, with a 2-point lead from 10-10",
  'categories[0].matches[4].winner: Entry "dan" contradicts the games: "ana" won them 2-0',
];

/** A file whose second line lacks its comma. */
const NOT_JSON = '{\n  "format": "tt-event/1"\n  "event": {}\n}\n';

/** The paths and values the lines name: the file's own notation, in no language. */
const DATA = [
  "event.venu",
  "venue",
  "categories[0].bestOf",
  "categories[0].entries[0].players[0]",
  "players[1].id",
  "players[0]",
  "ana",
  "zed",
  "players",
  "dan",
  "ben",
  "cat",
  "groups",
  "11-10",
  "2-0",
  "Singles",
];

/** Checks `text` as the file, then waits for the list of its `count` problems; returns the heading and the lines. */
async function checkFile(
  page: Page,
  text: string,
  count: number,
): Promise<{ heading: string; lines: string[] }> {
  await page.setInputFiles("#import-file", {
    name: "club-open.json",
    mimeType: "application/json",
    buffer: Buffer.from(text),
  });
  await page.click("#import-form button[type=submit]");
  await page.waitForFunction(
    (n) =>
      !document.getElementById("import-problems")?.hidden &&
      document.querySelectorAll("#import-problems li").length === n,
    count,
  );
  return {
    heading: await page.$eval("#import-problems p", (p) => p.textContent ?? ""),
    lines: await page.$$eval("#import-problems li", (ls) => ls.map((l) => l.textContent ?? "")),
  };
}

browserSuite(
  "/manage words an event file's problems in every language at 1366x768",
  async (store) => ({ admin: await makeToken(store.db, "admin", { label: "Desk" }) }),
  async (t, { browser, server, seeded }) => {
    for (const lang of LANGUAGES) {
      await t.step(`in ${lang}`, async () => {
        const desk = await openDeskToCheck(
          browser,
          { "tt.token": seeded.admin, "tt.manage.view": "event" },
          i18nFor(lang).locale,
        );
        const page = desk.page;
        const english = englishLeft(lang, DATA).filter((e) => /\S/.test(e));
        const left = (text: string) => english.filter((e) => wordIn(e, text));
        try {
          await page.goto(`${server.origin}/manage?lang=${lang}`);
          assert.equal(await page.getAttribute("html", "lang"), lang);
          // The form is wired once the desk has loaded the (no) events and says so.
          await page.waitForFunction(
            (words) => document.getElementById("status")?.textContent === words,
            String(CATALOGS[lang]["desk.upToDate"]),
          );

          const broken = await checkFile(page, JSON.stringify(brokenFile(), null, 2), 4);
          if (SHOTS) {
            await page.locator("#import-problems").screenshot({
              path: `${SHOTS}/import_problems_${lang}.png`,
            });
          }
          const play = await checkFile(page, JSON.stringify(playBrokenFile(), null, 2), 5);
          const syntax = await checkFile(page, NOT_JSON, 1);
          if (lang === "en") {
            assert.equal(broken.heading, "The file has 4 problems. Mend the file and choose it again.");
            assert.deepEqual(broken.lines, BROKEN_IN_ENGLISH);
            assert.equal(play.heading, "The file has 5 problems. Mend the file and choose it again.");
            assert.deepEqual(play.lines, PLAY_BROKEN_IN_ENGLISH);
            assert.equal(syntax.heading, "The file has 1 problem. Mend the file and choose it again.");
            assert.deepEqual(syntax.lines, [
              'Invalid JSON at line 3, column 3: expected "," or "}", got "\\""',
            ]);
          } else {
            const text = [broken.heading, ...broken.lines, ...play.lines, syntax.heading, ...syntax.lines]
              .join("\n");
            assert.deepEqual(left(text), [], `English left in ${lang}:\n${text}`);
            // Each line keeps the path of the file as it is.
            assert.deepEqual(
              broken.lines.map((l) => l.slice(0, l.indexOf(": ")).replace(/[\u2068\u2069]/g, "")),
              BROKEN_IN_ENGLISH.map((l) => l.slice(0, l.indexOf(": "))),
            );
            assert.deepEqual(
              play.lines.map((l) => l.slice(0, l.indexOf(": ")).replace(/[\u2068\u2069]/g, "")),
              PLAY_BROKEN_IN_ENGLISH.map((l) => l.slice(0, l.indexOf(": "))),
            );
          }
          assert.equal((await server.store.db.selectFrom("events").selectAll().execute()).length, 0);
          assert.deepEqual(desk.errors, []);
        } finally {
          await desk.close();
        }
      });
    }
  },
);
