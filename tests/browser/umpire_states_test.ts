/**
 * The umpire's states as spectators see them in Chromium: the match overlay at 1280x720 and 1920x1080 (match
 * point, game point, a running time-out, the serving player of a pair; the bar keeps its size and the page its
 * transparency), the match page on a phone and the venue TV at 1080p. The data is written through the umpire's
 * write path (db/match_writes.ts `writeMatch`). The viewer's clock is the page's, fixed by Playwright from before
 * the page loads (`clock.setFixedTime`, timers still running), so that a time-out runs, counts down and ends
 * whatever the machine's speed; every wait is for a condition.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { type MatchAction, writeMatch } from "../../db/match_writes.ts";
import type { Store } from "../../db/store.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { seedUmpireStates } from "../pages/seed.ts";
import { FULL_HD, PHONE } from "../support/viewports.ts";
import { testNow } from "../support/test_clock.ts";

const SIZES = [{ width: 1280, height: 720 }, FULL_HD];
/** Where the screenshots go for a person to look at (not docs/screenshots/: screenshots_test.ts makes those). */
const SHOTS = Deno.env.get("UMPIRE_SHOTS_DIR");

const write = (store: Store, id: string, action: MatchAction, now = testNow()) =>
  writeMatch(store, id, action, { actor: "desk", now });

/** The box of an element, measured in one step in the page (a region swap may replace it between two). */
const box = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el || (el as HTMLElement).hidden) return null;
    const r = el.getBoundingClientRect();
    return r.width > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  }, selector);

/** The texts of the shown elements matching `selector`. */
const shownTexts = (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      Array.from(document.querySelectorAll<HTMLElement>(sel))
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()),
    selector,
  );

/** Waits until the shown texts of `selector` are `expected`. */
async function waitTexts(page: Page, selector: string, expected: string[]): Promise<void> {
  await page.waitForFunction(
    ({ sel, want }) =>
      JSON.stringify(
        Array.from(document.querySelectorAll<HTMLElement>(sel))
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()),
      ) === JSON.stringify(want),
    { sel: selector, want: expected },
    { timeout: 20_000, polling: 50 },
  ).catch(async (e) => {
    throw new Error(
      `${selector}: ${JSON.stringify(await shownTexts(page, selector))}, not ${JSON.stringify(expected)}`,
      {
        cause: e,
      },
    );
  });
}

