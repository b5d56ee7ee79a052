/**
 * Calling a match to its table, in Chromium: the desk calls it on /manage, the venue TV shows the call, the
 * match's page and its players' pages say it, and the call goes once play begins.
 */
import assert from "node:assert/strict";
import { browserSuite, openPage } from "../support/browser.ts";
import { openManage, rowAction, seedDesk } from "../support/manage_page.ts";

browserSuite(
  "the desk calls a match to its table: the TV shows the call, the match's and the player's pages say it",
  (store) => seedDesk(store, { size: 4 }),
  async (t, { browser, server, seeded }) => {
    const [first] = seeded.ev.rounds[0]!;
    const desk = await openManage(browser, seeded.admin, { width: 1366, height: 768 });
    const tv = await openPage(browser, `${server.origin}/t/${seeded.ev.slug}/tv`, {
      width: 1920,
      height: 1080,
    });
    const players = await (await fetch(`${server.origin}/api/v1/events/${seeded.ev.slug}/players`)).json();
    const player = players.data.players.find((p: { displayName: string }) =>
      p.displayName === "Player test-open 1"
    );
    const phone = { width: 390, height: 844 };
    const playerPage = await openPage(browser, `${server.origin}/t/${seeded.ev.slug}/p/${player.id}`, phone);
    const matchPage = await openPage(browser, `${server.origin}/m/${first}`, phone);
    try {
      await t.step("before the call, nothing says it", async () => {
        assert.equal(await tv.page.locator(".tv-calls").count(), 0);
        assert.equal(await playerPage.page.locator(".called").count(), 0);
      });

      await t.step("the desk calls the match from its row", async () => {
        await desk.page.goto(`${server.origin}/manage`);
        const button = `#next li.match[data-match-id="${first}"] button:has-text("Call to table 1")`;
        await desk.page.click(button);
        await desk.page.waitForSelector(
          `#next li.match[data-match-id="${first}"] button:has-text("Call again to table 1")`,
        );
      });

      await t.step("the table's card says the call and since when, not that the table is free", async () => {
        const card = `#tables li.table-card[data-table-no="1"] .now`;
        await desk.page.waitForFunction(
          (sel) => document.querySelector(sel)?.textContent?.startsWith("Called: ") === true,
          card,
        );
        assert.match(
          (await desk.page.textContent(card)) ?? "",
          /^Called: Player test-open 1 v Player test-open 2 · since .+ \(\d+ min\)$/,
        );
      });

      await t.step("the TV, the player's page and the match's page follow by themselves", async () => {
        await tv.page.waitForSelector(".tv-calls li");
        assert.equal(
          (await tv.page.textContent(".tv-calls li"))?.replace(/\s+/g, " ").trim(),
          "Table 1: Player test-open 1 v Player test-open 2",
        );
        await playerPage.page.waitForSelector(".called");
        assert.equal(await playerPage.page.textContent(".called"), "Called to table 1");
        await matchPage.page.waitForSelector(".score .called");
        assert.equal(await matchPage.page.textContent(".score .called"), "Called to table 1");
      });

      await t.step("once play begins at the table, the call goes", async () => {
        await rowAction(
          desk.page,
          `#next li.match[data-match-id="${first}"]`,
          `button:has-text("Start: Player test-open 1 serves")`,
        );
        await tv.page.waitForFunction(() => document.querySelectorAll(".tv-calls li").length === 0);
        await matchPage.page.waitForFunction(() => document.querySelector(".score .called") === null);
      });
      for (const p of [tv, playerPage, matchPage]) assert.deepEqual([p.errors, p.dialogs], [[], []]);
      assert.deepEqual(desk.errors, []);
    } finally {
      await Promise.all([desk.close(), tv.close(), playerPage.close(), matchPage.close()]);
    }
  },
);
