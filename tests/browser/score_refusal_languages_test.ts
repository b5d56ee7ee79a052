/**
 * The umpire's page `/score/{id}` on a touch phone (390x844) in each language, with a tap the server really
 * refuses: an undo with nothing to undo waits in the outbox with a point, and the batch sent when the phone is
 * back online has the undo refused by the scoring rules. The warning says why in the page's words
 * (`score.refusal.*`, worded from the refusal's code, pages/operator/client/score/refusal_words.ts), with no
 * English catalog text left (englishLeft()); in English it says exactly that.
 */
import assert from "node:assert/strict";
import { LANGUAGES } from "../../lib/languages.ts";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import { browserSuite } from "../support/browser.ts";
import { englishLeft, wordIn } from "../support/language_checks.ts";
import { deskWriter, openPhone, seedScoring, storedPoints, waitQueued } from "../support/score_page.ts";

browserSuite(
  "/score says a refused tap in the page's language",
  // Eight first-round matches: one for each language.
  (store) => seedScoring(store, "Umpire 1", { bestOf: 3, size: 16 }),
  async (t, { browser, server, seeded }) => {
    const { ev, secret } = seeded;
    const names = [`Event ${ev.slug}`, `Player ${ev.slug}`];
    for (const [i, lang] of LANGUAGES.entries()) {
      await t.step(`in ${lang}`, async () => {
        const id = ev.rounds[0]![i]!;
        const desk = deskWriter(server.store, id);
        await desk({ type: "start", firstServer: "home" });
        const phone = await openPhone(
          browser,
          `${server.origin}/score/${id}?lang=${lang}#token=${secret}`,
          `phone-${lang}`,
        );
        const { page } = phone;
        try {
          await page.waitForSelector("#score-panel:not([hidden])");
          const words: Record<string, unknown> = CATALOGS[lang];
          const undo = String(words["score.tapUndo"]).replace("{score}", "0-0").replace("{game}", "1");
          await page.context().setOffline(true);
          // An undo with nothing to undo waits in the outbox (as an earlier page let one be queued), then a point.
          await page.evaluate(([matchId, label]) => {
            const items = JSON.parse(localStorage.getItem("tt.outbox") ?? "[]");
            items.push({
              key: crypto.randomUUID(),
              matchId,
              type: "undo",
              body: {},
              at: new Date().toISOString(),
              label,
            });
            localStorage.setItem("tt.outbox", JSON.stringify(items));
          }, [id, undo]);
          await page.tap("#tap-home");
          await waitQueued(page, 2);
          await page.context().setOffline(false);
          await page.waitForSelector("#notice:not([hidden])");
          await waitQueued(page, 0);
          // The server refused the undo by the scoring rules and recorded the point.
          assert.deepEqual(await storedPoints(server.store, id), ["home"]);
          const said = (await page.textContent("#notice-text")) ?? "";
          assert.ok(said.startsWith(String(words["score.refusal.scoring"])), `${lang}: ${said}`);
          assert.ok(!said.includes("Cannot undo"), `the API's detail in ${lang}: ${said}`);
          const left = englishLeft(lang, names).filter((e) => wordIn(e, said));
          assert.deepEqual(left, [], `English left in ${lang}: ${said}`);
          if (lang === "en") {
            assert.equal(
              said,
              "The scoring rules do not allow this at this point of the match. Not recorded: undo at 0-0 in game 1. " +
                "Check the score.",
            );
          }
          assert.deepEqual(phone.errors, []);
        } finally {
          await phone.close();
        }
      });
    }
  },
);
