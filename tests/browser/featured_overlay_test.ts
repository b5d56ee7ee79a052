/**
 * The featured overlay (/overlay/featured/{slug}): it shows the match the desk puts on it from /manage, switches
 * when the desk picks another, and is transparent when none is featured; the event's answer names the match.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, openPage } from "../support/browser.ts";
import { call } from "../api/manage_fixtures.ts";
import { openManage, rowAction, seedDesk } from "../support/manage_page.ts";

browserSuite(
  "the featured overlay follows the match the desk features, and is transparent with none",
  (store) => seedDesk(store, { slug: "featured-open", bestOf: 3, size: 4 }),
  async (_t, { browser, server, seeded }) => {
    const [first, second] = seeded.ev.rounds[0]!;
    const api = async (path: string) => (await (await fetch(server.origin + path)).json()).data;
    const names = async (id: string) => {
      const { match } = await api(`/api/v1/matches/${id}`);
      return [match.homeName, match.awayName] as string[];
    };
    const shows = (page: Page, texts: string[]) =>
      page.waitForFunction((t) => t.every((x) => document.body.innerText.includes(x)), texts);
    const empty = (page: Page) =>
      page.waitForFunction(() => document.querySelector(".stage")!.children.length === 0);
    const overlay = await openPage(browser, `${server.origin}/overlay/featured/featured-open`, {
      width: 1920,
      height: 1080,
    });
    const desk = await openManage(browser, seeded.admin, { width: 1366, height: 768 });
    try {
      await empty(overlay.page);
      assert.equal((await api("/api/v1/events/featured-open")).event.featuredMatchId, null);
      // The desk features the first match from its menu on /manage.
      await desk.page.goto(`${server.origin}/manage`);
      const row = `#next li.match[data-match-id="${first}"]`;
      await rowAction(desk.page, row, `button:has-text("Feature on the stream")`);
      await shows(overlay.page, await names(first!));
      assert.equal((await api("/api/v1/events/featured-open")).event.featuredMatchId, first);
      // Then another, through the management API: the overlay switches by itself.
      const feature = async (id: string, action: string) => {
        const res = await fetch(
          `${server.origin}/api/manage/matches/${id}/${action}`,
          call(seeded.admin, "POST", {}, { "Idempotency-Key": crypto.randomUUID() }),
        );
        assert.equal(res.status, 200, await res.clone().text());
        await res.body?.cancel();
      };
      await feature(second!, "feature");
      await shows(overlay.page, await names(second!));
      // Taking off a match that is not featured changes nothing; taking off the featured one empties it.
      await feature(first!, "unfeature");
      assert.equal((await api("/api/v1/events/featured-open")).event.featuredMatchId, second);
      await feature(second!, "unfeature");
      await empty(overlay.page);
      const unknown = await fetch(`${server.origin}/overlay/featured/no-such-event`);
      assert.equal(unknown.status, 404);
      await unknown.body?.cancel();
      assert.deepEqual([overlay.errors, desk.errors], [[], []]);
    } finally {
      await overlay.close();
      await desk.close();
    }
  },
);
