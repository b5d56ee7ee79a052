/**
 * The umpire's list `/score` is pushed: a point written elsewhere shows on the list as soon as the event's change
 * stream says so, with the page's clock paused (its 10-second refresh never runs); where there is no stream
 * (a browser without EventSource), the 10-second refresh brings it. Every wait is for a condition.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { browserSuite, newTestContext } from "../support/browser.ts";
import { deskWriter, PHONE, scoreUrl, seedStarted } from "../support/score_page.ts";
import { testNowMs } from "../support/test_clock.ts";

/** The umpire's list on a phone whose clock is paused before it loads; without EventSource when `noStream`. */
async function openList(browser: Browser, url: string, noStream: boolean) {
  const context = await newTestContext(browser, { viewport: PHONE, hasTouch: true, isMobile: true }, true);
  const page = await context.newPage();
  if (noStream) await page.addInitScript(() => Reflect.deleteProperty(globalThis, "EventSource"));
  await page.clock.install({ time: testNowMs() });
  await page.clock.pauseAt(testNowMs() + 60_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors, close: () => context.close() };
}

/** Waits until the list's line of match `id` reads `text`. */
function untilLine(page: Page, id: string, text: string) {
  return page.waitForFunction(
    ([id, text]) =>
      document.querySelector(`.match-link[data-match-id="${id}"] .where`)?.textContent?.includes(text) ??
        false,
    [id, text] as const,
  );
}

browserSuite(
  "/score: the list shows a point written elsewhere when the stream says so, and at its refresh without one",
  (store) => seedStarted(store, "Table 1 phone"),
  async (_t, { browser, server, seeded }) => {
    const write = deskWriter(server.store, seeded.id);
    const pushed = await openList(browser, scoreUrl(server.origin, seeded.secret), false);
    try {
      await untilLine(pushed.page, seeded.id, "Live 0-0 (0-0)");
      await pushed.page.waitForSelector('body[data-push="open"]', { state: "attached" });
      await write({ type: "point", side: "home" });
      await untilLine(pushed.page, seeded.id, "Live 0-0 (1-0)");
      assert.deepEqual(pushed.errors, []);
    } finally {
      await pushed.close();
    }

    const polling = await openList(browser, scoreUrl(server.origin, seeded.secret), true);
    try {
      await untilLine(polling.page, seeded.id, "Live 0-0 (1-0)");
      assert.equal(await polling.page.evaluate(() => document.body.dataset.push), undefined);
      await write({ type: "point", side: "away" });
      await polling.page.clock.runFor(10_000);
      await untilLine(polling.page, seeded.id, "Live 0-0 (1-1)");
      assert.deepEqual(polling.errors, []);
    } finally {
      await polling.close();
    }
  },
);
