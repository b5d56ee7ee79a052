/**
 * An overlay on air polls its own page, one request a poll (a HEAD whose ETag follows its data and the
 * producer's on-air state together, http/page_head.ts): a point the desk writes appears
 * after one poll, and the graphic taken off air leaves the overlay transparent after one poll. The overlay's
 * clock is paused, so that "one poll" is one run of its clock, however slow the machine.
 */
import assert from "node:assert/strict";
import { browserSuite, openPage, runOnePoll } from "../support/browser.ts";
import { call, makeToken } from "../api/manage_fixtures.ts";
import { seedStarted } from "../support/score_page.ts";
import { pollWait } from "../../pages/client/poll_wait.ts";

browserSuite(
  "an overlay on air polls itself once a poll, shows a point and goes transparent off air",
  async (store) => ({
    ...await seedStarted(store, "Table 1 phone"),
    admin: await makeToken(store.db, "admin", { label: "Producer" }),
  }),
  async (_t, { browser, server, seeded }) => {
    const match = seeded.id;
    const path = `/overlay/match/${match}`;
    const overlay = await openPage(browser, server.origin + path, { width: 1280, height: 720 }, {
      pausedClock: true,
    });
    const requests: string[] = [];
    overlay.page.on("request", (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    const bar = () => overlay.page.locator(".bar").innerText();
    try {
      assert.equal(await overlay.page.evaluate(() => document.body.dataset.poll), "self");
      // The first poll takes the page's ETag (and swaps its regions once, as every live page's first poll).
      await runOnePoll(overlay.page);
      requests.length = 0;
      await runOnePoll(overlay.page);
      await runOnePoll(overlay.page);
      assert.deepEqual(requests, [`HEAD ${path}`, `HEAD ${path}`], "one request a poll, for data and air");

      const before = await bar();
      await seeded.write({ type: "point", side: "home" });
      await runOnePoll(overlay.page);
      await overlay.page.waitForFunction(
        (b) => document.querySelector<HTMLElement>(".bar")?.innerText !== b,
        before,
      );

      const off = await fetch(
        `${server.origin}/api/manage/events/${seeded.ev.slug}/stream/bar/off`,
        call(seeded.admin, "POST", {}),
      );
      assert.equal(off.status, 200, await off.clone().text());
      await off.body?.cancel();
      // The poll reloads the page, transparent: it watches the on-air state alone.
      await overlay.page.clock.runFor(pollWait(1000, 1));
      await overlay.page.waitForSelector('[data-region="off-air"]', { state: "attached" });
      assert.equal(await overlay.page.locator(".bar").count(), 0);
      assert.equal(
        await overlay.page.evaluate(() => getComputedStyle(document.body).backgroundColor),
        "rgba(0, 0, 0, 0)",
      );
      assert.deepEqual(overlay.errors, []);
    } finally {
      await overlay.close();
    }
  },
);
