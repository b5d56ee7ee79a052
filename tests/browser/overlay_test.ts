import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { browserSuite, openPage, runOnePoll, untilFirstSwap, untilPolled } from "../support/browser.ts";
import { EVIL_NAME, seedPages, setScore } from "../pages/seed.ts";
import { bumpRevision } from "../../db/revision.ts";
import { call, makeToken, seedKnockout } from "../api/manage_fixtures.ts";

const VIEWPORT = { width: 1280, height: 720 };

/** The alpha of some pixels of a PNG, read by the browser itself (no PNG decoder needed here). */
async function alphaAt(browser: Browser, png: Uint8Array, points: [number, number][]): Promise<number[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const b64 = btoa(Array.from(png, (b) => String.fromCharCode(b)).join(""));
    return await page.evaluate(async ({ b64, points }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(img, 0, 0);
      return points.map(([x, y]) => ctx.getImageData(x, y, 1, 1).data[3]!);
    }, { b64, points });
  } finally {
    await context.close();
  }
}

const box = async (page: Page, selector: string) => {
  // The first poll swaps every live region for a fresh copy (pages/client/live_regions.ts), so the element is
  // found and measured in one step inside the page, where no swap can come in between.
  await page.locator(selector).waitFor({ state: "visible" });
  const b = await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  }, selector);
  assert.ok(b, `${selector} is on screen`);
  return b;
};

