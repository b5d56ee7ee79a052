/**
 * A groups category imported with its groups and results but no `draw` object, opened in /manage's draw console
 * in Chromium at 1366x768: it is a draft with its group, the lot form of a group whose three players are level
 * after every step of Regulation 3.7.5, and a lock button (not "No draw yet").
 */
import assert from "node:assert/strict";
import { importEvent } from "../../event_file/import.ts";
import { browserSuite } from "../support/browser.ts";
import { groupEvent } from "../support/event_files.ts";
import { openManage } from "../support/manage_page.ts";
import { makeToken } from "../api/manage_fixtures.ts";

browserSuite(
  "/manage's draw console shows an imported groups category without a draw as a draft with its lot form",
  async (store) => {
    const players = ["p1", "p2", "p3"].map((id, i) => ({ id, displayName: `Player ${i + 1}` }));
    // A circle of equal wins: all three level, their places wait for a lot.
    const results: [string, string][] = [["p1", "p2"], ["p2", "p3"], ["p3", "p1"]];
    await importEvent(store, groupEvent({ slug: "rr-import", status: "published", players, results }));
    const sub = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
    return { categoryId: sub.id, admin: await makeToken(store.db, "admin", { label: "Desk" }) };
  },
  async (_t, { browser, server, seeded }) => {
    const { page, errors, close } = await openManage(browser, seeded.admin, { width: 1366, height: 768 });
    try {
      await page.goto(`${server.origin}/manage`);
      const item = `#categories li[data-category-id="${seeded.categoryId}"]`;
      await page.waitForSelector(item);
      await page.click(`${item} button:has-text("Draw…")`);
      await page.waitForFunction(() =>
        /Draft \(not public\):/.test(document.getElementById("draw-console")!.textContent!)
      );
      await page.waitForSelector("#draw-console form.lot");
      assert.match(await page.textContent("#draw-console form.lot") ?? "", /decided by lot/);
      assert.equal(await page.locator("#draw-console button:has-text('Lock draw')").count(), 1);
      assert.doesNotMatch(await page.textContent("#draw-console") ?? "", /No draw yet|lot seed \?/);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);
