import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, newTestContext, recordPage } from "../support/browser.ts";
import { ackKey } from "../../pages/operator/client/score/game_dialog.ts";
import { scoreUrl, seedStarted, textOf, waitQueued } from "../support/score_page.ts";

/** The sizes the umpires score on: two phones upright and one on its side. */
const SCREENS = [
  { name: "390x844", width: 390, height: 844 },
  { name: "360x640", width: 360, height: 640 },
  { name: "844x390 landscape", width: 844, height: 390 },
];

/** Long doubles-like names, as in the issue ("ATCH POINT: ANA LOPEZ / BEN OKAFO" cut at 390 px). */
const NAMES = ["Ana Lopez / Ben Okafor", "Carla Montgomery / Dmitri Alexandrov"];

/** What of an element lies outside the screen, or is cut inside its box; [] when it is whole and in view. */
function misfits(page: Page, ids: string[]) {
  return page.evaluate((ids) => {
    const out: string[] = [];
    for (const id of ids) {
      const el = document.getElementById(id);
      if (!el) {
        out.push(`#${id} missing`);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        out.push(
          `#${id} off the screen (${Math.round(r.left)},${Math.round(r.top)})-(${Math.round(r.right)},${
            Math.round(r.bottom)
          })`,
        );
      }
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        out.push(`#${id} cut (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
      }
    }
    return out;
  }, ids);
}

browserSuite(
  "/score fits the phone: banners wrap, every control is on the screen, and the match point banner goes at the end",
  async (store) => {
    const seeded = await seedStarted(store, "Umpire 1", { bestOf: 3 });
    const match = await store.db.selectFrom("matches").select(["home_entry_id", "away_entry_id"])
      .where("id", "=", seeded.id).executeTakeFirstOrThrow();
    for (const [i, entry] of [match.home_entry_id, match.away_entry_id].entries()) {
      const { player1_id } = await store.db.selectFrom("entries").select("player1_id").where(
        "id",
        "=",
        entry!,
      )
        .executeTakeFirstOrThrow();
      await store.db.updateTable("players").set({ display_name: NAMES[i]! }).where("id", "=", player1_id)
        .execute();
    }
    // Game 1 to home 11-0, game 2 at 10-0: match point.
    for (let i = 0; i < 21; i++) await seeded.write({ type: "point", side: "home" });
    return seeded;
  },
  async (t, { browser, server, seeded }) => {
    const open = async (viewport: { width: number; height: number }) => {
      const context = await newTestContext(browser, { viewport, hasTouch: true, isMobile: true });
      // One phone, which has answered game 1's end: no question over the board, and it holds the match.
      await context.addInitScript(([key]) => {
        localStorage.setItem(key!, "1");
        localStorage.setItem("tt.device", "umpire-phone");
      }, [ackKey(seeded.id)]);
      const page = await context.newPage();
      const { errors } = recordPage(page, { accept: true });
      await page.goto(scoreUrl(server.origin, seeded.secret, seeded.id));
      await page.waitForSelector("#score-panel:not([hidden])");
      return { page, errors, close: () => context.close() };
    };

    for (const screen of SCREENS) {
      await t.step(
        `${screen.name}: the match point banner wraps; the taps, the tools (All matches too, on its side) are on it`,
        async () => {
          const { page, errors, close } = await open(screen);
          try {
            await page.waitForFunction(() =>
              document.getElementById("banner")?.dataset.kind === "match-point"
            );
            assert.deepEqual(
              await misfits(page, [
                "banner",
                "banner-text",
                "tap-home",
                "tap-away",
                "open-timeout",
                "open-card",
                "open-expedite",
                ...(screen.width > screen.height ? ["all-matches"] : []),
              ]),
              [],
            );
            const link = await page.locator("#all-matches").boundingBox();
            assert.ok(
              link && link.width >= 44 && link.height >= 44,
              `All matches is ${link?.width}x${link?.height}`,
            );
            assert.deepEqual(errors, []);
          } finally {
            await close();
          }
        },
      );
    }

    await t.step("390x844: a time-out's banner wraps with its Resume play button whole", async () => {
      await seeded.write({ type: "timeout", side: "away" });
      const { page, errors, close } = await open(SCREENS[0]!);
      try {
        await page.waitForFunction(() => document.getElementById("banner")?.dataset.kind === "timeout");
        assert.deepEqual(await misfits(page, ["banner", "banner-text", "banner-action"]), []);
        await page.click("#banner-action");
        await page.waitForFunction(() => document.getElementById("banner")?.dataset.kind === "match-point");
        await waitQueued(page, 0);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });

    await t.step("the match won, no banner stays over the board", async () => {
      const { page, errors, close } = await open(SCREENS[0]!);
      try {
        await page.waitForFunction(() => document.getElementById("banner")?.dataset.kind === "match-point");
        await page.click("#tap-home");
        await page.waitForSelector("#dialog:not([hidden])");
        // The clock emptied: the page has drawn its second's parts since the match was won.
        await page.waitForFunction(() => document.getElementById("game-clock")?.textContent === "");
        assert.equal(await textOf(page, "#banner-text"), "");
        assert.equal(await page.getAttribute("#banner", "data-kind"), "");
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });

    await t.step("before the start: the warm-up counts its 2 minutes down on the start panel", async () => {
      const context = await newTestContext(browser, {
        viewport: SCREENS[1]!,
        hasTouch: true,
        isMobile: true,
      });
      try {
        const page = await context.newPage();
        await page.goto(scoreUrl(server.origin, seeded.secret, seeded.ev.rounds[0]![1]!));
        await page.waitForSelector("#start-panel:not([hidden])");
        await page.tap("#warm-up");
        await page.waitForFunction(() =>
          /^Warm-up: 0[12]:\d\d left$/.test(document.getElementById("warm-up-text")?.textContent ?? "")
        );
        assert.equal(await page.isHidden("#warm-up"), true);
        assert.deepEqual(await misfits(page, ["start-home", "start-away", "warm-up-text"]), []);
      } finally {
        await context.close();
      }
    });
  },
);
