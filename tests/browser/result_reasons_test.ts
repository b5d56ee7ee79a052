/**
 * Walkovers and retirements on the overlays: the category board marks them ("W/O" instead of "0–0", "RET" beside
 * the games), the match bar says who retired and keeps the unfinished game's score, and the TV's results say
 * "W/O" too, at 1280x720 and 1920x1080.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, openPage } from "../support/browser.ts";
import { matchWriter, seedDeskKnockout } from "../api/manage_fixtures.ts";

const VIEWPORTS = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }];

/** The text of the board's line of a match, once it shows as a result. */
const resultLine = async (page: Page, id: string) => {
  const sel = `h2.res ~ .line[data-match="${id}"]`;
  await page.waitForSelector(sel);
  return (await page.locator(sel).innerText()).replace(/\s+/g, " ");
};

browserSuite(
  "a walkover and a retirement are said as such on the category board and the match bar",
  (store) => seedDeskKnockout(store.db, "reasons-open"),
  async (_t, { browser, server, seeded }) => {
    const { ev, secret } = seeded;
    const [walkover, retired] = ev.rounds[0]!;
    const write = matchWriter(server.origin, secret);
    await write(walkover!, "walkover", { winner: "home" });
    await write(retired!, "start", { firstServer: "home" });
    for (let i = 0; i < 11; i++) await write(retired!, "point", { side: "home" });
    for (let i = 0; i < 2; i++) await write(retired!, "point", { side: "away" });
    await write(retired!, "retire", { side: "home" });
    const answer = await (await fetch(`${server.origin}/api/v1/matches/${retired}`)).json();
    const quitter = answer.data.match.homeName as string;

    for (const viewport of VIEWPORTS) {
      const board = await openPage(browser, `${server.origin}/overlay/subevent/${ev.categoryId}`, viewport);
      const bar = await openPage(browser, `${server.origin}/overlay/match/${retired}`, viewport);
      try {
        const w = await resultLine(board.page, walkover!);
        assert.ok(w.includes("W/O"), w);
        assert.ok(!w.includes("0–0"), `a walkover is no 0–0: ${w}`);
        const r = await resultLine(board.page, retired!);
        assert.ok(r.includes("1–0") && r.includes("RET"), r);

        const head = await bar.page.locator(".bar .head .state").innerText();
        assert.equal(head.toUpperCase(), `FINAL · ${quitter} RETIRED`.toUpperCase());
        // The game the retirement cut short keeps its score on the bar: 0 to 2.
        const points = await bar.page.locator(".row .points").evaluateAll((els) =>
          els.map((el) => getComputedStyle(el).visibility === "visible" ? el.textContent : null)
        );
        assert.deepEqual(points, ["0", "2"]);
        // The TV's latest results say it the same way.
        const tv = await openPage(browser, `${server.origin}/t/reasons-open/tv?view=results`, viewport);
        const row = (await tv.page.locator(`tr[data-match="${walkover}"]`).innerText()).replace(/\s+/g, " ");
        assert.ok(row.includes("W/O") && !row.includes("0–0"), row);
        const ret = (await tv.page.locator(`tr[data-match="${retired}"]`).innerText()).replace(/\s+/g, " ");
        assert.ok(ret.includes("1–0 RET") && ret.includes(`${quitter} retired`), ret);
        await tv.close();
        assert.deepEqual([...board.errors, ...bar.errors, ...tv.errors], []);
      } finally {
        await board.close();
        await bar.close();
      }
    }
  },
);
