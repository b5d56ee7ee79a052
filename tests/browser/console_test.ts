/**
 * The director's console /manage on a 1366x768 laptop through a long day: the views (tables, categories,
 * matches), a menu of actions per match, every result found by search and paging, a match started by mistake
 * set back, and a wrong result corrected after its next match was started by mistake.
 * (The screenshots of docs/operator.md are made from the demo: tests/browser/desk_screenshots_test.ts.)
 */
import assert from "node:assert/strict";
import { writeMatch } from "../../db/match_writes.ts";
import type { Store } from "../../db/store.ts";
import { browserSuite } from "../support/browser.ts";
import { openManage, openMenu, rowAction, seedDesk } from "../support/manage_page.ts";
import { testNow } from "../support/test_clock.ts";

const SCREEN = { width: 1366, height: 768 };

/**
 * A knockout of 64 on 8 tables with its first two rounds played (48 results: the first round alternately by
 * walkover and keyed in from score sheets, a minute apart, the second from sheets), the third round on tables
 * 1 to 8 at 14:00 tomorrow (UTC). The day is the tests' clock's (support/test_clock.ts), which the server and
 * the page read: planned in the past, the third round would be offered to be called, and the rows would not read
 * as this test expects.
 */
async function seedDay(store: Store) {
  const seeded = await seedDesk(store, { size: 64 });
  const rounds = seeded.ev.rounds;
  for (const [i, id] of rounds[0]!.entries()) {
    await store.db.updateTable("matches").set({ table_no: (i % 8) + 1 }).where("id", "=", id).execute();
  }
  const today = testNow();
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const HOUR = 3_600_000;
  let minute = 0;
  const at = () => ({ actor: "Desk", now: new Date(day - 15 * HOUR + minute++ * 60_000) });
  const sheet = [{ home: 11, away: 7 }, { home: 11, away: 9 }];
  for (const [i, id] of rounds[0]!.entries()) {
    await writeMatch(
      store,
      id,
      i % 2 === 0 ? { type: "walkover", winner: "away" } : { type: "result", games: sheet },
      at(),
    );
  }
  for (const [i, id] of rounds[1]!.entries()) {
    await writeMatch(store, id, { type: "assign", tableNo: (i % 8) + 1 }, at());
    await writeMatch(store, id, { type: "result", games: sheet }, at());
  }
  for (const [i, id] of rounds[2]!.entries()) {
    await writeMatch(
      store,
      id,
      { type: "assign", tableNo: i + 1, scheduledAt: new Date(day + 38 * HOUR).toISOString() },
      at(),
    );
  }
  return seeded;
}

