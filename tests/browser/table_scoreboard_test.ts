/** The scoreboard beside a table (/t/{slug}/table/{n}/scoreboard): it follows the table's matches by itself. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, openPage } from "../support/browser.ts";
import { testNow } from "../support/test_clock.ts";
import { FULL_HD } from "../support/viewports.ts";
import { makeToken, seedKnockout } from "../api/manage_fixtures.ts";
import { deskAction, pageShows, sideNames } from "../support/table_pages.ts";

const UPDATE = Deno.args.includes("--update");

browserSuite(
  "a table's scoreboard shows the match called there, its score, server and time-out in play, and follows the next match",
  async (store) => {
    const ev = await seedKnockout(store.db, { slug: "board-open", bestOf: 3, size: 4 });
    const secret = await makeToken(store.db, "admin", { label: "Desk" });
    return { ev, secret };
  },
  async (t, { browser, server, seeded }) => {
    const { ev, secret } = seeded;
    const [first, second] = ev.rounds[0]!;
    const write = deskAction(server.origin, secret);
    const names = (id: string) => sideNames(server.origin, id);
    const shows = pageShows;
    const points = (page: Page) => page.$$eval(".side .points", (els) => els.map((e) => e.textContent));

    await t.step("an unknown event or table is a page saying so, not a 500", async () => {
      for (const path of ["/t/no-such-event/table/1/scoreboard", "/t/board-open/table/x/scoreboard"]) {
        const res = await fetch(`${server.origin}${path}`);
        assert.equal(res.status, 404, path);
        assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
        await res.body?.cancel();
      }
    });

    const { page, errors, close } = await openPage(
      browser,
      `${server.origin}/t/board-open/table/1/scoreboard`,
      FULL_HD,
    );
    try {
      await t.step("a free table says so; the called match comes by itself", async () => {
        await shows(page, ["Table 1", "no match on this table now"]);
        await write(first!, "call");
        await shows(page, [...await names(first!), "Up next"]);
      });
      await t.step("in play: the points, the server, a time-out and the game point", async () => {
        await write(first!, "start", { firstServer: "home" });
        for (let i = 0; i < 10; i++) await write(first!, "point", { side: "home" });
        await page.waitForFunction(() => document.querySelector(".side.home .points")?.textContent === "10");
        assert.deepEqual(await points(page), ["10", "0"]);
        // The 11th point is away's to serve (service changes every 2 points, Law 2.13.3).
        assert.equal(await page.getAttribute(".side.away .serve", "class"), "serve on");
        assert.equal(await page.getAttribute(".side.home .serve", "class"), "serve");
        await shows(page, ["GAME POINT"]);
        await write(first!, "timeout", { side: "away" });
        await page.waitForSelector(".side.away .badge:not([hidden])");
        await shows(page, ["Time-out"]);
        const digits = await page.$eval(
          ".side.home .points",
          (e) => parseFloat(getComputedStyle(e).fontSize),
        );
        assert.ok(digits >= 250, `the points are ${digits} px high on a 1080p screen`);
        await write(first!, "resume");
        await write(first!, "point", { side: "home" });
        await shows(page, ["CHANGE ENDS"]);
      });
      await t.step("the match over, the table's next match takes its place", async () => {
        await write(first!, "result", { games: [{ home: 11, away: 0 }, { home: 11, away: 4 }] });
        await shows(page, ["no match on this table now"]);
        await write(second!, "assign", { tableNo: 1 });
        await write(second!, "call");
        await shows(page, [...await names(second!), "Up next"]);
        assert.deepEqual(errors, []);
      });
    } finally {
      await close();
    }
  },
);

browserSuite(
  "screenshot of a table's scoreboard on the demo at 1920x1080 for docs/pages.md",
  async (store) => {
    const { loadDemoIfEmpty } = await import("../../cli/demo.ts");
    const { listScorableMatches } = await import("../../db/read_manage.ts");
    await loadDemoIfEmpty(store, testNow());
    const matches = await listScorableMatches(store.db, { eventId: null, tableNo: null });
    const live = matches.find((m) => m.status === "in_progress" && m.tableNo !== null)!;
    return { tableNo: live.tableNo! };
  },
  async (_t, { browser, server, seeded }) => {
    const { page, close } = await openPage(
      browser,
      `${server.origin}/t/demo-open-2026/table/${seeded.tableNo}/scoreboard`,
      FULL_HD,
    );
    await page.waitForSelector(".board");
    await Deno.writeFile(
      new URL("../../docs/screenshots/table_scoreboard_1080p.png", import.meta.url),
      await page.screenshot(),
    );
    await close();
  },
  UPDATE ? undefined : "run with -- --update to write docs/screenshots",
);
