/**
 * The producer's panel `/manage/stream` at 1366x768 in each language, refused for real: with a token the server
 * does not know (the token form says so), with a scorer's token (which may not control it) and, with the desk's token, a change the stream's rules refuse (a custom
 * slate without its text). Each refusal is said in the page's words (`play.problem.*` of its code, the page's
 * `#play-words`, pages/operator/client/manage/problem_words.ts), with no English catalog text left (englishLeft());
 * in English, exactly those words.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DEMO_SLUG } from "../../cli/demo.ts";
import { LANGUAGES } from "../../lib/languages.ts";
import type { Language } from "../../lib/languages.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import { browserSuite } from "../support/browser.ts";
import { demoWithAdmin } from "../support/demo_store.ts";
import { englishLeft, wordIn } from "../support/language_checks.ts";
import { openDeskToCheck } from "../support/manage_page.ts";
import { testNow } from "../support/test_clock.ts";
import { createToken } from "../../db/tokens.ts";

/**
 * Waits until one of the elements `ids` (comma-separated) says `key`'s words in `lang`, and checks that nothing
 * English is left in them.
 */
async function saysIn(page: Page, ids: string, lang: Language, key: string): Promise<void> {
  const words = String((CATALOGS[lang] as Record<string, unknown>)[key]);
  await page.waitForFunction(
    ([ids, words]) => ids.split(",").some((id) => document.getElementById(id)?.textContent === words),
    [ids, words] as const,
  );
  const left = englishLeft(lang).filter((e) => wordIn(e, words));
  assert.deepEqual(left, [], `English left in ${lang}: ${words}`);
}

browserSuite(
  "/manage/stream says a refused token and a refused change in the page's language",
  async (store) => ({
    admin: await demoWithAdmin(store, "Producer"),
    scorer: (await createToken(store.db, { role: "scorer", label: "Table 1" }, testNow())).secret,
  }),
  async (t, { browser, server, seeded }) => {
    for (const lang of LANGUAGES) {
      await t.step(`in ${lang}`, async () => {
        const url = `${server.origin}/manage/stream?event=${DEMO_SLUG}&lang=${lang}`;
        const unknown = await openDeskToCheck(browser, { "tt.token": "tt_unknown" });
        try {
          await unknown.page.goto(url);
          await saysIn(unknown.page, "token-error", lang, "play.problem.unauthorized");
          if (lang === "en") {
            assert.equal(
              await unknown.page.textContent("#token-error"),
              "The token is missing, unknown or revoked: enter a valid token.",
            );
          }
          assert.deepEqual(unknown.errors.filter((e) => !/401/.test(e)), []);
        } finally {
          await unknown.close();
        }
        // A scorer's token may not control the stream.
        const scorer = await openDeskToCheck(browser, { "tt.token": seeded.scorer });
        try {
          await scorer.page.goto(url);
          await saysIn(scorer.page, "token-error,status", lang, "play.problem.forbidden");
          assert.deepEqual(scorer.errors.filter((e) => !/403/.test(e)), []);
        } finally {
          await scorer.close();
        }
        const desk = await openDeskToCheck(browser, { "tt.token": seeded.admin });
        try {
          const page = desk.page;
          await page.goto(url);
          await page.waitForFunction(
            (s) => document.getElementById("status")?.textContent === s,
            String(CATALOGS[lang]["desk.stream.loaded"]),
          );
          await page.selectOption("#slate-kind", "custom");
          await page.fill("#slate-text", "");
          await page.click("#slate-form button[type=submit]");
          await saysIn(page, "status", lang, "play.problem.invalid-stream");
          if (lang === "en") {
            assert.equal(
              await page.textContent("#status"),
              "The stream cannot be changed so: the state stays as it was.",
            );
          }
          // A hidden character is an invalid body: worded from its reason (`play.refused.*`), not the API's detail.
          await page.fill("#slate-text", "Back at\u202e 14:00");
          await page.click("#slate-form button[type=submit]");
          await page.waitForFunction(() =>
            /U\+202E/.test(document.getElementById("status")?.textContent ?? "")
          );
          const refused = await page.textContent("#status") ?? "";
          const english = englishLeft(lang, ["text", "U+202E"]).filter((e) => wordIn(e, refused));
          if (lang !== "en") assert.deepEqual(english, [], `English left in ${lang}: ${refused}`);
          assert.doesNotMatch(refused, /invisible control character/, "not the API's detail");
          assert.deepEqual(desk.errors.filter((e) => !/400|409/.test(e)), []);
        } finally {
          await desk.close();
        }
      });
    }
  },
);
