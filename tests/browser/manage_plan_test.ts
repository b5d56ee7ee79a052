/**
 * The order of play on the operator's page /manage in Chromium: the desk edits the event's sessions (a day, its
 * hours, its tables, the sessions of each category), saves them and sees the plan made in them.
 */
import assert from "node:assert/strict";
import { readEventSessions } from "../../db/read_event_sessions.ts";
import { browserSuite } from "../support/browser.ts";
import { openManage, seedDesk } from "../support/manage_page.ts";

browserSuite(
  "/manage edits the sessions, plans the order of play in them, table by table, and says what is wrong in a sentence",
  (store) => seedDesk(store, { size: 8, bestOf: 5 }),
  async (t, { browser, server, seeded }) => {
    const { page, errors, consoleErrors, close } = await openManage(browser, seeded.admin, {
      width: 1366,
      height: 768,
    });
    const row = (n: number, field: string) => `#session-rows tr:nth-child(${n}) [data-field="${field}"]`;
    const summary = () => page.textContent("#plan-summary");
    const plan = async () => {
      await page.click("#plan-form button[type=submit]");
      await page.waitForFunction(() =>
        !/Planning/.test(document.getElementById("plan-summary")!.textContent!)
      );
    };
    const stored = () => readEventSessions(server.store.db, seeded.ev.slug);
    try {
      await page.goto(`${server.origin}/manage`);
      await page.waitForFunction(() =>
        document.getElementById("event-name")?.textContent === "Event test-open"
      );
      await page.waitForSelector("#session-rows tr");

      await t.step(
        "an event without sessions starts from one: today, 09:00 to 18:00, tables 1-8",
        async () => {
          assert.equal(await page.inputValue(row(1, "from")), "09:00");
          assert.equal(await page.inputValue(row(1, "to")), "18:00");
          assert.equal(await page.inputValue(row(1, "tables")), "1-8");
          assert.deepEqual(
            await page.$$eval(
              "#category-sessions fieldset",
              (sets) =>
                sets.map((
                  s,
                ) => [s.querySelector("legend")!.textContent, s.querySelector("label")!.textContent]),
            ),
            [["Men's singles", "Session 1"]],
          );
        },
      );

      await t.step(
        "a morning on four tables, saved and planned: every match placed, rounds after their feeders",
        async () => {
          await page.fill(row(1, "name"), "Saturday");
          await page.fill(row(1, "day"), "2030-05-04");
          await page.fill(row(1, "from"), "09:00");
          await page.fill(row(1, "to"), "13:00");
          await page.fill(row(1, "tables"), "1-4");
          await plan();
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
          const saved = await stored();
          assert.deepEqual(saved?.sessions, [{
            id: "s1",
            name: "Saturday",
            start: new Date(2030, 4, 4, 9).toISOString(),
            end: new Date(2030, 4, 4, 13).toISOString(),
            tables: [1, 2, 3, 4],
          }]);
          assert.deepEqual(saved?.categories.map((c) => c.sessions), [null]);
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

      await t.step("an afternoon added and the category moved to it: the plan follows", async () => {
        await page.click("#session-add");
        await page.waitForSelector("#session-rows tr:nth-child(2)");
        assert.equal(await page.inputValue(row(2, "day")), "2030-05-04");
        assert.equal(await page.inputValue(row(2, "from")), "13:00", "from where the last session ends");
        await page.fill(row(2, "name"), "Saturday afternoon");
        await page.fill(row(2, "from"), "14:00");
        await page.fill(row(2, "to"), "18:00");
        assert.deepEqual(
          await page.$$eval(
            "#category-sessions label",
            (labels) => labels.map((l) => [l.textContent!.trim(), l.querySelector("input")!.checked]),
          ),
          [["Saturday", true], ["Saturday afternoon", true]],
          "a category in every session is in the new one too",
        );
        await page.uncheck("#category-sessions input[value=s1]");
        assert.equal(await page.isHidden("#plan-keep"), true, "the plan shown is not of these sessions");
        await plan();
        assert.match((await summary())!, /^7 matches to play on 4 tables; the last ends at 15:20;/);
        const saved = await stored();
        assert.deepEqual(saved?.sessions.map((s) => [s.id, s.name, s.tables]), [
          ["s1", "Saturday", [1, 2, 3, 4]],
          ["s2", "Saturday afternoon", [1, 2, 3, 4]],
        ]);
        assert.deepEqual(saved?.categories.map((c) => c.sessions), [["s2"]]);
      });

      await t.step("what is wrong is said in a sentence, and nothing is saved or planned", async () => {
        const before = await stored();
        const refused = async (expected: string) => {
          await plan();
          assert.equal(await summary(), expected);
          assert.equal(await page.isHidden("#plan-keep"), true, "no plan to keep");
          assert.deepEqual(await stored(), before);
        };
        await page.fill(row(2, "to"), "13:30");
        await refused('"Saturday afternoon" ends before it starts: give it an end after its start.');
        await page.fill(row(2, "to"), "18:00");
        await page.fill(row(2, "tables"), "one to four");
        await refused(
          '"Saturday afternoon": give its tables as numbers or ranges such as "1-8" or "1, 2, 5", from 1 to 999.',
        );
        await page.fill(row(2, "tables"), "4-6");
        await page.fill(row(2, "from"), "12:00");
        await refused(
          '"Saturday" and "Saturday afternoon" are at the same time and both use table 4: ' +
            "a table can be in one session at a time.",
        );
        await page.fill(row(2, "from"), "14:00");
        await page.uncheck("#category-sessions input[value=s2]");
        await refused(
          'Tick at least one session for "Men\'s singles" (every session when it plays in all of them).',
        );
        await page.check("#category-sessions input[value=s2]");
        await page.fill(row(2, "tables"), "1-4");
        await page.click("#session-rows tr:nth-child(1) button");
        await plan();
        assert.match((await summary())!, /^7 matches to play on 4 tables; the last ends at 15:20;/);
        assert.deepEqual((await stored())?.sessions.map((s) => s.id), ["s2"], "the morning removed");
        await page.click("#session-rows tr:nth-child(1) button");
        assert.equal(await page.$$eval("#session-rows tr", (rows) => rows.length), 0);
        await plan();
        assert.equal(
          await summary(),
          "Add a session first: the plan needs to know when play goes on and on which tables.",
        );
        assert.deepEqual((await stored())?.sessions.map((s) => s.id), ["s2"], "nothing saved");
      });
      assert.deepEqual(errors, []);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }
  },
);
