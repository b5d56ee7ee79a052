/** The overlay of a table (/overlay/table/{slug}/{tableNo}): it follows the matches of its table by itself. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, openPage } from "../support/browser.ts";
import { matchWriter, seedDeskKnockout } from "../api/manage_fixtures.ts";

const VIEWPORTS = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }];

browserSuite(
  "a table's overlay shows the table's next match, the match called there, then in play, holds its result, then follows the next match by itself",
  (store) => seedDeskKnockout(store.db, "table-open"),
  async (_t, { browser, server, seeded }) => {
    const { ev, secret } = seeded;
    const [first, second] = ev.rounds[0]!;
    const write = matchWriter(server.origin, secret);
    const names = async (id: string) => {
      const res = await fetch(`${server.origin}/api/v1/matches/${id}`);
      const { data } = await res.json();
      return [data.match.homeName, data.match.awayName] as string[];
    };
    const text = (page: Page) => page.evaluate(() => document.body.innerText.toUpperCase());
    const shows = (page: Page, texts: string[]) =>
      page.waitForFunction(
        (t) => t.every((x) => document.body.innerText.toUpperCase().includes(x.toUpperCase())),
        texts,
      );
    const empty = (page: Page) =>
      page.waitForFunction(() => document.querySelector(".stage")!.children.length === 0);

    const url = `${server.origin}/overlay/table/table-open/1`;
    const overlays = await Promise.all(VIEWPORTS.map((v) => openPage(browser, url, v)));
    // A producer who wants the next match up soon after a result sets a short hold.
    const quick = await openPage(browser, `${url}?hold=1`, VIEWPORTS[0]!);
    const unknown = await fetch(`${server.origin}/overlay/table/no-such-event/1`);
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
    const all = [...overlays, quick];
    try {
      const firstNames = await names(first!);
      const secondNames = await names(second!);
      // Not called yet, but the table's next match by the order of play: "Up next" from the start of the day.
      for (const o of all) await shows(o.page, [...firstNames, "Up next", "Table 1"]);
      await write(second!, "assign", { tableNo: 1 });
      await write(first!, "call");
      await write(first!, "start", { firstServer: "home" });
      await write(first!, "point", { side: "home" });
      for (const o of all) await shows(o.page, [...firstNames, "Live"]);
      await write(first!, "result", { games: [{ home: 11, away: 3 }, { home: 11, away: 4 }] });
      // The result stays on the stream for the hold (60 s by default)...
      for (const o of overlays) await shows(o.page, [...firstNames, "Final", "11"]);
      // ...and after a short one the table's next match comes up by itself, not called yet.
      await shows(quick.page, [...secondNames, "Up next", "Table 1"]);
      for (const o of overlays) assert.ok((await text(o.page)).includes("FINAL"), "still held");
      // Calling the next match ends the hold.
      await write(second!, "call");
      for (const o of overlays) await shows(o.page, [...secondNames, "Up next", "Table 1"]);
      await write(second!, "start", { firstServer: "home" });
      await write(second!, "point", { side: "away" });
      await write(second!, "retire", { side: "home" });
      // A retirement is held too; nothing comes after it on table 1, so a short hold leaves the table free.
      for (const o of overlays) await shows(o.page, [...secondNames, "Retired"]);
      await empty(quick.page);
      for (const o of all) assert.deepEqual(o.errors, []);
    } finally {
      for (const o of all) await o.close();
    }
  },
);