browserSuite(
  "/manage fits a long day on a 1366x768 laptop: views, a menu per match, every result found, corrections",
  seedDay,
  async (t, { browser, server, seeded }) => {
    const { page, errors, consoleErrors, confirmations, close } = await openManage(
      browser,
      seeded.admin,
      SCREEN,
      "tables",
    );
    const rounds = seeded.ev.rounds;
    const row = (id: string) => `li.match[data-match-id="${id}"]`;
    const view = async (id: string) => {
      await page.click(`#views button[data-view=${id}]`);
      await page.waitForSelector(`main[data-view=${id}]`);
    };
    try {
      await page.goto(`${server.origin}/manage`);
      await page.waitForFunction(() =>
        document.getElementById("event-name")?.textContent === "Event test-open"
      );

      await t.step(
        "the tables view: each table's matches in order, within one scroll of the screen",
        async () => {
          await page.waitForSelector(`#by-table section[data-table-no="8"] ${row(rounds[2]![7]!)}`);
          const lanes = await page.$$eval(
            "#by-table section.lane",
            (ls) =>
              ls.map((l) => [l.querySelector("h3")!.textContent, l.querySelectorAll("li.match").length]),
          );
          assert.deepEqual(lanes, [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`Table ${n}`, 1]));
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          assert.ok(height <= 2 * SCREEN.height, `the tables view is ${height} px high`);
          // A row shows its match, its call and a menu: not nine buttons.
          const visible = await page.$$eval(
            `#by-table ${row(rounds[2]![0]!)} button, #by-table ${row(rounds[2]![0]!)} summary`,
            (bs) => bs.filter((b) => (b as HTMLElement).checkVisibility()).map((b) => b.textContent),
          );
          assert.deepEqual(visible, ["Actions", "Call to table 1"]);
        },
      );

      const qf = rounds[2]![0]!;
      const lane = `#by-table section[data-table-no="1"]`;
      await t.step(
        "a match started by mistake is set back to not started from its menu, and the log names it",
        async () => {
          await rowAction(page, `${lane} ${row(qf)}`, `button:has-text("Start: Player test-open 2 serves")`);
          await page.waitForFunction(
            (sel) => /0-0 \(0-0/.test(document.querySelector(sel)?.textContent ?? ""),
            `${lane} ${row(qf)} .score`,
          );
          await rowAction(page, `${lane} ${row(qf)}`, `button:has-text("Set back to not started")`);
          await page.waitForFunction(
            (sel) => !/0-0/.test(document.querySelector(sel)?.textContent ?? "x"),
            `${lane} ${row(qf)} .score`,
          );
          assert.match(
            confirmations.at(-1) ?? "",
            /^Set Player test-open 2 v Player test-open 6 back to not started\?/,
          );
          const match = await server.store.db.selectFrom("matches").select(["status", "first_server"]).where(
            "id",
            "=",
            qf,
          )
            .executeTakeFirstOrThrow();
          assert.deepEqual({ ...match }, { status: "scheduled", first_server: null });
          await view("event");
          await page.waitForFunction(() =>
            /set back to not started: Player test-open 2 v Player test-open 6 \(Men's singles, Round 3 match 1\)/
              .test(document.getElementById("audit")?.textContent ?? "")
          );
          await view("tables");
        },
      );

      await t.step(
        "every result is found: latest first, paged, by player; a walkover says no games",
        async () => {
          await view("matches");
          await page.waitForFunction(() =>
            document.getElementById("find-count")?.textContent === "1–20 of 48"
          );
          const first = await page.getAttribute("#done li.match", "data-match-id");
          assert.equal(first, rounds[1]!.at(-1), "the last result first");
          await page.click("#find-next");
          await page.waitForFunction(() =>
            document.getElementById("find-count")?.textContent === "21–40 of 48"
          );
          await page.click("#find-next");
          await page.waitForFunction(() =>
            document.getElementById("find-count")?.textContent === "41–48 of 48"
          );
          assert.equal(await page.getAttribute("#done li.match:last-child", "data-match-id"), rounds[0]![0]);
          // The first walkover of the day, found by a player's name.
          await page.fill("#find-text", "test-open 1");
          await page.click("#match-find button[type=submit]");
          await page.waitForFunction(() =>
            /^1–\d+ of \d+$/.test(document.getElementById("find-count")?.textContent ?? "") &&
            document.getElementById("find-prev")!.hasAttribute("disabled")
          );
          await page.waitForSelector(`#done ${row(rounds[0]![0]!)}`);
          assert.equal(
            await page.textContent(`#done ${row(rounds[0]![0]!)} .score`),
            "Player test-open 2 wins by walkover",
          );
        },
      );

      await t.step("a wrong result is corrected after the next match was started by mistake", async () => {
        // Round 2 match 1 (Player 2 beat Player 3 from the sheet) was read the wrong way round, and the
        // quarter-final it feeds was started by mistake.
        const r2 = rounds[1]![0]!;
        await page.fill("#find-text", "round 2 match 1");
        await page.selectOption("#find-status", "completed");
        await page.click("#match-find button[type=submit]");
        await page.waitForSelector(`#done ${row(r2)}`);
        await view("tables");
        await rowAction(page, `${lane} ${row(qf)}`, `button:has-text("Start: Player test-open 2 serves")`);
        await page.waitForFunction(
          (sel) => /0-0 \(0-0/.test(document.querySelector(sel)?.textContent ?? ""),
          `${lane} ${row(qf)} .score`,
        );
        await view("matches");
        await openMenu(page, `#done ${row(r2)}`);
        await page.fill(`#done ${row(r2)} form.result input`, "7-11 9-11");
        await page.click(`#done ${row(r2)} form.result button`);
        await page.waitForFunction(
          (sel) => /Player test-open 3 wins 2-0/.test(document.querySelector(sel)?.textContent ?? ""),
          `#done ${row(r2)} .score`,
        );
        assert.deepEqual(confirmations.slice(-2), [
          "Player test-open 2 v Player test-open 3: 7-11, 9-11? Player test-open 3 wins 2-0. It replaces what was scored.",
          "The next match, Player test-open 2 v Player test-open 6 (Men's singles, Round 3 match 1, table 1), has already started but has no point yet.\n\nSet it back to not started now, then make this change?",
        ]);
        const next = await server.store.db.selectFrom("matches").select(["status", "home_entry_id"]).where(
          "id",
          "=",
          qf,
        )
          .executeTakeFirstOrThrow();
        assert.deepEqual({ ...next }, { status: "scheduled", home_entry_id: seeded.ev.entryIds[2] });
      });

      await t.step("the categories view: a category's matches in the order of its draw", async () => {
        await view("categories");
        await page.waitForSelector(`#category-matches ${row(rounds[0]![0]!)}`);
        const ids = await page.$$eval(
          "#category-matches li.match",
          (ls) => ls.map((l) => (l as HTMLElement).dataset.matchId),
        );
        assert.deepEqual(ids, rounds.flat());
      });

      assert.deepEqual(errors, []);
      assert.deepEqual(consoleErrors.filter((e) => !/status of 409/.test(e)), []);
    } finally {
      await close();
    }
  },
);
