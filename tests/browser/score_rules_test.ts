/**
 * The umpire applies the rules from the page, as an umpire would on a phone: the doubles order at the start, a
 * time-out with its countdown and Resume, a warning then a penalty point, the expedite system and its 13-return
 * count, and what Undo says it will take back. Each result is checked on the server too.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { Store } from "../../db/store.ts";
import { browserSuite, newTestContext } from "../support/browser.ts";
import { makeToken, seedKnockout } from "../api/manage_fixtures.ts";
import { PHONE } from "../support/viewports.ts";

async function settled(page: Page) {
  await page.waitForFunction(() => document.body.dataset.queued === "0");
}

async function choose(page: Page, label: string) {
  await page.waitForSelector("#sheet:not([hidden])");
  await page.tap(`#sheet-choices button:text-is("${label}")`);
}

/** Taps the rules' tool `button`, then each of `labels` in the sheets it opens. */
async function useTool(page: Page, button: string, ...labels: string[]) {
  await page.tap(button);
  for (const label of labels) await choose(page, label);
}

async function serverMatch(store: Store, id: string) {
  return await store.db.selectFrom("matches").select(["current_home", "current_away", "umpire"]).where(
    "id",
    "=",
    id,
  )
    .executeTakeFirstOrThrow();
}

browserSuite(
  "/score: the umpire applies the rules from the page",
  async (store) => {
    const ev = await seedKnockout(store.db, { bestOf: 5, doubles: true });
    const secret = await makeToken(store.db, "scorer", { label: "Table 1 phone" });
    return { secret, id: ev.rounds[0]![0]! };
  },
  async (t, { browser, server, seeded }) => {
    const context = await newTestContext(browser, { viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await page.goto(`${server.origin}/score/${seeded.id}#token=${seeded.secret}`);
      await t.step(
        "doubles: the serving pair names its server, the receiving pair its receiver",
        async () => {
          await page.waitForSelector("#start-panel:not([hidden])");
          await page.tap("#left-choice");
          assert.equal(await page.textContent("#left-choice"), "Player test-open 2 / Partner test-open 2");
          await page.tap("#start-home");
          await choose(page, "Partner test-open 1");
          await choose(page, "Player test-open 2");
          await page.waitForSelector("#score-panel:not([hidden])");
          assert.equal(await page.textContent("#serve-home"), "Serves: Partner test-open 1");
          assert.equal(await page.textContent("#serve-away"), "Receives: Player test-open 2");
          // Away stands on the umpire's left: its button comes first.
          assert.equal(await page.getAttribute("#taps", "data-left"), "away");
          const [home, away] = [
            await page.locator("#tap-home").boundingBox(),
            await page.locator("#tap-away").boundingBox(),
          ];
          assert.ok(away!.x < home!.x);
          await settled(page);
        },
      );

      await t.step("a time-out shows its countdown until Resume, once per side", async () => {
        await useTool(page, "#open-timeout", "Time-out for Player test-open 2 / Partner test-open 2");
        await page.waitForFunction(() =>
          /^Time-out: Player test-open 2/.test(document.getElementById("banner-text")?.textContent ?? "")
        );
        assert.equal(await page.textContent("#banner-action"), "Resume play");
        await page.tap("#banner-action");
        await page.waitForFunction(() => document.getElementById("banner-text")?.textContent === "");
        await page.tap("#open-timeout");
        await page.waitForSelector("#sheet:not([hidden])");
        assert.equal(
          await page.isDisabled(
            `#sheet-choices button:text-is("Time-out for Player test-open 2 / Partner test-open 2")`,
          ),
          true,
        );
        await page.tap("#sheet-cancel");
        await settled(page);
      });

      await t.step(
        "a yellow card, then yellow and red gives the opponent a point; Undo says so",
        async () => {
          await useTool(page, "#open-card", "Player test-open 1 / Partner test-open 1");
          await page.waitForSelector("#sheet:not([hidden])");
          assert.equal(
            await page.isDisabled(`#sheet-choices button:text-is("Yellow and red card (not now)")`),
            true,
          );
          await choose(page, "Yellow card (warning)");
          await useTool(
            page,
            "#open-card",
            "Player test-open 1 / Partner test-open 1",
            "Yellow and red card: 1 point to Player test-open 2 / Partner test-open 2",
          );
          await settled(page);
          assert.equal(await page.textContent("#points-away"), "1");
          assert.equal(await page.textContent("#chips-home"), "yellowyellow+red +1");
          assert.equal(
            await page.textContent("#undo"),
            "Undo: yellow and red card to Player test-open 1 / Partner test-open 1",
          );
          const m = await serverMatch(server.store, seeded.id);
          assert.equal(m.current_away, 1);
          assert.equal(JSON.parse(m.umpire!).cards.length, 2);
        },
      );

      await t.step(
        "the expedite system: 1 service each, and the receiver's 13th good return wins the point",
        async () => {
          await useTool(page, "#open-expedite", "Both sides asked for it");
          await page.waitForSelector("#returns-row:not([hidden])");
          const receiver = await page.getAttribute("#tap-home", "data-serving") === "true" ? "away" : "home";
          for (let i = 0; i < 12; i++) await page.tap("#return-tap");
          assert.equal(await page.textContent("#returns"), "12/13");
          const before = Number(await page.textContent(`#points-${receiver}`));
          await page.tap("#return-tap");
          await settled(page);
          assert.equal(Number(await page.textContent(`#points-${receiver}`)), before + 1);
          assert.equal(await page.textContent("#returns"), "0/13");
          const m = await serverMatch(server.store, seeded.id);
          assert.equal(receiver === "home" ? m.current_home : m.current_away, before + 1);
          assert.notEqual(JSON.parse(m.umpire!).expedite, null);
        },
      );
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  },
);
