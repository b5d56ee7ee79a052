/**
 * A round robin of 9 drawn and locked from /manage's draw console in Chromium at 1366x768: one group of nine,
 * 36 matches in nine rounds (one player resting in each), locked. The screenshot goes to
 * docs/screenshots/draws_round_robin_9.png with `-- --update`.
 */
import assert from "node:assert/strict";
import { browserSuite } from "../support/browser.ts";
import { openManage } from "../support/manage_page.ts";
import { makeRatedCategory } from "../support/rated_category.ts";
import { makeToken } from "../api/manage_fixtures.ts";

const UPDATE = Deno.args.includes("--update");

browserSuite(
  "/manage draws an under-15 round robin of 9 as one group and locks it",
  async (store) => {
    const c = await makeRatedCategory(store, {
      entries: 9,
      format: "groups",
      event: { status: "published", name: "Club Open 2026", slug: "club-open-2026" },
      category: { code: "U15", name: "Under-15 round robin" },
    });
    return { c, admin: await makeToken(store.db, "admin", { label: "Desk" }) };
  },
  async (t, { browser, server, seeded }) => {
    const { page, errors, close } = await openManage(browser, seeded.admin, { width: 1366, height: 768 });
    const { c } = seeded;
    const consoleSays = (re: RegExp) =>
      page.waitForFunction(
        (source) => new RegExp(source).test(document.getElementById("draw-console")!.textContent!),
        re.source,
      );
    try {
      await page.goto(`${server.origin}/manage`);
      await page.waitForSelector(`#categories li[data-category-id="${c.categoryId}"]`);
      await t.step("the console takes a group size of 9: one group of nine, 36 matches", async () => {
        await page.click(`#categories li[data-category-id="${c.categoryId}"] button:has-text("Draw…")`);
        await consoleSays(/No draw yet/);
        assert.equal(await page.getAttribute("#draw-group-size", "max"), "16");
        await page.fill("#draw-seed", "u15");
        await page.fill("#draw-group-size", "9");
        await page.click("#draw-form button[type=submit]");
        await consoleSays(/Draft \(not public\), lot seed u15/);
        const groups = await page.$$eval(
          ".draw-group",
          (gs) => gs.map((g) => g.querySelectorAll("ol li").length),
        );
        assert.deepEqual(groups, [9]);
        const matches = await server.store.db.selectFrom("matches").select(["round_no"])
          .where("subevent_id", "=", c.categoryId).execute();
        assert.equal(matches.length, 36);
        assert.equal(new Set(matches.map((m) => m.round_no)).size, 9);
        if (UPDATE) {
          await Deno.writeFile(
            new URL("../../docs/screenshots/draws_round_robin_9.png", import.meta.url),
            await page.screenshot(),
          );
        }
      });
      await t.step("lock: the round robin is public", async () => {
        await page.click("#draw-console button:has-text('Lock draw')");
        await consoleSays(/Locked \(public\)/);
        const sub = await server.store.db.selectFrom("subevents").select("draw_state")
          .where("id", "=", c.categoryId).executeTakeFirstOrThrow();
        assert.equal(sub.draw_state, "locked");
      });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);
