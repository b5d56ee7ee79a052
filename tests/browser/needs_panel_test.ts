/**
 * The "Needs you" panel of /manage in Chromium at 1366x768: a group level after every step waits for a lot, shown
 * outside its draw panel in every view, and its button opens the lot form; once the lot is recorded the panel
 * goes.
 */
import assert from "node:assert/strict";
import { importEvent } from "../../event_file/import.ts";
import { makeToken } from "../api/manage_fixtures.ts";
import { browserSuite } from "../support/browser.ts";
import { keepScreenshot } from "../support/screenshot.ts";
import { groupEvent } from "../support/event_files.ts";
import { atTheDesk } from "../support/manage_page.ts";

const players = ["Ana Ruiz", "Ben Okafor", "Cat Meyer"].map((n) => ({
  id: n.split(" ")[0]!.toLowerCase(),
  displayName: n,
}));

browserSuite(
  "/manage says what needs the director: a lot resolved from the panel",
  async (store) => {
    // Each beat the next by the same games: Regulation 3.7.5 leaves the three level, for a lot.
    const file = groupEvent({
      slug: "club-open",
      status: "published",
      players,
      results: [["ana", "ben"], ["ben", "cat"], ["cat", "ana"]],
    });
    file.event.name = "Club open";
    // Drawn and locked at the desk, as the file of such an event says.
    file.categories[0]!.draw = { state: "locked", lotSeed: "club" };
    await importEvent(store, file);
    return { admin: await makeToken(store.db, "admin", { label: "Desk" }) };
  },
  async (t, { browser, server, seeded }) => {
    await atTheDesk(browser, server.origin, seeded.admin, "tables", async (page) => {
      await t.step("the panel names the group in the Tables view", async () => {
        await page.waitForSelector("#needs:not([hidden]) li.need");
        assert.deepEqual(
          await page.$$eval("#needs li.need", (ls) => ls.map((l) => l.textContent)),
          ['Group A of "Singles" waits for a lot Record the lot'],
        );
        await keepScreenshot(page, "manage_needs_you");
      });
      await t.step("its button opens the lot form; recording the lot empties the panel", async () => {
        await page.click("#needs li.need button");
        await page.waitForSelector("#draw-console form.lot");
        assert.equal(await page.getAttribute("#content", "data-view"), "categories");
        await page.click("#draw-console form.lot button[type=submit]");
        await page.waitForSelector("#needs", { state: "hidden" });
        const members = await server.store.db.selectFrom("group_members").select("lot").execute();
        assert.ok(members.some((m) => m.lot !== null), "the lot is stored");
      });
    });
  },
);
