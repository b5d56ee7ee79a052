/**
 * The venue TV's header keeps a long event name, its venue and dates on one line at 1366x768, 1920x1080 and
 * 3840x2160; its QR view warns when the code encodes this computer's own address (as the poster does); the
 * match page has a meta description.
 */
import assert from "node:assert/strict";
import { bumpRevision } from "../../db/revision.ts";
import { seedKnockout } from "../api/manage_fixtures.ts";
import { browserSuite, openPage } from "../support/browser.ts";

const SIZES = [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }, { width: 3840, height: 2160 }];

browserSuite(
  "the TV's header stays one line beside a long event name, its QR view warns of a loopback address, the match page has a description",
  async (store) => {
    const ev = await seedKnockout(store.db, { slug: "long-open", bestOf: 3, size: 4 });
    await store.db.updateTable("events").set({
      name: "International Veterans Table Tennis Championships of the Greater Rhine-Meuse Region 2026",
      venue: "Sporthalle am Westfriedhof, Hall 2 (entrance by the car park on Kirchstraße)",
      start_date: "2026-11-28",
      end_date: "2026-11-29",
    }).where("id", "=", ev.eventId).execute();
    await bumpRevision(store.db, ev.eventId);
    return ev;
  },
  async (_t, { browser, server, seeded }) => {
    for (const size of SIZES) {
      const tv = await openPage(browser, `${server.origin}/t/long-open/tv?view=qr`, size);
      try {
        const header = await tv.page.evaluate(() => {
          const where = document.querySelector("header.tv .where")!;
          const lineHeight = parseFloat(getComputedStyle(where).fontSize) * 1.6;
          return {
            header: document.querySelector("header.tv")!.getBoundingClientRect().height,
            where: where.getBoundingClientRect().height,
            lineHeight,
          };
        });
        assert.ok(header.where <= header.lineHeight, `${size.width}: the venue and dates on one line`);
        assert.ok(
          header.header <= size.height * 0.1,
          `${size.width}: the header is ${header.header} px high`,
        );
        // The server listens on 127.0.0.1: the QR code encodes an address phones cannot open, and says so.
        const warning = tv.page.locator("section[data-view-name='qr'] .loopback");
        assert.ok(await warning.isVisible(), `${size.width}: the loopback warning shows`);
        assert.match(await warning.innerText(), /Phones cannot open this QR code/);
        assert.deepEqual(tv.errors, []);
      } finally {
        await tv.close();
      }
    }
    const match = await openPage(browser, `${server.origin}/m/${seeded.rounds[0]![0]}`);
    try {
      const description = await match.page.locator("meta[name=description]").getAttribute("content");
      assert.match(
        description ?? "",
        /Player long-open 1 vs Player long-open 2, Men's singles at International/,
      );
    } finally {
      await match.close();
    }
  },
);
