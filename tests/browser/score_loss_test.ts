/**
 * The flows that lost points on the umpire's page, each reproduced at a phone's size with touch, compared point
 * by point with the server: leaving the match with taps still waiting, a refused action with taps behind it
 * (offline, and online on a slow link), catching up after a long spell offline, and two phones on one match.
 * Every wait is for a condition, never for a time.
 */
import assert from "node:assert/strict";
import type { Side } from "../../domain/scoring.ts";
import { type BrowserContext, browserSuite } from "../support/browser.ts";
import { until } from "../support/wait.ts";
import {
  blockWrites,
  openPhone,
  type Phone,
  scoreUrl,
  seedScoring,
  seedStarted,
  storedPoints,
  unblockWrites,
  waitQueued,
  withPhone,
} from "../support/score_page.ts";
import { makeToken } from "../api/manage_fixtures.ts";

/** Runs `fn` on a phone (its device id `device`) opened on the umpire's page of match `id`, signed in. */
const onPhone = (
  { browser, server, seeded }: BrowserContext & { seeded: { secret: string } },
  id: string,
  device: string,
  fn: (phone: Phone) => Promise<void>,
) => withPhone(browser, scoreUrl(server.origin, seeded.secret, id), device, fn);

browserSuite(
  "/score: taps waiting when the umpire leaves the match are sent from the list, which says so",
  async (store) => {
    const { ev, secret, id, write } = await seedStarted(store, "Table 1 phone", { bestOf: 3 });
    // Game 1 to home, 10-0 in game 2: match point.
    for (let i = 0; i < 21; i++) await write({ type: "point", side: "home" });
    return { secret, id, other: ev.rounds[0]![1]! };
  },
  async (t, ctx) => {
    const { server, seeded } = ctx;
    await t.step(
      "the match point tapped on a dead link, then Confirm result: the page says the tap waits",
      async () => {
        await onPhone(ctx, seeded.id, "a", async ({ page, errors }) => {
          await page.waitForSelector("#score-panel:not([hidden])");
          assert.equal(await page.textContent("#banner-text"), "Match point: Player test-open 1");
          await blockWrites(page);
          await page.tap("#tap-home");
          await page.waitForSelector("#dialog:not([hidden])");
          assert.equal(
            await page.textContent("#dialog-text"),
            "Match to Player test-open 1, 2-0: 11-0, 11-0. Confirm the result?",
          );
          await page.tap("#dialog-ok");
          // The confirmation waits on the phone behind the tap; leaving says the tap waits.
          await page.waitForFunction(() =>
            /Confirmation not sent yet: it goes as soon as the connection is back\.$/
              .test(document.getElementById("dialog-text")?.textContent ?? "")
          );
          await page.tap("#dialog-ok");
          await page.waitForSelector("#sheet:not([hidden])");
          assert.match(
            await page.textContent("#sheet-text") ?? "",
            /^1 tap not sent yet: kept on this phone/,
          );
          await page.tap("#sheet-choices button:text('Go to the list')");
          await page.waitForURL(`${server.origin}/score`);
          // The list shows which match has taps waiting, and sends them once the link answers.
          await page.waitForSelector(`a.match-link[data-match-id="${seeded.id}"] .waiting`);
          assert.equal(
            await page.textContent(`a.match-link[data-match-id="${seeded.id}"] .waiting`),
            "1 tap not sent yet",
          );
          assert.equal((await storedPoints(server.store, seeded.id)).length, 21);
          await unblockWrites(page);
          await until(
            async () => (await storedPoints(server.store, seeded.id)).length === 22,
            "the tap reaches the server",
          );
          const m = await server.store.db.selectFrom("matches").select("status").where("id", "=", seeded.id)
            .executeTakeFirstOrThrow();
          assert.equal(m.status, "completed");
          assert.deepEqual(await storedPoints(server.store, seeded.id), Array(22).fill("home"));
          // The confirmation follows the tap, from the list.
          await until(
            async () =>
              (await server.store.db.selectFrom("result_confirmations").select("confirmed_by")
                .where("match_id", "=", seeded.id).executeTakeFirst())?.confirmed_by === "Table 1 phone",
            "the confirmation reaches the server",
          );
          await page.waitForSelector(`a.match-link[data-match-id="${seeded.id}"]`, { state: "detached" });
          assert.deepEqual(errors, []);
        });
      },
    );

    await t.step("closing the page with a tap waiting asks first (beforeunload)", async () => {
      await onPhone(ctx, seeded.other, "b", async ({ page }) => {
        await page.waitForSelector("#start-panel:not([hidden])");
        await blockWrites(page);
        await page.tap("#start-home");
        await waitQueued(page, 1);
        // "All matches" says that a tap waits, and stays on the page when asked to.
        await page.tap("#all-matches");
        await page.waitForSelector("#sheet:not([hidden])");
        assert.match(await page.textContent("#sheet-text") ?? "", /^1 tap not sent yet: kept on this phone/);
        await page.tap("#sheet-choices button:text('Stay here')");
        assert.equal(new URL(page.url()).pathname, `/score/${seeded.other}`);
        const asked = new Promise<string>((resolve) =>
          page.on("dialog", (d) => {
            resolve(d.type());
            void d.dismiss();
          })
        );
        await page.close({ runBeforeUnload: true });
        assert.equal(await asked, "beforeunload");
      });
    });
  },
);

