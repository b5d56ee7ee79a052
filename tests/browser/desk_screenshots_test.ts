/**
 * The screenshots of the desk's pages in docs/operator.md, docs/scheduling.md and docs/pages.md, made from the demo
 * as a newcomer sees it (never the test fixtures): the console's views, the order of play with its sessions, the
 * expected times after a match ran long, and a player's profile. Skipped in ordinary runs; write them with
 * `deno test -A tests/browser/desk_screenshots_test.ts -- --update`.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { openManage } from "../support/manage_page.ts";
import { FULL_HD, LAPTOP, PHONE } from "../support/viewports.ts";
import { testNow, testNowMs } from "../support/test_clock.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
const MINUTE = 60_000;

/** Writes `file` from what `page` shows, `at` (a selector) scrolled to the top under the console's views bar. */
async function shoot(page: Page, file: string, at?: string): Promise<void> {
  if (at) {
    await page.evaluate((sel) => {
      const top = document.querySelector(sel)!.getBoundingClientRect().top + scrollY;
      scrollTo(0, top - (document.getElementById("views")?.offsetHeight ?? 0) - 8);
    }, at);
  }
  const png = await page.screenshot();
  assert.ok(png.byteLength > 1000);
  await Deno.writeFile(new URL(file, DIR), png);
}

browserSuite(
  "screenshots of the desk's pages on the demo for docs/operator.md, docs/scheduling.md and docs/pages.md",
  async (store) => {
    await loadDemoIfEmpty(store, testNow());
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    // A match in play runs long: a point scored half an hour after its planned length moves its table's next
    // matches and its players' later, as the expected times on /manage and the TV show.
    const live = await store.db.selectFrom("matches").select(["id", "table_no"])
      .where("status", "=", "in_progress").where("table_no", "is not", null).orderBy("table_no")
      .executeTakeFirstOrThrow();
    await writeMatch(store, live.id, { type: "point", side: "home" }, {
      actor: "Table",
      now: new Date(testNowMs() + 30 * MINUTE),
    });
    // The player with the most finished singles, and the last of their opponents, for the profile and its head
    // to head.
    const done = await store.db.selectFrom("matches")
      .innerJoin("entries as home", "home.id", "matches.home_entry_id")
      .innerJoin("entries as away", "away.id", "matches.away_entry_id")
      .select(["home.player1_id as home", "away.player1_id as away"])
      .where("matches.status", "=", "completed").where("matches.result_reason", "is", null)
      .where("home.player2_id", "is", null).orderBy("matches.completed_at").execute();
    const played = new Map<string, string[]>();
    for (const m of done) {
      played.set(m.home, [...(played.get(m.home) ?? []), m.away]);
      played.set(m.away, [...(played.get(m.away) ?? []), m.home]);
    }
    const [player, opponents] = [...played].sort((a, b) => b[1].length - a[1].length)[0]!;
    return { admin, player, opponent: opponents.at(-1)! };
  },
  async (t, { browser, server, seeded }) => {
    const desk = await openManage(browser, seeded.admin, LAPTOP, "tables");
    const page = desk.page;
    const view = async (id: string) => {
      await page.click(`#views button[data-view=${id}]`);
      await page.waitForSelector(`main[data-view=${id}]`);
    };
    try {
      await page.goto(`${server.origin}/manage`);
      await page.waitForSelector("#by-table li.match");
      await t.step("the console's tables, results and categories", async () => {
        await shoot(page, "console_tables.png");
        await view("matches");
        await page.waitForSelector("#done li.match");
        await shoot(page, "console_results.png", "#find-heading");
        await view("categories");
        await page.waitForSelector("#category-matches li.match");
        await shoot(page, "console_category.png", "#categories-heading");
      });
      await t.step("the expected times on /manage after a match ran long", async () => {
        await view("tables");
        await page.waitForSelector(`#tables :text("expected")`);
        await shoot(page, "replan_manage.png", "#tables");
      });
      await t.step("the order of play with the demo's sessions", async () => {
        await view("plan");
        await page.waitForSelector("#session-rows tr");
        await shoot(page, "sessions_order_of_play_edit.png", "#plan-heading");
        await page.click("#plan-form button[type=submit]");
        await page.waitForSelector("#plan-keep:visible");
        await shoot(page, "sessions_order_of_play.png", "#plan-summary");
      });
    } finally {
      await desk.close();
    }
    await t.step("the TV's up next with the expected times", async () => {
      const slug = "demo-open-2026";
      const tv = await openPage(browser, `${server.origin}/t/${slug}/tv?interval=600`, FULL_HD);
      await tv.page.evaluate(() => (document.body.dataset.view = "live"));
      await shoot(tv.page, "replan_tv.png");
      await tv.close();
    });
    await t.step("a player's profile on a phone and a laptop", async () => {
      const path = `${server.origin}/p/${seeded.player}?vs=${seeded.opponent}`;
      for (
        const [file, viewport] of Object.entries({
          "profile_phone.png": PHONE,
          "profile_desktop.png": LAPTOP,
        })
      ) {
        const profile = await openPage(browser, path, viewport);
        await Deno.writeFile(new URL(file, DIR), await profile.page.screenshot({ fullPage: true }));
        await profile.close();
      }
    });
  },
  UPDATE ? undefined : "run with -- --update to write docs/screenshots",
);
