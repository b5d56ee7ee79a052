import assert from "node:assert/strict";
import { CATALOGS } from "../../pages/i18n/mod.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import {
  PHONE,
  scoreUrl,
  seedScoring,
  seedStarted,
  storedPoints,
  textOf,
  unexpectedOffline,
  waitQueued,
} from "../support/score_page.ts";
import { testNow } from "../support/test_clock.ts";

browserSuite(
  "/score queues taps offline and sends each once when the connection returns",
  async (store) => {
    const { ev, secret } = await seedScoring(store, "Umpire 1", { bestOf: 3 });
    return { ev, secret, matchId: ev.rounds[0]![0]! };
  },
  async (t, { browser, server, seeded }) => {
    const { page, errors, dialogs, close } = await openPage(
      browser,
      scoreUrl(server.origin, seeded.secret),
      PHONE,
    );
    try {
      await t.step(
        "the list shows the token's matches by table, and the token left the address bar",
        async () => {
          await page.waitForSelector(`a.match-link[data-match-id="${seeded.matchId}"]`);
          assert.equal(new URL(page.url()).hash, "");
          assert.deepEqual(await page.$$eval(".table-group h2", (hs) => hs.map((h) => h.textContent)), [
            "Table 1",
            "Table 2",
          ]);
          // Under the scoring page's own key: /manage's admin token ("tt.token") on the same browser stays.
          assert.equal(await page.evaluate(() => localStorage.getItem("tt.score.token")), seeded.secret);
          assert.equal(await page.evaluate(() => localStorage.getItem("tt.token")), null);
        },
      );

      await t.step("the umpire opens the match, picks the first server and scores", async () => {
        await page.click(`a.match-link[data-match-id="${seeded.matchId}"]`);
        await page.waitForSelector("#start-panel:not([hidden])");
        await page.click("#start-home");
        await page.waitForSelector("#score-panel:not([hidden])");
        for (let i = 0; i < 3; i++) await page.click("#tap-home");
        await waitQueued(page, 0);
        assert.equal(await textOf(page, "#points-home"), "3");
        assert.equal(
          await page.getAttribute("#tap-away", "data-serving"),
          "true",
          "after 2 points the receiver serves",
        );
        assert.deepEqual(await storedPoints(server.store, seeded.matchId), ["home", "home", "home"]);
      });

      await t.step("a reload shows the same state, from the server", async () => {
        await page.reload();
        await page.waitForFunction(() => document.getElementById("points-home")?.textContent === "3");
        assert.equal(await textOf(page, "#points-away"), "0");
      });

      await t.step("offline, taps are queued in localStorage and shown at once", async () => {
        await page.context().setOffline(true);
        await page.click("#tap-away");
        await page.click("#tap-away");
        await page.click("#tap-home");
        assert.equal(await textOf(page, "#points-home"), "4");
        assert.equal(await textOf(page, "#points-away"), "2");
        const queued = await page.evaluate(
          (id) =>
            JSON.parse(localStorage.getItem("tt.outbox") ?? "[]")
              .filter((i: { matchId: string }) => i.matchId === id),
          seeded.matchId,
        );
        assert.equal(queued.length, 3);
        assert.equal(new Set(queued.map((q: { key: string }) => q.key)).size, 3, "each tap has its own key");
        await page.waitForFunction(() => document.getElementById("status")?.dataset.kind === "offline");
        assert.deepEqual(await storedPoints(server.store, seeded.matchId), ["home", "home", "home"]);
      });

      await t.step("back online, the queue is sent in order and each tap counted once", async () => {
        await page.context().setOffline(false);
        await waitQueued(page, 0);
        assert.deepEqual(await storedPoints(server.store, seeded.matchId), [
          "home",
          "home",
          "home",
          "away",
          "away",
          "home",
        ]);
        assert.equal(await textOf(page, "#status"), "Saved");
      });

      await t.step("a lost answer is sent again with the same key and applied once", async () => {
        // The request reaches the server but its answer is lost: the page sends it again when it can.
        let dropped = false;
        await page.route("**/api/manage/matches/*/actions", async (route) => {
          if (dropped) return await route.continue();
          dropped = true;
          await route.fetch();
          await route.abort("failed");
        });
        await page.click("#tap-home");
        await waitQueued(page, 0);
        await page.unroute("**/api/manage/matches/*/actions");
        assert.ok(dropped);
        const points = await storedPoints(server.store, seeded.matchId);
        assert.equal(points.length, 7, "the repeated request was not counted twice");
        assert.equal(await textOf(page, "#points-home"), "5");
      });

      await t.step("the end of a game asks for confirmation, and undo goes back across it", async () => {
        for (let i = 0; i < 6; i++) await page.click("#tap-home");
        await page.waitForSelector("#dialog:not([hidden])");
        assert.match(
          await textOf(page, "#dialog-text"),
          /^Game 1 to Player test-open 1, 11-2\. Games 1-0\. Change ends\.$/,
        );
        assert.equal(await page.isDisabled("#tap-home"), true, "no tap while the dialog asks");
        await page.click("#dialog-undo");
        await page.waitForSelector("#dialog", { state: "hidden" });
        await waitQueued(page, 0);
        assert.equal(await textOf(page, "#points-home"), "10");
        await page.click("#tap-home");
        await page.waitForSelector("#dialog:not([hidden])");
        await page.click("#dialog-ok");
        await page.waitForSelector("#dialog", { state: "hidden" });
        assert.equal(await textOf(page, "#games-home"), "1");
        assert.equal(await textOf(page, "#points-home"), "0");
        await waitQueued(page, 0);
      });

      await t.step("the end of the match asks to confirm the result", async () => {
        for (let i = 0; i < 11; i++) await page.click("#tap-away");
        await page.click("#dialog-ok");
        for (let i = 0; i < 11; i++) await page.click("#tap-home");
        await page.waitForSelector("#dialog:not([hidden])");
        assert.match(
          await textOf(page, "#dialog-text"),
          /^Match to Player test-open 1, 2-1: 11-2, 0-11, 11-0\. Confirm the result\?$/,
        );
        await waitQueued(page, 0);
        const m = await server.store.db.selectFrom("matches").select(["status", "winner_entry_id"])
          .where("id", "=", seeded.matchId).executeTakeFirstOrThrow();
        assert.equal(m.status, "completed");
        assert.equal(m.winner_entry_id, seeded.ev.entryIds[0]);
        // "Confirm result" records who confirmed it and when; the umpire then goes back to the list.
        await page.click("#dialog-ok");
        await page.waitForFunction(() =>
          /Result confirmed by Umpire 1 at \d\d:\d\d\. Only the desk can change it now\.$/
            .test(document.getElementById("dialog-text")?.textContent ?? "")
        );
        assert.equal(await page.isVisible("#dialog-undo"), false);
        assert.equal(await textOf(page, "#dialog-ok"), "Back to the list");
        await page.click("#dialog-ok");
        await page.waitForURL(`${server.origin}/score`);
      });

      await t.step("a match whose players are not known yet offers no start", async () => {
        // The next round's match: the winner above moved into it, the other side is still being played for.
        await page.goto(`${server.origin}/score/${seeded.ev.rounds[1]![0]!}`);
        await page.waitForFunction(() =>
          document.getElementById("start-title")?.textContent === "Players not known yet"
        );
        assert.equal(await page.isVisible("#start-home"), false);
        assert.equal(await page.isVisible("#start-away"), false);
      });

      assert.deepEqual(unexpectedOffline(errors), []);
      assert.deepEqual(dialogs, []);
    } finally {
      await close();
    }
  },
);