browserSuite("the umpire's states on the spectators' screens", seedUmpireStates, async (t, ctx) => {
  const { browser, server, seeded } = ctx;
  const overlay = (id: string) => `${server.origin}/overlay/match/${id}`;
  /** The viewer's clock `s` seconds after the time-out was called. */
  const during = (s: number) => new Date(seeded.timeoutAt.getTime() + s * 1000);

  await t.step(
    "the overlay flags match point, game point and a running time-out on the side concerned",
    async () => {
      const cases = [
        { name: "match_point", id: seeded.matchPoint, side: "home", flags: ["MATCH POINT"] },
        { name: "game_point", id: seeded.gamePoint, side: "away", flags: ["GAME POINT"] },
        { name: "timeout", id: seeded.timeout, side: "away", flags: ["TIME-OUT 0:50"] },
      ];
      for (const viewport of SIZES) {
        for (const c of cases) {
          const { page, dialogs, errors, close } = await openPage(
            browser,
            overlay(c.id),
            viewport,
            { clock: during(10) },
          );
          const other = c.side === "home" ? "away" : "home";
          await waitTexts(page, `.row[data-side="${c.side}"] .flag`, c.flags);
          assert.deepEqual(await shownTexts(page, `.row[data-side="${other}"] .flag`), []);
          // Beside the bar, level with its row, and on screen.
          const bar = await box(page, ".bar");
          const row = await box(page, `.row[data-side="${c.side}"]`);
          const flag = await box(page, `.row[data-side="${c.side}"] .flags`);
          assert.ok(bar && row && flag, `${c.name}: bar, row and flag measured`);
          assert.ok(flag.x >= bar.x + bar.width, `${c.name}: the flag is beside the bar, not on it`);
          assert.ok(
            flag.x + flag.width <= viewport.width,
            `${c.name}: the flag is on screen at ${viewport.width}`,
          );
          assert.ok(
            flag.y >= row.y - 1 && flag.y + flag.height <= row.y + row.height + 1,
            `${c.name}: level`,
          );
          // Still a transparent page with nothing but the bar and its flag.
          assert.deepEqual(
            await page.evaluate(
              () => [
                getComputedStyle(document.documentElement).backgroundColor,
                getComputedStyle(document.body).backgroundColor,
              ],
            ),
            ["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"],
          );
          if (SHOTS) {
            await page.screenshot({
              path: `${SHOTS}/overlay_${c.name}_${viewport.width}.png`,
              omitBackground: true,
            });
          }
          assert.deepEqual([...dialogs, ...errors], []);
          await close();
        }
      }
    },
  );

  await t.step("the overlay underlines the serving player of a doubles pair", async () => {
    const answer = await (await fetch(`${server.origin}/api/v1/matches/${seeded.matchPoint}`)).json();
    const serving = answer.data.match.umpire.server as { side: string; playerId: string };
    const player = await server.store.db.selectFrom("players").select("display_name")
      .where("id", "=", serving.playerId).executeTakeFirstOrThrow();
    const { page, close } = await openPage(browser, overlay(seeded.matchPoint), SIZES[0]);
    assert.deepEqual(await shownTexts(page, ".who .srv"), [player.display_name]);
    const underline = await page.locator(".who .srv").evaluate((el) =>
      getComputedStyle(el).textDecorationLine
    );
    assert.equal(underline, "underline");
    assert.equal(await page.locator(`.row[data-side="${serving.side}"] .srv`).count(), 1);
    await close();
  });

  await t.step(
    "the bar keeps its size when a flag comes and goes, and a time-out ends by the viewer's clock",
    async () => {
      // Both sizes open before the points are written, so that each sees the flags come.
      const now = testNow();
      const pages = [];
      for (const viewport of SIZES) {
        const opened = await openPage(browser, overlay(seeded.plain), viewport, { clock: now });
        const plain = await box(opened.page, ".bar");
        assert.ok(plain);
        assert.deepEqual(await shownTexts(opened.page, ".flag"), []);
        pages.push({ ...opened, plain });
      }
      // 5-3, then 10-3: game point to home; then the time-out of the side that trails, at the viewers' moment.
      for (let i = 0; i < 5; i++) await write(server.store, seeded.plain, { type: "point", side: "home" });
      await write(server.store, seeded.plain, { type: "timeout", side: "away" }, now);
      for (const { page, plain } of pages) {
        await waitTexts(page, '.row[data-side="home"] .flag', ["GAME POINT"]);
        await waitTexts(page, '.row[data-side="away"] .flag', ["TIME-OUT 1:00"]);
        assert.deepEqual(await box(page, ".bar"), plain, "the bar's box with two flags");
        await page.clock.setFixedTime(new Date(now.getTime() + 42_500));
        await waitTexts(page, '.row[data-side="away"] .flag', ["TIME-OUT 0:18"]);
        await page.clock.setFixedTime(new Date(now.getTime() + 60_000));
        await waitTexts(page, '.row[data-side="away"] .flag', []);
        await waitTexts(page, '.row[data-side="home"] .flag', ["GAME POINT"]);
        assert.deepEqual(await box(page, ".bar"), plain, "the bar's box once the time-out is over");
      }
      for (const { errors, close } of pages) {
        assert.deepEqual(errors, []);
        await close();
      }
    },
  );

  await t.step(
    "the match page on a phone shows the point, the time-out, the expedite system and the record",
    async () => {
      const { page, errors, close } = await openPage(
        browser,
        `${server.origin}/m/${seeded.timeout}`,
        PHONE,
        { clock: during(10) },
      );
      await waitTexts(page, "ul.states li", [
        "Game point: Gina Holt / Nils Olsen",
        "Time-out: Gina Holt / Nils Olsen · 0:50 left",
        "Expedite system in operation since game 1 at 3–5, at both sides' request",
      ]);
      assert.deepEqual(await shownTexts(page, "ul.cards-shown li"), [
        "Yellow card to Fay Green / Max Nash (warning) (game 1 at 3–0)",
        "Yellow card to Fay Green / Max Nash's coach (warning) (game 1 at 3–4)",
        "Yellow and red card to Fay Green / Max Nash: 1 penalty point to Gina Holt / Nils Olsen (game 1 at 3–4)",
      ]);
      assert.deepEqual(await shownTexts(page, "ul.timeouts-taken li"), [
        "Gina Holt / Nils Olsen (game 1 at 6–10)",
      ]);
      assert.ok(
        await page.evaluate(() =>
          document.documentElement.scrollWidth <= document.documentElement.clientWidth
        ),
        "nothing scrolls sideways at 390 px",
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/match_page_phone.png`, fullPage: true });
      await page.clock.setFixedTime(during(61));
      await waitTexts(page, "ul.states li", [
        "Game point: Gina Holt / Nils Olsen",
        "Expedite system in operation since game 1 at 3–5, at both sides' request",
      ]);
      // Screen readers are no longer told of the time-out either.
      assert.doesNotMatch(
        await page.locator('[data-region="score-said"]').evaluate((p) => (p as HTMLElement).innerText),
        /Time-out/,
      );
      assert.deepEqual(errors, []);
      await close();
    },
  );

  await t.step("the venue TV flags each live match concerned, readable at 1920x1080", async () => {
    const { page, errors, close } = await openPage(
      browser,
      `${server.origin}/t/${seeded.slug}/tv?interval=600`,
      FULL_HD,
      { clock: during(10) },
    );
    const flagOf = (id: string) => `tr[data-match="${id}"] .flag`;
    await waitTexts(page, flagOf(seeded.timeout), ["TIME-OUT"]);
    assert.deepEqual(await shownTexts(page, flagOf(seeded.matchPoint)), ["MATCH POINT"]);
    assert.deepEqual(await shownTexts(page, flagOf(seeded.gamePoint)), ["GAME POINT"]);
    const sizes = await page.locator("tr .flag").evaluateAll((els) =>
      els.filter((e) => e.getClientRects().length > 0).map((e) => {
        const row = e.closest("tr")!.getBoundingClientRect();
        const r = e.getBoundingClientRect();
        return {
          px: parseFloat(getComputedStyle(e).fontSize),
          inRow: r.top >= row.top && r.bottom <= row.bottom && r.left >= row.left && r.right <= row.right,
        };
      })
    );
    assert.ok(sizes.length >= 3);
    for (const s of sizes) {
      assert.ok(s.px >= 20, `flag text ${s.px}px at 1080p`);
      assert.ok(s.inRow, "the flag lies within its row");
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tv_live_flags.png` });
    // The time-out over by the TV's clock: the side's game point shows again.
    await page.clock.setFixedTime(during(61));
    await waitTexts(page, flagOf(seeded.timeout), ["GAME POINT"]);
    // The game point won: the TV's next poll takes the flag away.
    await write(server.store, seeded.gamePoint, { type: "point", side: "away" });
    await waitTexts(page, flagOf(seeded.gamePoint), []);
    assert.deepEqual(errors, []);
    await close();
  });
});