browserSuite("overlays in Chromium", seedPages, async (t, { browser, server, seeded }) => {
  const matchUrl = `${server.origin}/overlay/match/${seeded.matches.groupRunning}`;
  /** Opens an overlay with its clock paused (it runs one poll interval at a time: see runOnePoll). */
  const openPaused = (url: string) => openPage(browser, url, VIEWPORT, { pausedClock: true });
  /** The running group match goes to 11-5 and `home`-5, away serving; then the page's next poll: the ms it waited. */
  const scoreThenPoll = async (page: Page, home: number) => {
    await setScore(server.store, seeded.matches.groupRunning, {
      games: [[11, 5]],
      current: [home, 5],
      server: "away",
    });
    return await runOnePoll(page);
  };

  await t.step("a point written through the store shows on the match overlay at its next poll", async () => {
    // The overlay's clock runs only when the test runs it: one poll interval of its time (1.1 s at most for its
    // poll every second), however slow the machine is.
    const { page, close } = await openPaused(matchUrl);
    const points = page.locator('.row[data-side="away"] .points');
    assert.equal(await points.textContent(), "4");
    const waited = await scoreThenPoll(page, 3);
    assert.equal(await points.textContent(), "5", `after ${waited} ms of the overlay's time`);
    await close();
  });

  await t.step("the category overlay follows the same points at its next poll", async () => {
    const { page, close } = await openPaused(`${server.origin}/overlay/subevent/${seeded.groups.id}`);
    const line = page.locator(`.line[data-match="${seeded.matches.groupRunning}"] .pts`);
    assert.equal(await line.textContent(), "3–5");
    const waited = await scoreThenPoll(page, 4);
    assert.equal(await line.textContent(), "4–5", `after ${waited} ms of the overlay's time`);
    assert.ok(await page.locator(".board h2.res").isVisible(), "latest results are listed too");
    await close();
  });

  await t.step("a name that is markup shows as text and runs nothing", async () => {
    const { page, dialogs, errors, close } = await openPage(browser, matchUrl, VIEWPORT);
    assert.equal(await page.locator('.row[data-side="home"] .name').textContent(), EVIL_NAME);
    await untilFirstSwap(page); // the first poll puts fresh copies of the regions in
    assert.equal(await page.locator('.row[data-side="home"] .name').textContent(), EVIL_NAME);
    assert.equal(await page.locator("img").count(), 0);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(errors, []);
    await close();
  });

  await t.step("pos, scale and debug change the layout as specified", async () => {
    // A match whose names fit the bar at every scale, so that the scale alone sets its size.
    const shortNames = `${server.origin}/overlay/match/${seeded.matches.r1Running}`;
    const measure = async (query: string) => {
      const { page, close } = await openPage(browser, shortNames + query, VIEWPORT);
      const b = await box(page, ".bar");
      const debug = await page.evaluate(() => ({
        background: getComputedStyle(document.body).backgroundImage,
        dot: document.querySelector(".stale-dot") !== null,
      }));
      await close();
      return { ...b, ...debug };
    };
    const plain = await measure("");
    assert.ok(Math.abs(plain.x + plain.width / 2 - VIEWPORT.width / 2) <= 1, "centred");
    assert.ok(Math.abs(plain.y + plain.height - (VIEWPORT.height - 24)) <= 1, "on the bottom edge");
    assert.equal(plain.background, "none");
    assert.equal(plain.dot, false);
    const top = await measure("?pos=top");
    assert.ok(Math.abs(top.y - 24) <= 1, "on the top edge");
    assert.ok(Math.abs(top.x + top.width / 2 - VIEWPORT.width / 2) <= 1, "centred at the top too");
    const big = await measure("?scale=1.5");
    assert.ok(Math.abs(big.width / plain.width - 1.5) < 0.01, `scaled 1.5 (${big.width} / ${plain.width})`);
    assert.ok(Math.abs(big.y + big.height - (VIEWPORT.height - 24)) <= 1, "scaled from the edge it hugs");
    const clamped = await measure("?scale=9");
    assert.ok(Math.abs(clamped.width - big.width) < 1, "clamped to 1.5");
    const small = await measure("?scale=0.1");
    assert.ok(Math.abs(small.width / plain.width - 0.8) < 0.01, "clamped to 0.8");
    const nonsense = await measure("?scale=huge&pos=left");
    assert.ok(Math.abs(nonsense.width - plain.width) < 1 && Math.abs(nonsense.y - plain.y) < 1, "defaults");
    const debug = await measure("?debug=1");
    assert.match(debug.background, /conic-gradient/);
    assert.equal(debug.dot, true);
  });

  await t.step("theme parameters place, colour and trim the bar; bad values fall back silently", async () => {
    const url = `${server.origin}/overlay/match/${seeded.matches.r1Running}`;
    const look = async (query: string) => {
      const { page, errors, close } = await openPage(browser, url + query, VIEWPORT);
      const b = await box(page, ".bar");
      const seen = await page.evaluate(() => {
        const shown = (sel: string) => {
          const el = document.querySelector(sel);
          return el !== null && getComputedStyle(el).display !== "none";
        };
        return {
          points: getComputedStyle(document.querySelector(".points")!).backgroundColor,
          text: getComputedStyle(document.querySelector(".who")!).color,
          page: getComputedStyle(document.body).backgroundColor,
          head: shown(".bar .head"),
          assoc: shown(".assoc"),
          past: shown(".past"),
        };
      });
      await close();
      assert.deepEqual(errors, []);
      return { ...b, ...seen };
    };
    const plain = await look("");
    assert.equal(plain.points, "rgb(255, 212, 0)");
    assert.equal(plain.page, "rgba(0, 0, 0, 0)");
    assert.ok(plain.head && plain.past);
    const corner = await look("?pos=top-left&accent=ff0080&fg=%23eeeeee&bg=00ff00");
    assert.ok(
      Math.abs(corner.x - 24) <= 1 && Math.abs(corner.y - 24) <= 1,
      `top left (${corner.x}, ${corner.y})`,
    );
    assert.equal(corner.points, "rgb(255, 0, 128)");
    assert.equal(corner.text, "rgb(238, 238, 238)");
    assert.equal(corner.page, "rgb(0, 255, 0)", "a solid page for a hardware keyer");
    const right = await look("?pos=bottom-right");
    assert.ok(Math.abs(right.x + right.width - (VIEWPORT.width - 24)) <= 1, "bottom right");
    assert.ok(Math.abs(right.y + right.height - (VIEWPORT.height - 24)) <= 1);
    const compact = await look("?compact=1");
    assert.ok(!compact.head && !compact.past, "names and scores only");
    const hidden = await look("?hide=games,head");
    assert.ok(!hidden.past && !hidden.head);
    const bad = await look("?pos=middle&accent=red&bg=url(x)&hide=everything&compact=no");
    assert.deepEqual(
      { ...bad, x: Math.round(bad.x), y: Math.round(bad.y) },
      { ...plain, x: Math.round(plain.x), y: Math.round(plain.y) },
    );
  });

  await t.step("the page behind the bar is transparent", async () => {
    const { page, close } = await openPage(browser, matchUrl, VIEWPORT);
    const bar = await box(page, ".bar");
    const png = await page.screenshot({ omitBackground: true });
    const inside: [number, number] = [Math.round(bar.x + bar.width / 2), Math.round(bar.y + bar.height / 2)];
    const [corner, middle, left, barPixel] = await alphaAt(browser, png, [
      [5, 5],
      [640, 300],
      [40, 700],
      inside,
    ]);
    assert.deepEqual([corner, middle, left], [0, 0, 0], "nothing painted away from the bar");
    assert.ok(barPixel! > 200, "the bar itself is painted");
    await close();
  });

  await t.step(
    "at 1280x720 and 1920x1080 the longest pairs use the width of the canvas and are not cut",
    async () => {
      // Four long names (as long as any on the ITTF's lists, with a double-barrelled one) on the doubles pairs.
      const long = [
        "Alexandre ROBINOT-DESPRÉS",
        "Kristian KARLSSON-LINDQVIST",
        "Hugo CALDERANO DA SILVA",
        "Mattias FALCK-ÖVERGAARD",
      ];
      const match = await server.store.db.selectFrom("matches").select([
        "home_entry_id",
        "away_entry_id",
        "event_id",
      ])
        .where("id", "=", seeded.matches.doublesDone).executeTakeFirstOrThrow();
      const entries = await server.store.db.selectFrom("entries").select(["player1_id", "player2_id"])
        .where("id", "in", [match.home_entry_id!, match.away_entry_id!]).execute();
      const players = entries.flatMap((e) => [e.player1_id, e.player2_id!]);
      for (const [i, id] of players.entries()) {
        await server.store.db.updateTable("players").set({ display_name: long[i]! }).where("id", "=", id)
          .execute();
      }
      await bumpRevision(server.store.db, match.event_id);
      for (const viewport of [VIEWPORT, { width: 1920, height: 1080 }]) {
        for (
          const url of [
            `/overlay/match/${seeded.matches.doublesDone}`,
            `/overlay/subevent/${seeded.doubles.id}`,
          ]
        ) {
          const { page, close } = await openPage(browser, server.origin + url, viewport);
          const cut = await page.evaluate(() =>
            [...document.querySelectorAll(".who .name, .line .h, .line .a, .line .p")]
              .filter((el) =>
                /ROBINOT|CALDERANO/.test(el.textContent!) && el.scrollWidth > el.clientWidth + 1
              )
              .map((el) => el.textContent)
          );
          const stage = await box(page, ".stage > *");
          const shown = await page.evaluate(() => document.body.innerText);
          await close();
          assert.deepEqual(cut, [], `${url} at ${viewport.width}: no pair cut`);
          for (const name of long) assert.ok(shown.includes(name), `${url}: ${name} shown`);
          // At 1280 px these names need more than the half of the canvas the overlays were held to.
          if (viewport.width === 1280) assert.ok(stage.width > 640, `${url}: ${stage.width} px, over half`);
          assert.ok(stage.x >= 0 && stage.x + stage.width <= viewport.width, "inside the canvas");
        }
      }
    },
  );

  await t.step("the scorebug keeps one width while a match's games are played", async () => {
    const { page, close } = await openPaused(matchUrl);
    const width = () => box(page, ".bar").then((b) => b.width);
    const before = await width();
    await setScore(server.store, seeded.matches.groupRunning, {
      games: [[11, 5], [9, 11], [11, 13]],
      current: [2, 1],
      server: "home",
    });
    await runOnePoll(page);
    await page.waitForFunction(() =>
      document.querySelectorAll('.row[data-side="home"] .past span').length === 3
    );
    assert.equal(await width(), before);
    await close();
  });

  await t.step("a style injected as OBS's Custom CSS applies; an injected script does not run", async () => {
    const { page, errors, close } = await openPage(browser, matchUrl, VIEWPORT);
    await untilFirstSwap(page);
    // As obs-browser does it: a style element, without our nonce, appended to the head.
    await page.evaluate(() => {
      const style = document.createElement("style");
      style.innerHTML = ".bar{background:rgb(0, 128, 0) !important}";
      document.querySelector("head")!.appendChild(style);
      const script = document.createElement("script");
      script.textContent = "document.body.dataset.injected = 'ran'";
      document.head.appendChild(script);
    });
    await page.waitForFunction(() =>
      getComputedStyle(document.querySelector(".bar")!).backgroundColor === "rgb(0, 128, 0)"
    );
    assert.equal(await page.evaluate(() => document.body.dataset.injected ?? null), null);
    assert.ok(errors.every((e) => /Content Security Policy|script-src/i.test(e)), errors.join("\n"));
    await close();
  });

  await t.step("when the server stops, the overlays keep their last state and show no error", async () => {
    const plain = await openPage(browser, matchUrl, VIEWPORT);
    const debug = await openPage(browser, `${matchUrl}?debug=1`, VIEWPORT);
    await untilFirstSwap(plain.page); // a poll succeeded first
    const before = await plain.page.locator(".stage").innerHTML();
    await server.stop();
    // A poll of each failed: only the debug overlay shows it.
    for (const { page } of [plain, debug]) {
      await page.waitForFunction(() => document.body.dataset.stale === "1");
    }
    assert.equal(await plain.page.locator(".stage").innerHTML(), before);
    const text = await plain.page.locator("body").innerText();
    assert.doesNotMatch(text, /\b(error|failed|offline|loading|connection)\b/i);
    assert.ok(await plain.page.locator(".bar").isVisible());
    assert.ok(await debug.page.locator(".bar").isVisible());
    await plain.close();
    await debug.close();
  });
});

