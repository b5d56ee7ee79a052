/** The overlay of a table (/overlay/table/{slug}/{tableNo}): it follows the matches of its table by itself. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, openPage } from "../support/browser.ts";
import { makeToken, seedKnockout } from "../api/manage_fixtures.ts";
import { deskAction, pageShows, sideNames } from "../support/table_pages.ts";

const VIEWPORTS = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }];

browserSuite(
  "a table's overlay shows the match called there, then in play, is transparent when the table is free, and follows the next match by itself",
  async (store) => {
    const ev = await seedKnockout(store.db, { slug: "table-open", bestOf: 3, size: 4 });
    const secret = await makeToken(store.db, "admin", { label: "Desk" });
    return { ev, secret };
  },
  async (_t, { browser, server, seeded }) => {
    const { ev, secret } = seeded;
    const [first, second] = ev.rounds[0]!;
    const write = deskAction(server.origin, secret);
    const names = (id: string) => sideNames(server.origin, id);
    const shows = pageShows;
    const empty = (page: Page) =>
      page.waitForFunction(() => document.querySelector(".stage")!.children.length === 0);

    const overlays = await Promise.all(
      VIEWPORTS.map((v) => openPage(browser, `${server.origin}/overlay/table/table-open/1`, v)),
    );
    const unknown = await fetch(`${server.origin}/overlay/table/no-such-event/1`);
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
    try {
      for (const o of overlays) await empty(o.page); // nothing called to table 1 yet
      await write(first!, "call");
      const firstNames = await names(first!);
      for (const o of overlays) await shows(o.page, [...firstNames, "Up next", "Table 1"]);
      await write(first!, "start", { firstServer: "home" });
      await write(first!, "point", { side: "home" });
      for (const o of overlays) await shows(o.page, [...firstNames, "Live"]);
      await write(first!, "result", { games: [{ home: 11, away: 3 }, { home: 11, away: 4 }] });
      for (const o of overlays) await empty(o.page); // the table is free: nothing painted
      // The second match of the round moves to table 1 and is called there: the overlay follows it.
      await write(second!, "assign", { tableNo: 1 });
      await write(second!, "call");
      const secondNames = await names(second!);
      for (const o of overlays) await shows(o.page, [...secondNames, "Up next", "Table 1"]);
      for (const o of overlays) assert.deepEqual(o.errors, []);
    } finally {
      for (const o of overlays) await o.close();
    }
  },
);
