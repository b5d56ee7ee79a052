/**
 * The desk's import in every language at 1366x768 (#53): a file with problems of its schema and of its references,
 * then a file that is not even JSON, are checked for real against the server, and each problem is worded from its
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
import { undrawnGroups } from "../support/event_files.ts";
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

/** A file whose second line lacks its comma. */
const NOT_JSON = '{\n  "format": "tt-event/1"\n  "event": {}\n}\n';

/** The paths and values the lines name: the file's own notation, in no language. */
const DATA = [
  "event.venu",
  "venue",
  "categories[0].bestOf",
  "players[1].id",
  "players[0]",
  "ana",
  "zed",
  "players",
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
          const syntax = await checkFile(page, NOT_JSON, 1);
          if (lang === "en") {
            assert.equal(broken.heading, "The file has 4 problems. Mend the file and choose it again.");
            assert.deepEqual(broken.lines, BROKEN_IN_ENGLISH);
            assert.equal(syntax.heading, "The file has 1 problem. Mend the file and choose it again.");
            assert.deepEqual(syntax.lines, [
              'Invalid JSON at line 3, column 3: expected "," or "}", got "\\""',
            ]);
          } else {
            const text = [broken.heading, ...broken.lines, syntax.heading, ...syntax.lines].join("\n");
            assert.deepEqual(left(text), [], `English left in ${lang}:\n${text}`);
            // Each line keeps the path of the file as it is.
            assert.deepEqual(
              broken.lines.map((l) => l.slice(0, l.indexOf(": ")).replace(/[\u2068\u2069]/g, "")),
              BROKEN_IN_ENGLISH.map((l) => l.slice(0, l.indexOf(": "))),
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
