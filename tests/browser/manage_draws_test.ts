/**
 * Draws from the operator's page /manage in Chromium at 1366x768: the desk makes a category's draw by lot, looks
 * at it, draws it again, locks it, and settles a group tied after every step of ITTF 3.7.5 by recording the lot
 * by the players' names; the public category page then marks the places decided by lot. Screenshots go to
 * docs/screenshots/draws_*.png.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { writeMatch } from "../../db/match_writes.ts";
import { browserSuite } from "../support/browser.ts";
import { openManage } from "../support/manage_page.ts";
import { CLUB_OPEN_CLUBS, CLUB_OPEN_NAMES, seedClubOpen } from "../support/club_open.ts";
import { testNow } from "../support/test_clock.ts";

const SHOTS = new URL("../../docs/screenshots/", import.meta.url);
const NAMES = CLUB_OPEN_NAMES;
const CLUBS = CLUB_OPEN_CLUBS;

const shot = async (page: Page, name: string) =>
  await Deno.writeFile(new URL(`draws_${name}.png`, SHOTS), await page.screenshot());

/** Waits until the draw console's text matches. */
const consoleSays = (page: Page, re: RegExp) =>
  page.waitForFunction(
    (source) => new RegExp(source).test(document.getElementById("draw-console")!.textContent!),
    re.source,
  );

browserSuite(
  "/manage makes, draws again, locks a draw and records a lot by names; the public page marks it",
  seedClubOpen,
  async (t, { browser, server, seeded }) => {
    const { page, errors, consoleErrors, close } = await openManage(browser, seeded.admin, {
      width: 1366,
      height: 768,
    });
    const { c } = seeded;
    try {
      await page.goto(`${server.origin}/manage`);
      await page.waitForSelector(`#categories li[data-category-id="${c.categoryId}"]`);

      await t.step("a category without a draw: the console offers to make one", async () => {
        await page.click(`#categories li[data-category-id="${c.categoryId}"] button:has-text("Draw…")`);
        await consoleSays(page, /No draw yet/);
        assert.equal(await page.isVisible("#draw-console button:has-text('Lock draw')"), false);
      });

      await t.step("make: a draft with the players' names, seeds and clubs", async () => {
        await page.fill("#draw-seed", "morning-1");
        await page.fill("#draw-group-size", "3");
        await page.selectOption("#draw-qualifiers", "2");
        await page.click("#draw-form button[type=submit]");
        await consoleSays(page, /Draft \(not public\), lot seed morning-1/);
        const groups = await page.$$eval(
          ".draw-group",
          (gs) => gs.map((g) => [...g.querySelectorAll("ol li")].map((li) => li.textContent)),
        );
        assert.equal(groups.length, 2);
        assert.deepEqual(groups.flat().length, 6);
        assert.ok(groups.flat().includes("[1] Ana Lopez (Westbrook)"), JSON.stringify(groups));
        const pairs = await page.$$eval(".draw-pairs li", (li) => li.map((x) => x.textContent));
        assert.equal(pairs.length, 2);
        assert.match(pairs[0]!, /1st Group A +v +2nd Group B/);
        await shot(page, "made");
      });

      await t.step("draw again while a draft: a new lot replaces it", async () => {
        await page.fill("#draw-seed", "morning-2");
        await page.click("#draw-form button[type=submit]");
        await consoleSays(page, /lot seed morning-2/);
        assert.equal(await page.textContent("#status"), "Drawn again (draft)");
        await shot(page, "redrawn");
      });

      await t.step("lock: the draw is public and cannot be drawn again from here", async () => {
        await page.click("#draw-console button:has-text('Lock draw')");
        await consoleSays(page, /Locked \(public\)/);
        assert.equal(await page.isVisible("#draw-form"), false);
        const sub = await server.store.db.selectFrom("subevents").select("draw_state")
          .where("id", "=", c.categoryId).executeTakeFirstOrThrow();
        assert.equal(sub.draw_state, "locked");
      });

      await t.step(
        "a group level after every step: the console says so and records the lot by names",
        async () => {
          const groups = await server.store.db.selectFrom("groups").select(["id", "name"])
            .where("subevent_id", "=", c.categoryId).orderBy("position").execute();
          const members = (await server.store.db.selectFrom("group_members").select(["entry_id", "position"])
            .where("group_id", "=", groups[0]!.id).orderBy("position").execute()).map((m) => m.entry_id);
          const matches = await server.store.db.selectFrom("matches").selectAll().where(
            "group_id",
            "=",
            groups[0]!.id,
          )
            .execute();
          // A cycle of walkovers: 1 beats 2, 2 beats 3, 3 beats 1.
          const beats = new Map([[members[0], members[1]], [members[1], members[2]], [
            members[2],
            members[0],
          ]]);
          for (const m of matches) {
            const homeWins = beats.get(m.home_entry_id!) === m.away_entry_id;
            await writeMatch(server.store, m.id, { type: "walkover", winner: homeWins ? "home" : "away" }, {
              actor: "desk",
              now: testNow(),
            });
          }
          await page.click(`#categories li[data-category-id="${c.categoryId}"] button:has-text("Draw…")`);
          await consoleSays(page, /are level after every step of ITTF 3\.7\.5/);
          const selects = page.locator("form.lot select");
          assert.equal(await selects.count(), 3);
          const tied = await selects.first().locator("option").allTextContents();
          assert.ok(tied.every((n) => NAMES.includes(n)), "chosen by names");
          const order = [tied[2]!, tied[0]!, tied[1]!];
          for (const [i, name] of order.entries()) await selects.nth(i).selectOption({ label: name });
          await shot(page, "lot_form");
          await page.click("form.lot button[type=submit]");
          await consoleSays(page, /Final standings: 1\. .+ \(by lot\)/);
          assert.equal(await page.textContent("#status"), "Lot recorded");
          const standings = await page.textContent(".draw-group p.muted");
          assert.equal(
            standings,
            `Final standings: ${order.map((n, i) => `${i + 1}. ${n} (by lot)`).join(", ")}`,
          );
          await shot(page, "lot_recorded");
        },
      );

      await t.step("the public category page marks the places decided by lot", async () => {
        await page.goto(`${server.origin}/t/club-open-2026/c/${c.categoryId}`);
        const text = await page.textContent("table.standings");
        assert.match(text ?? "", /place decided by lot/);
        await page.locator("table.standings").first().scrollIntoViewIfNeeded();
        await shot(page, "public_lot");
        // The bracket shows the seeds and the clubs of the players placed in it.
        await page.locator(".bracket").scrollIntoViewIfNeeded();
        const club = await page.locator(".bracket .club").first().textContent();
        assert.ok(CLUBS.includes(club ?? ""), `${club}`);
        await shot(page, "public_bracket");
      });
      assert.deepEqual(errors, []);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }
  },
);
