import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, newTestContext, recordPage } from "../support/browser.ts";
import {
  PHONE,
  scoreUrl,
  seedScoring,
  storedPoints,
  textOf,
  unexpectedOffline,
  waitQueued,
} from "../support/score_page.ts";
import { FRAME_COPY, LIST_COPY, PAGES_CACHE } from "../../pages/operator/client/score/offline_pages.ts";
import type { Side } from "../../domain/scoring.ts";

/** The nonce of the page's script: a page served again by the server has a new one, its copy the same. */
function scriptNonce(page: Page) {
  return page.evaluate(() => document.querySelector("script")?.nonce ?? "");
}

browserSuite(
  "/score, its match pages and the list open offline after one visit, and the taps go when the link is back",
  async (store) => {
    const { ev, secret } = await seedScoring(store, "Umpire 1", { bestOf: 3 });
    return { secret, matchId: ev.rounds[0]![0]! };
  },
  async (t, { browser, server, seeded }) => {
    const context = await newTestContext(browser, { viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    // Leaving with taps not sent asks first (beforeunload): the umpire says yes.
    const { errors } = recordPage(page, { accept: true });
    const shown: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) shown.push(frame.url());
    });
    const meant: Side[] = [];
    const tap = async (side: Side) => {
      await page.click(`#tap-${side}`);
      meant.push(side);
    };
    const match = `a.match-link[data-match-id="${seeded.matchId}"]`;
    // The network off: Chromium's offline switch, and the API refused as by a dead link too, because a request
    // the service worker lets through can escape the switch (it once sent taps "offline"); pages come from the
    // worker's copies either way; and the server refuses the API meanwhile, so that nothing escaping both is
    // stored.
    const offline = async (off: boolean) => {
      server.refuseApi(off);
      await context.setOffline(off);
      if (off) await context.route("**/api/**", (route) => route.abort("internetdisconnected"));
      else await context.unroute("**/api/**");
    };
    try {
      await t.step("one visit online keeps copies of the list and of a match page", async () => {
        await page.goto(scoreUrl(server.origin, seeded.secret));
        await page.waitForSelector(match);
        await page.waitForFunction(
          async ([name, keys]) => {
            const kept = await (await caches.open(name)).keys();
            return keys.every((k) => kept.some((r) => new URL(r.url).pathname === k));
          },
          [PAGES_CACHE, [LIST_COPY, FRAME_COPY]] as const,
        );
        await page.evaluate(() => navigator.serviceWorker.ready);
      });

      await t.step("the umpire opens the match and scores online", async () => {
        await page.click(match);
        await page.waitForSelector("#start-panel:not([hidden])");
        await page.click("#start-home");
        await page.waitForSelector("#score-panel:not([hidden])");
        await tap("home");
        await tap("home");
        await waitQueued(page, 0);
        assert.deepEqual(await storedPoints(server.store, seeded.matchId), meant);
      });

      let nonce = "";
      await t.step("offline, the taps wait and a reload opens the page from its copy", async () => {
        nonce = await scriptNonce(page);
        await offline(true);
        await tap("away");
        await tap("home");
        await page.reload();
        await page.waitForSelector("#score-panel:not([hidden])");
        assert.equal(await scriptNonce(page), nonce, "the page is the copy, not the server's");
        assert.equal(new URL(page.url()).pathname, `/score/${seeded.matchId}`);
        await page.waitForFunction(() => document.getElementById("points-home")?.textContent === "3");
        assert.equal(await textOf(page, "#points-away"), "1");
        await tap("away");
        await waitQueued(page, 3);
        assert.deepEqual(
          await storedPoints(server.store, seeded.matchId),
          ["home", "home"],
          "nothing sent offline",
        );
      });

      await t.step('"All matches" offline opens the list as last seen, with the taps waiting', async () => {
        await page.click("#all-matches");
        await page.click('#sheet-choices button:has-text("Go to the list")');
        await page.waitForURL((url) => url.pathname === "/score");
        await page.waitForSelector(`${match} .waiting`);
        assert.equal(await textOf(page, `${match} .waiting`), "3 taps not sent yet");
        await page.waitForFunction(() => document.getElementById("status")?.dataset.kind === "offline");
        assert.match(await textOf(page, "#status"), /^3 taps not sent yet/);
        assert.deepEqual(
          await storedPoints(server.store, seeded.matchId),
          ["home", "home"],
          "nothing sent offline",
        );
      });

      await t.step("the match opens again offline from the list, and scoring goes on", async () => {
        await page.click(match);
        await page.waitForSelector("#score-panel:not([hidden])");
        await page.waitForFunction(() => document.getElementById("points-away")?.textContent === "2");
        assert.equal(await textOf(page, "#points-home"), "3");
        await tap("home");
        await waitQueued(page, 4);
        await page.click("#all-matches");
        await page.click('#sheet-choices button:has-text("Go to the list")');
        await page.waitForURL((url) => url.pathname === "/score");
        await page.waitForSelector(`${match} .waiting`);
        assert.deepEqual(await storedPoints(server.store, seeded.matchId), ["home", "home"]);
      });

      await t.step("the link back, the list sends every waiting tap: meant = stored", async () => {
        await offline(false);
        await page.waitForFunction(() => localStorage.getItem("tt.outbox") === "[]");
        assert.deepEqual(await storedPoints(server.store, seeded.matchId), meant);
        await page.waitForSelector(`${match} .waiting`, { state: "detached" });
      });

      await t.step("no page showed the browser's error page", () => {
        assert.deepEqual(shown.filter((url) => !url.startsWith(server.origin)), []);
        assert.deepEqual(unexpectedOffline(errors), []);
      });
    } finally {
      await context.close();
    }
  },
);
