/**
 * A team category's ties on two tables at /manage in Chromium at the desk's 1366x768: the director sets "Ties on
 * 2 tables at once" on the category's row, plans, and sees the tie on both tables with its own matches listed
 * inside it (not as a second booking), two at a time.
 */
import assert from "node:assert/strict";
import { importEvent } from "../../event_file/import.ts";
import { replaceSessions } from "../../db/session_writes.ts";
import type { Store } from "../../db/store.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite } from "../support/browser.ts";
import { openManage } from "../support/manage_page.ts";
import { keepScreenshot } from "../support/screenshot.ts";
import { TEAM_SLUG, teamEventFile } from "../support/team_event.ts";
import { publishFirstGroupTie } from "../support/team_lineups.ts";

const ctx = { actor: "desk", now: new Date("2030-05-01T08:00:00Z") };

/** The team event, the first group tie's line-ups published, a Saturday on tables 1 to 4. */
async function seed(store: Store) {
  await importEvent(store, teamEventFile(0), () => ctx.now);
  const { tie, category, parts } = await publishFirstGroupTie(store, ctx.now);
  await replaceSessions(
    store,
    TEAM_SLUG,
    [{
      id: "sat",
      name: "Saturday",
      start: "2030-05-04T09:00:00Z",
      end: "2030-05-04T20:00:00Z",
      tables: [1, 2, 3, 4],
    }],
    {},
    ctx,
  );
  return { admin: await makeToken(store.db, "admin", { label: "Desk" }), tie, category, parts };
}

browserSuite(
  "/manage plays a team category's ties on two tables: the tie on both, its matches inside it",
  seed,
  async (t, { browser, server, seeded }) => {
    const { page, errors, consoleErrors, close } = await openManage(browser, seeded.admin, {
      width: 1366,
      height: 768,
    }, "categories");
    const view = async (name: string) => {
      await page.click(`#views button[data-view="${name}"]`);
      await page.waitForSelector(`#content[data-view="${name}"]`, { state: "attached" });
    };
    try {
      await page.goto(`${server.origin}/manage`);
      const pick = `#categories li[data-category-id="${seeded.category}"] select[name="tables-per-tie"]`;

      await t.step("the category's row sets its ties on two tables", async () => {
        await page.waitForSelector(pick);
        assert.equal(await page.inputValue(pick), "1");
        await page.selectOption(pick, "2");
        await page.waitForFunction(() =>
          /Ties on two tables/.test(document.getElementById("status")!.textContent!)
        );
        const stored = await server.store.db.selectFrom("subevents").select("tables_per_tie")
          .where("id", "=", seeded.category).executeTakeFirstOrThrow();
        assert.equal(Number(stored.tables_per_tie), 2);
        await page.waitForFunction(
          (sel) => (document.querySelector(sel) as HTMLSelectElement | null)?.value === "2",
          pick,
        );
      });

      await t.step("the plan shows the tie on both tables, its own matches listed inside it", async () => {
        await view("plan");
        await page.waitForSelector("#session-rows tr");
        await page.click("#plan-form button[type=submit]");
        await page.waitForSelector("#plan-keep:not([hidden])");
        const tables = await page.$$eval("#plan-grid section", (cards) =>
          cards.map((c) => ({
            table: c.querySelector("h3")!.textContent,
            ties: [...c.querySelectorAll(":scope > ol > li")].filter((li) =>
              li.querySelector("ol.tie-matches")
            )
              .map((li) => ({
                text: li.firstChild!.textContent,
                own: [...li.querySelectorAll("ol.tie-matches > li")].map((m) => m.textContent),
              })),
            flat: [...c.querySelectorAll(":scope > ol > li")].map((li) => li.firstChild!.textContent),
          })));
        const withTie = tables.filter((c) => c.ties.some((tie) => /Match 1|Match 2/.test(tie.own.join(" "))));
        assert.equal(withTie.length, 2, JSON.stringify(tables));
        for (const card of withTie) {
          const tie = card.ties[0]!;
          assert.ok(tie.own.length >= 2, `${card.table}: the tie's matches on this table inside it`);
          // No match of the tie is listed beside it on the table, as a second booking.
          assert.ok(card.flat.every((text) => !/ · Match \d/.test(text ?? "")), JSON.stringify(card.flat));
        }
        const own = withTie.flatMap((c) => c.ties[0]!.own);
        assert.equal(own.length, 5, "every match of the tie once");
        assert.match(await page.textContent("#plan-grid") ?? "", /on tables \d and \d/);
        await page.evaluate(() => document.getElementById("plan-summary")!.scrollIntoView());
        await keepScreenshot(page, "tie_two_tables_plan");
      });

      await t.step("kept: the tie's matches get their times on both tables", async () => {
        await page.click("#plan-keep");
        await page.waitForFunction(() => /Kept:/.test(document.getElementById("plan-summary")!.textContent!));
        const rows = await server.store.db.selectFrom("matches").select(["table_no", "scheduled_at"])
          .where("id", "in", seeded.parts).orderBy("tie_order").execute();
        assert.ok(rows.every((r) => r.table_no !== null && r.scheduled_at !== null), JSON.stringify(rows));
        assert.equal(new Set(rows.map((r) => r.table_no)).size, 2);
        assert.equal(rows[0]!.scheduled_at, rows[1]!.scheduled_at, "matches 1 and 2 at once");
      });
      assert.deepEqual(errors, []);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }
  },
);