browserSuite(
  "/score: a refused action drops only itself; the taps behind it are sent",
  async (store) => {
    const { ev, secret, id } = await seedStarted(store, "Table 1 phone", { bestOf: 5 });
    return { secret, first: id, second: ev.rounds[0]![1]! };
  },
  async (t, ctx) => {
    const { server, seeded } = ctx;
    await t.step("Undo is disabled when there is nothing to undo", async () => {
      await onPhone(ctx, seeded.first, "a", async ({ page }) => {
        await page.waitForSelector("#score-panel:not([hidden])");
        assert.equal(await page.isDisabled("#undo"), true);
        assert.equal(await page.textContent("#undo"), "Undo");
        await page.tap("#tap-away");
        assert.equal(await page.isDisabled("#undo"), false);
        assert.equal(await page.textContent("#undo"), "Undo: point to Player test-open 2");
        await page.tap("#undo");
        assert.equal(await page.isDisabled("#undo"), true);
        await waitQueued(page, 0);
        assert.deepEqual(await storedPoints(server.store, seeded.first), []);
      });
    });

    await t.step(
      "offline, a stray undo then six points: the undo is refused alone, the six are recorded",
      async () => {
        await onPhone(ctx, seeded.first, "a", async ({ page }) => {
          await page.waitForSelector("#score-panel:not([hidden])");
          await page.context().setOffline(true);
          // An undo with nothing to undo waits in the outbox (as an earlier page let one be queued), then six taps.
          await page.evaluate((id) => {
            const items = JSON.parse(localStorage.getItem("tt.outbox") ?? "[]");
            items.push({
              key: crypto.randomUUID(),
              matchId: id,
              type: "undo",
              body: {},
              at: new Date().toISOString(),
              label: "Undo at 0-0 in game 1",
            });
            localStorage.setItem("tt.outbox", JSON.stringify(items));
          }, seeded.first);
          const taps: Side[] = ["home", "away", "home", "home", "away", "home"];
          for (const side of taps) await page.tap(`#tap-${side}`);
          assert.equal(await page.textContent("#points-home"), "4");
          assert.equal(await page.textContent("#points-away"), "2");
          await waitQueued(page, 7);
          await page.context().setOffline(false);
          await waitQueued(page, 0);
          assert.deepEqual(await storedPoints(server.store, seeded.first), taps);
          await page.waitForSelector("#notice:not([hidden])");
          assert.match(
            await page.textContent("#notice-text") ?? "",
            /Not recorded: undo at 0-0 in game 1\. Check the score\.$/,
          );
          assert.equal(await page.textContent("#points-home"), "4");
          assert.equal(await page.textContent("#points-away"), "2");
        });
      },
    );

    await t.step(
      "online at 400 ms of latency, a point, Undo and two quick points are all stored in order",
      async () => {
        await onPhone(ctx, seeded.second, "a", async ({ page }) => {
          const cdp = await page.context().newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.emulateNetworkConditions", {
            offline: false,
            latency: 400,
            downloadThroughput: -1,
            uploadThroughput: -1,
          });
          await page.waitForSelector("#start-panel:not([hidden])");
          await page.tap("#start-away");
          await page.tap("#tap-home");
          await page.tap("#undo");
          await page.tap("#tap-away");
          await page.tap("#tap-home");
          await waitQueued(page, 0);
          assert.deepEqual(await storedPoints(server.store, seeded.second), ["away", "home"]);
          assert.equal(await page.textContent("#points-home"), "1");
          assert.equal(await page.textContent("#points-away"), "1");
          assert.equal(await page.isVisible("#notice"), false, "nothing was refused");
        });
      },
    );
  },
);