browserSuite(
  "a match's overlay and page opened before its players are known follow it once they are",
  async (store) => {
    const ev = await seedKnockout(store.db, { bestOf: 3, size: 4 });
    const secret = await makeToken(store.db, "admin", { label: "Desk" });
    return { ev, secret };
  },
  async (_t, { browser, server, seeded }) => {
    const { ev, secret } = seeded;
    const finalId = ev.rounds[1]![0]!;
    const write = async (id: string, action: string, body: Record<string, unknown>) => {
      const res = await fetch(
        `${server.origin}/api/manage/matches/${id}/${action}`,
        call(secret, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
      );
      assert.equal(res.status, 200, await res.clone().text());
    };
    // The OBS source and a spectator's bookmark, set up in the morning: a page that polls, not a dead 404.
    const overlayRes = await fetch(`${server.origin}/overlay/match/${finalId}`);
    assert.equal(overlayRes.status, 200);
    assert.match(await overlayRes.text(), /data-watch="\/api\/v1\/subevents\/[^" ]+\/matches[ "]/);
    const overlay = await openPage(browser, `${server.origin}/overlay/match/${finalId}`, VIEWPORT);
    const page = await openPage(browser, `${server.origin}/m/${finalId}`, { width: 390, height: 844 });
    try {
      assert.equal(await overlay.page.evaluate(() => document.body.innerText.trim()), "");
      assert.equal(await page.page.textContent("h1"), "Final");
      assert.match(await page.page.innerText("main"), /players of this match are not known yet/);
      // Both poll while the players are not known: no error for it.
      for (const p of [overlay.page, page.page]) await untilPolled(p);
      for (const semi of ev.rounds[0]!) {
        await write(semi, "result", { games: [{ home: 11, away: 3 }, { home: 11, away: 4 }] });
      }
      await write(finalId, "start", { firstServer: "home" });
      await write(finalId, "point", { side: "home" });
      const names = ["Player test-open 1", "Player test-open 3"];
      for (const p of [overlay.page, page.page]) {
        await p.waitForFunction(
          (n) => n.every((name) => document.body.innerText.includes(name)),
          names,
        );
      }
      assert.equal(await page.page.textContent("h1"), "Player test-open 1 vs Player test-open 3");
      assert.deepEqual([...overlay.errors, ...page.errors], []);
    } finally {
      await overlay.close();
      await page.close();
    }
  },
);