browserSuite(
  "/score/{id} drops waiting taps after another device changed the match, names each, and shows the current score",
  async (store) => {
    const { ev, secret } = await seedScoring(store, "Umpire 2");
    return { ev, secret, matchId: ev.rounds[0]![1]! };
  },
  async (_t, { browser, server, seeded }) => {
    const { page, errors, close } = await openPage(
      browser,
      scoreUrl(server.origin, seeded.secret, seeded.matchId),
      PHONE,
    );
    // The page reads the match again every 3 s. Its reads are held from the other device's write until this
    // page's tap is refused: on a busy machine a read could otherwise fall between the write and the tap, and the
    // page would learn of the point before its tap does (then nothing is refused).
    let holding = false;
    let reading = 0;
    const held: (() => void)[] = [];
    await page.route(`**/api/manage/matches/${seeded.matchId}`, async (route) => {
      if (route.request().method() !== "GET") return await route.fallback();
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      reading++;
      try {
        await route.fulfill({ response: await route.fetch() });
      } finally {
        reading--;
      }
    });
    try {
      await page.click("#start-away");
      await page.click("#tap-home");
      await waitQueued(page, 0);
      holding = true;
      while (reading > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      // Another device scores a point: this page's revision is now stale.
      const { writeMatch } = await import("../../db/match_writes.ts");
      await writeMatch(server.store, seeded.matchId, { type: "point", side: "away" }, {
        actor: "other",
        now: testNow(),
      });
      await page.click("#tap-home");
      await page.waitForSelector("#notice:not([hidden])");
      holding = false;
      for (const release of held.splice(0)) release();
      const warning =
        "Another device changed this match. Not recorded: point to Player test-open 3 at 1-0 in game 1. " +
        "Check the score.";
      assert.equal(await textOf(page, "#notice-text"), warning);
      await page.waitForFunction(() =>
        document.querySelector("#points-home")?.textContent?.trim() === "1" &&
        document.querySelector("#points-away")?.textContent?.trim() === "1"
      );
      assert.deepEqual(await storedPoints(server.store, seeded.matchId), ["home", "away"]);
      // The next tap is recorded, and the warning stays until the umpire acknowledges it.
      await page.click("#tap-home");
      await waitQueued(page, 0);
      assert.deepEqual(await storedPoints(server.store, seeded.matchId), ["home", "away", "home"]);
      // Still there after the page read the match again (it does every 3 s).
      await page.waitForResponse((r) =>
        r.request().method() === "GET" && r.url().endsWith(`/api/manage/matches/${seeded.matchId}`)
      );
      assert.equal(await page.isVisible("#notice"), true);
      assert.equal(await textOf(page, "#notice-text"), warning);
      await page.click("#notice-ok");
      await page.waitForSelector("#notice", { state: "hidden" });
      assert.equal(await textOf(page, "#status"), "Saved");
      assert.deepEqual(unexpectedOffline(errors), []);
    } finally {
      await close();
    }
  },
);

browserSuite(
  "/score/{id} shows an undo queued offline as the server will apply it: the correction made last goes first",
  async (store) => {
    const { ev, secret, id: matchId, write } = await seedStarted(store, "Umpire 3", { bestOf: 3 });
    for (let i = 0; i < 11; i++) await write({ type: "point", side: "home" });
    for (let i = 0; i < 2; i++) await write({ type: "point", side: "away" });
    // Game 1 was 11-9 on the umpire's sheet: corrected after the points of game 2 had begun.
    await write({ type: "correct", game: 1, home: 11, away: 9 });
    return { ev, secret, matchId };
  },
  async (_t, { browser, server, seeded }) => {
    const { page, errors, close } = await openPage(
      browser,
      scoreUrl(server.origin, seeded.secret, seeded.matchId),
      PHONE,
    );
    const games = () => page.$$eval("#game-list li", (ls) => ls.map((l) => l.textContent?.trim()));
    try {
      await page.waitForSelector("#score-panel:not([hidden])");
      assert.deepEqual(await games(), ["Game 1: 11-9"]);
      await page.context().setOffline(true);
      await page.click("#undo");
      await page.waitForFunction(() => document.body.dataset.queued === "1");
      // The correction is taken back, not the last point: game 1 reads 11-0 again, game 2 stays at 0-2.
      assert.deepEqual(await games(), ["Game 1: 11-0"]);
      assert.equal(await textOf(page, "#points-away"), "2");
      await page.click("#undo");
      assert.deepEqual(await games(), ["Game 1: 11-0"]);
      assert.equal(await textOf(page, "#points-away"), "1");
      await page.context().setOffline(false);
      await waitQueued(page, 0);
      assert.deepEqual(await games(), ["Game 1: 11-0"]);
      assert.equal(await textOf(page, "#points-away"), "1");
      assert.equal((await storedPoints(server.store, seeded.matchId)).length, 12);
      const corrections = await server.store.db.selectFrom("game_corrections").select("game")
        .where("match_id", "=", seeded.matchId).execute();
      assert.deepEqual(corrections, []);
      assert.deepEqual(unexpectedOffline(errors), []);
    } finally {
      await close();
    }
  },
);

browserSuite(
  "/score asks for a token and refuses a bad one",
  () => Promise.resolve(null),
  async (_t, { browser, server }) => {
    const { page, close } = await openPage(browser, `${server.origin}/score`, PHONE);
    try {
      await page.waitForSelector("#token-form:not([hidden])");
      await page.fill("#token-input", "tt_wrong");
      await page.click("#token-form button[type=submit]");
      await page.waitForSelector("#token-form:not([hidden])");
      await page.waitForFunction(() =>
        /unknown or revoked/.test(document.getElementById("token-error")?.textContent ?? "")
      );
    } finally {
      await close();
    }
    // In the page's language, not the API's English detail.
    const german = await openPage(browser, `${server.origin}/score?lang=de`, PHONE);
    try {
      await german.page.waitForSelector("#token-form:not([hidden])");
      await german.page.fill("#token-input", "tt_wrong");
      await german.page.click("#token-form button[type=submit]");
      await german.page.waitForFunction(
        (words) => document.getElementById("token-error")?.textContent === words,
        CATALOGS.de["score.tokenRefused"],
      );
    } finally {
      await german.close();
    }
  },
);
