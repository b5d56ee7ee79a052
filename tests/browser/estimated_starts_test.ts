/**
 * Estimated starts in Chromium: table 1 plays three matches in a row; the first runs long, and the later two's
 * expected starts move on the TV's "Up next", on /manage and on the match's page by themselves; the desk skips the
 * next match for now from /manage and takes the skip back. Screenshots of /manage (1366x768) and of the TV
 * (1920x1080) for docs/scheduling.md.
 */
import assert from "node:assert/strict";
import { writeMatch } from "../../db/match_writes.ts";
import type { Store } from "../../db/store.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { openManage, rowAction, seedDesk } from "../support/manage_page.ts";
import { testNow, testNowMs } from "../support/test_clock.ts";

const MINUTE = 60_000;

/** Table 1: the first match began 20 minutes ago (a best of 3 is planned for 15), then two more at their times. */
async function seedTable(store: Store) {
  const seeded = await seedDesk(store, { size: 8, bestOf: 3 });
  const now = Math.floor(testNowMs() / MINUTE) * MINUTE;
  const [a, b, c] = seeded.ev.rounds[0]!;
  const at = (minutes: number) => new Date(now + minutes * MINUTE);
  const desk = (minutes: number) => ({ actor: "Desk", now: at(minutes) });
  await writeMatch(store, a!, { type: "assign", scheduledAt: at(-20).toISOString() }, desk(-25));
  await writeMatch(store, b!, { type: "assign", tableNo: 1, scheduledAt: at(-3).toISOString() }, desk(-25));
  await writeMatch(store, c!, { type: "assign", tableNo: 1, scheduledAt: at(14).toISOString() }, desk(-25));
  await writeMatch(store, a!, { type: "start", firstServer: "home" }, desk(-20));
  return { ...seeded, a: a!, b: b!, c: c! };
}

browserSuite(
  "a match that runs long moves the expected starts of its table's later matches on the TV, /manage and the match's page",
  seedTable,
  async (t, { browser, server, seeded }) => {
    const { a, b, c } = seeded;
    const desk = await openManage(browser, seeded.admin, { width: 1366, height: 768 });
    const tv = await openPage(browser, `${server.origin}/t/${seeded.ev.slug}/tv?interval=600`, {
      width: 1920,
      height: 1080,
    });
    const matchPage = await openPage(browser, `${server.origin}/m/${c}`, { width: 390, height: 844 });
    try {
      await t.step("on time, the later matches show their planned times", async () => {
        await desk.page.goto(`${server.origin}/manage`);
        await desk.page.waitForSelector(`#next li.match[data-match-id="${c}"]`);
        assert.equal(await tv.page.locator(`.next li[data-match="${c}"] .time.moved`).count(), 0);
        assert.equal(await desk.page.locator(`#next li.match[data-match-id="${c}"] .when`).count(), 0);
        await matchPage.page.waitForSelector(".score .expected");
      });

      await t.step("the first match runs on: a point now moves the table's later matches", async () => {
        await writeMatch(server.store, a, { type: "point", side: "home" }, {
          actor: "Table 1",
          now: testNow(),
        });
        await tv.page.waitForSelector(`.next li[data-match="${c}"] .time.moved`);
        await desk.page.waitForSelector(`#next li.match[data-match-id="${c}"] .when:has-text("expected")`);
        await matchPage.page.waitForSelector(`.score .expected:has-text("planned")`);
        const label = await tv.page.getAttribute(`.next li[data-match="${c}"] .time`, "aria-label");
        assert.match(label ?? "", /^expected .+, planned .+$/);
      });

      await t.step("the desk skips the next match for now, then takes the skip back", async () => {
        const next = `#next li.match[data-match-id="${b}"]`;
        await rowAction(desk.page, next, `button:has-text("Skip for now")`);
        await desk.page.waitForSelector(`${next} .when:has-text("Skipped for now")`);
        assert.match(
          desk.confirmations.at(-1) ?? "",
          /^Skip Player test-open 3 v Player test-open 4 for now\?$/,
        );
        await tv.page.waitForFunction((id) => {
          const time = document.querySelector(`.next li[data-match="${id}"] .time`);
          return time !== null && !time.classList.contains("moved");
        }, c);
        await rowAction(desk.page, next, `button:has-text("Take back the skip")`);
        await desk.page.waitForSelector(`${next} button:has-text("Skip for now")`, { state: "attached" });
        await tv.page.waitForSelector(`.next li[data-match="${c}"] .time.moved`);
      });
      for (const p of [tv, matchPage]) assert.deepEqual([p.errors, p.dialogs], [[], []]);
      assert.deepEqual(desk.errors, []);
    } finally {
      await Promise.all([desk.close(), tv.close(), matchPage.close()]);
    }
  },
);
