/**
 * Entries on the day on /manage in Chromium at 1366x768: a late entry before a category's draw, a withdrawal
 * from a locked group after the draw (walkovers, the public standings place it last), a player's name corrected.
 * `deno test -A tests/browser/manage_entries_test.ts -- --update` writes docs/screenshots/entries_*.png.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { generateDraw } from "../../db/draw_writes.ts";
import { setDrawLocked } from "../../db/manage_writes.ts";
import type { Store } from "../../db/store.ts";
import { T0 } from "../api/manage_fixtures.ts";
import { browserSuite } from "../support/browser.ts";
import { makeCategory, makeEntry, makePlayer } from "../support/fixtures.ts";
import { addLateEntry, gotoEntries, openManage, seedDesk, withdrawEntry } from "../support/manage_page.ts";

const UPDATE = Deno.args.includes("--update");
const SHOTS = new URL("../../docs/screenshots/", import.meta.url);

/** A category of the desk's event with `names` entered, not drawn. */
async function category(store: Store, eventId: string, code: string, name: string, names: string[]) {
  const sub = await makeCategory(store.db, {
    event_id: eventId,
    code,
    name,
    format: "groups",
    best_of: 3,
    position: 1,
    draw_state: "none",
  });
  for (const [i, player] of names.entries()) {
    const p = await makePlayer(store.db, {
      display_name: player,
      association: i % 2 ? "Westbrook" : "Eastfield",
    });
    await makeEntry(store.db, { subevent_id: sub.id, player1_id: p.id });
  }
  return sub.id;
}

/** The desk's event: its knockout, a group of four drawn and locked, and a category still to draw. */
async function seed(store: Store) {
  const desk = await seedDesk(store, { size: 4 });
  const ctx = { actor: "test", now: T0 };
  const groupId = await category(store, desk.ev.eventId, "WS", "Women's singles", [
    "Ana Lopez",
    "Bea Novak",
    "Cleo Marsh",
    "Dana Quist",
  ]);
  await generateDraw(store, groupId, { lotSeed: "day", groupSize: 4 }, ctx);
  await setDrawLocked(store, groupId, true, ctx);
  const lateId = await category(store, desk.ev.eventId, "BS", "Boys' singles", ["Eli Park", "Finn Ross"]);
  return { ...desk, groupId, lateId };
}

async function shoot(page: Page, file: string) {
  if (!UPDATE) return;
  await page.locator("#entries").scrollIntoViewIfNeeded();
  await Deno.writeFile(new URL(file, SHOTS), await page.screenshot());
}

