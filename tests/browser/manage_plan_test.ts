/** The order of play on the operator's page /manage in Chromium: the desk gives a day and its tables, sees the plan. */
import assert from "node:assert/strict";
import { browserSuite } from "../support/browser.ts";
import { openManage, seedDesk } from "../support/manage_page.ts";

browserSuite(
  "/manage plans the order of play of the day it is given, table by table, and says what is wrong with the form",
  (store) => seedDesk(store, { size: 8, bestOf: 5 }),
  async (t, { browser, server, seeded }) => {
    const { page, errors, consoleErrors, close } = await openManage(browser, seeded.admin, {
      width: 1366,
      height: 768,
    });
    try {
      await page.goto(`${server.origin}/manage`);
      await page.waitForFunction(() =>
        document.getElementById("event-name")?.textContent === "Event test-open"
      );
      const summary = () => page.textContent("#plan-summary");

      await t.step(
        "a day in the future on four tables: every match placed, rounds after their feeders",
        async () => {
          await page.fill("#plan-day", "2030-05-04");
          await page.fill("#plan-from", "09:00");
          await page.fill("#plan-to", "13:00");
          await page.fill("#plan-tables", "1-4");
          await page.click("#plan-form button[type=submit]");
          await page.waitForSelector("#plan-grid section");
          assert.equal(
            await summary(),
            "7 matches to play on 4 tables; the last ends at 10:20; the tables are busy 44 % of the time.",
          );
          const tables = await page.$$eval("#plan-grid section", (cards) =>
            cards.map((c) => ({
              table: c.querySelector("h3")!.textContent,
              matches: [...c.querySelectorAll("li")].map((li) => li.textContent),
            })));
          assert.deepEqual(tables.map((c) => c.table), ["Table 1", "Table 2", "Table 3", "Table 4"]);
          assert.deepEqual(tables[0]!.matches, [
            "09:00–09:20 Men's singles, Round 1 match 1: Player test-open 1 v Player test-open 2",
            "09:30–09:50 Men's singles, Round 2 match 1: to be decided v to be decided",
            "10:00–10:20 Men's singles, Final: to be decided v to be decided",
          ]);
          assert.equal(await page.isVisible("#plan-unplaced"), false);
        },
      );

      await t.step("the plan kept gives the matches not placed by hand their tables and times", async () => {
        await page.click("#plan-keep");
        await page.waitForFunction(() => /Kept:/.test(document.getElementById("plan-summary")!.textContent!));
        assert.match((await summary())!, / Kept: 3 matches given a table and a time\.$/);
        assert.equal(await page.textContent("#status"), "Plan kept");
        const final = await server.store.db.selectFrom("matches").select([
          "table_no",
          "scheduled_at",
          "planned",
        ])
          .where("id", "=", seeded.ev.rounds[2]![0]!).executeTakeFirstOrThrow();
        assert.deepEqual(
          [final.table_no, final.scheduled_at, final.planned],
          [1, new Date(2030, 4, 4, 10).toISOString(), 1],
        );
      });

      await t.step(
        "tables that are not numbers are refused in a sentence, and the server's refusal is shown",
        async () => {
          assert.equal(await page.isHidden("#plan-keep"), false, "a plan is shown");
          await page.fill("#plan-tables", "one to four");
          await page.click("#plan-form button[type=submit]");
          await page.waitForFunction(() =>
            document.getElementById("plan-summary")?.textContent?.startsWith("Tables:")
          );
          await page.fill("#plan-tables", "1-4");
          await page.fill("#plan-to", "08:00");
          await page.click("#plan-form button[type=submit]");
          await page.waitForFunction(() =>
            !/Planning/.test(document.getElementById("plan-summary")!.textContent!)
          );
          assert.match(
            (await summary())!,
            /Invalid "sessions\.0\.end": expected the session to end after it starts/,
          );
          assert.equal(await page.isHidden("#plan-keep"), true, "no plan to keep");
        },
      );
      assert.deepEqual(errors, []);
      // The one failed load is the refused plan above.
      assert.equal(consoleErrors.length, 1);
    } finally {
      await close();
    }
  },
);