browserSuite(
  "/score: 100 taps made offline reach the server in one batch once the link is back",
  async (store) => {
    const { secret, id } = await seedStarted(store, "Table 1 phone", { bestOf: 5 });
    return { secret, id };
  },
  async (_t, ctx) => {
    const { server, seeded } = ctx;
    await onPhone(ctx, seeded.id, "a", async ({ page, errors }) => {
      await page.waitForSelector("#score-panel:not([hidden])");
      await page.context().setOffline(true);
      // Point for point from 0-0: the game never ends, so no question stops the taps.
      const taps: Side[] = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? "home" : "away"));
      for (const side of taps) await page.tap(`#tap-${side}`);
      await waitQueued(page, 100);
      assert.equal(await page.textContent("#points-home"), "50");
      const batches: number[] = [];
      page.on("requestfinished", (req) => {
        if (req.url().endsWith("/actions")) {
          batches.push(JSON.parse(req.postData() ?? "{}").actions?.length ?? 0);
        }
      });
      await page.context().setOffline(false);
      await waitQueued(page, 0);
      assert.deepEqual(await storedPoints(server.store, seeded.id), taps);
      // Sent back to back in one request, not one tap per round trip.
      assert.deepEqual(batches, [100]);
      assert.deepEqual(errors, []);
    });
  },
);

browserSuite(
  "/score: two phones on one match: the second reads, takes over with a confirmation, the first is told at once",
  async (store) => {
    const { ev, secret: a } = await seedScoring(store, "Table 1 phone", { bestOf: 5 });
    const b = await makeToken(store.db, "scorer", { label: "Table 1 spare" });
    return { a, b, id: ev.rounds[0]![0]! };
  },
  async (_t, { browser, server, seeded }) => {
    const first = await openPhone(
      browser,
      scoreUrl(server.origin, seeded.a, seeded.id),
      "phone-a",
    );
    const second = await openPhone(
      browser,
      scoreUrl(server.origin, seeded.b, seeded.id),
      "phone-b",
    );
    try {
      await first.page.waitForSelector("#start-panel:not([hidden])");
      await first.page.tap("#start-home");
      await first.page.tap("#tap-home");
      await waitQueued(first.page, 0);
      // The second phone sees who scores the match, and cannot score it.
      await second.page.waitForSelector("#hold-panel:not([hidden])");
      assert.match(await second.page.textContent("#hold-text") ?? "", /scored on Table 1 phone since/);
      assert.equal(await second.page.isDisabled("#tap-home"), true);
      // The first phone loses its link and taps on; the second takes over, with a confirmation.
      const before = await first.page.locator("#tap-home").boundingBox();
      await blockWrites(first.page);
      await first.page.tap("#tap-away");
      await second.page.tap("#takeover");
      await second.page.waitForSelector("#sheet:not([hidden])");
      assert.match(await second.page.textContent("#sheet-text") ?? "", /scored on Table 1 phone/);
      await second.page.tap("#sheet-choices button:text('Take over')");
      await second.page.waitForSelector("#hold-panel", { state: "hidden" });
      await second.page.tap("#tap-home");
      await waitQueued(second.page, 0);
      // The first phone's link is back: its waiting tap is not recorded, and it says which.
      await unblockWrites(first.page);
      await first.page.waitForSelector("#notice:not([hidden])");
      assert.equal(
        await first.page.textContent("#notice-text"),
        "Another device changed this match. Not recorded: point to Player test-open 2 at 1-0 in game 1. Check the score.",
      );
      await first.page.waitForSelector("#hold-panel:not([hidden])");
      assert.match(
        await first.page.textContent("#hold-text") ?? "",
        /^Taken over: this match is now scored on Table 1 spare/,
      );
      assert.deepEqual(
        await first.page.locator("#tap-home").boundingBox(),
        before,
        "the warning moved no tap button",
      );
      assert.deepEqual(await storedPoints(server.store, seeded.id), ["home", "home"]);
      const audit = await server.store.db.selectFrom("audit_log").select(["action", "token_label"])
        .where("match_id", "=", seeded.id).where("action", "=", "match.takeover").execute();
      assert.deepEqual(audit.map((a) => ({ ...a })), [{
        action: "match.takeover",
        token_label: "Table 1 spare",
      }]);
      assert.deepEqual([...first.errors, ...second.errors], []);
    } finally {
      await first.close();
      await second.close();
    }
  },
);