browserSuite(
  "/manage takes a late entry, withdraws an entry after the draw and corrects a player's name",
  seed,
  async (t, { browser, server, seeded }) => {
    const { page, errors, consoleErrors, confirmations, close } = await openManage(browser, seeded.admin, {
      width: 1366,
      height: 768,
    });
    const rows = () => page.$$eval("#entry-list li", (lis) => lis.map((li) => li.textContent));
    try {
      await gotoEntries(page, server.origin);

      await t.step("a late entry joins a category before its draw", async () => {
        await addLateEntry(page, seeded.lateId, 2);
        await page.waitForFunction(() => document.getElementById("entries-said")?.textContent !== "");
        assert.equal(await page.textContent("#entries-said"), "Added Gus Late to Boys' singles");
        assert.ok((await rows()).some((r) => r?.startsWith("Gus LateNorthgate")), String(await rows()));
        const stored = await server.store.db.selectFrom("players").select(["prior_rating"])
          .where("display_name", "=", "Gus Late").executeTakeFirstOrThrow();
        assert.equal(stored.prior_rating, 1450);
        await shoot(page, "entries_late_entry.png");
      });

      await t.step(
        "a withdrawal after the draw: walkovers, and the standings place the entry last",
        async () => {
          await withdrawEntry(page, seeded.groupId, "Dana Quist");
          await page.waitForFunction(() =>
            /walkover/.test(document.getElementById("entries-said")!.textContent!)
          );
          assert.equal(await page.textContent("#entries-said"), "Withdrew Dana Quist: 3 walkovers");
          assert.equal(await page.textContent("#status"), "Withdrew Dana Quist: 3 walkovers");
          assert.equal(
            confirmations.at(-1),
            "Withdraw Dana Quist? Their matches still to play become walkovers for their opponents.",
          );
          await page.waitForFunction(() =>
            [...document.querySelectorAll("#entry-list li")].some((li) =>
              /Dana Quist.*withdrawn/.test(li.textContent!)
            )
          );
          const res = await fetch(`${server.origin}/api/v1/subevents/${seeded.groupId}/standings`);
          const standings = (await res.json()).data.standings[0];
          const last = standings.rows.at(-1);
          assert.equal(last.entry.name, "Dana Quist");
          assert.equal(last.entry.withdrawn, true);
          assert.equal(last.decidedBy, "withdrawn");
          await shoot(page, "entries_withdrawal.png");
        },
      );

      await t.step("a player's name is corrected in place", async () => {
        await page.click("#entry-list li:has-text('Bea Novak') button:has-text('Edit Bea Novak')");
        await page.fill("#entry-list .edit-player .player-name", "Bea Novakova");
        await page.click("#entry-list .edit-player button[type=submit]");
        await page.waitForFunction(() =>
          [...document.querySelectorAll("#entry-list li")].some((li) =>
            li.textContent?.startsWith("Bea Novakova")
          )
        );
        assert.equal(await page.textContent("#status"), "Saved Bea Novakova");
      });

      await t.step("a reserve entered late takes a withdrawn player's knockout place", async () => {
        await page.selectOption("#entries-category", seeded.ev.categoryId);
        await page.waitForFunction(() => document.querySelectorAll("#entry-list li").length === 4);
        await page.fill("#entry-add .new-name", "Hal Reserve");
        await page.click("#entry-add button[type=submit]");
        await page.waitForFunction(() =>
          [...document.querySelectorAll("#entry-list li")].some((li) =>
            /Hal Reserve.*not in the draw/.test(li.textContent!)
          )
        );
        const row = "#entry-list li:has-text('Player test-open 1')";
        const reserveId = await page.$eval(
          `${row} select.reserve option:nth-child(2)`,
          (o) => (o as HTMLOptionElement).value,
        );
        await page.selectOption(`${row} select.reserve`, reserveId);
        await page.click(`${row} button:has-text('Withdraw')`);
        await page.waitForFunction(() =>
          /takes their place/.test(document.getElementById("entries-said")!.textContent!)
        );
        assert.equal(
          await page.textContent("#entries-said"),
          "Withdrew Player test-open 1: Hal Reserve takes their place",
        );
        assert.equal(
          confirmations.at(-1),
          "Withdraw Player test-open 1? Hal Reserve takes their place in the knockout.",
        );
        const first = await server.store.db.selectFrom("matches").select(["home_entry_id", "away_entry_id"])
          .where("id", "=", seeded.ev.rounds[0]![0]!).executeTakeFirstOrThrow();
        assert.ok([first.home_entry_id, first.away_entry_id].includes(reserveId));
        await shoot(page, "entries_reserve.png");
      });

      await t.step("the public category page shows the withdrawn entry last in its group", async () => {
        const view = await page.context().newPage();
        await view.setViewportSize({ width: 1366, height: 768 });
        await view.goto(`${server.origin}/t/test-open/c/${seeded.groupId}`);
        const text = await view.textContent("table.standings");
        assert.match(text ?? "", /Dana Quist \(withdrawn\)/);
        if (UPDATE) {
          await view.locator("table.standings").scrollIntoViewIfNeeded();
          await Deno.writeFile(new URL("entries_public_standings.png", SHOTS), await view.screenshot());
        }
        await view.close();
      });
      assert.deepEqual(errors, []);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }
  },
);
