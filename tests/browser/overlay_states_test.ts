/**
 * The score states on the match overlay, driven through the management API as the umpire's phone drives them:
 * the serving player of a doubles pair, cards (yellow, yellow and red, red; a coach's), the expedite system, a
 * running time-out, game point and match point. Two overlays watch the match at once, at 1280x720 and 1920x1080:
 * each state shows on the side concerned, comes with the brief `enter` animation once (and none under
 * `prefers-reduced-motion: reduce`), and the bar keeps one box throughout. Every wait is for a condition; the
 * time-out's minute is read by a page clock set from the match's answer, not by the machine's.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, newTestContext, openPage, recordPage } from "../support/browser.ts";
import { call } from "../api/manage_fixtures.ts";
import { seedDesk } from "../support/manage_page.ts";
import { testNow } from "../support/test_clock.ts";

/** Where screenshots go for a person to look at, when set. */
const SHOTS = Deno.env.get("OVERLAY_STATES_SHOTS");
const SIZES = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }];

/** The box of an element, measured in one step in the page. */
const box = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }, selector);

/** Waits until an element matching `selector` is shown. */
const shows = (page: Page, selector: string) =>
  page.waitForFunction(
    (sel) => [...document.querySelectorAll<HTMLElement>(sel)].some((el) => el.getClientRects().length > 0),
    selector,
    { polling: 50 },
  );

/** Waits until nothing matching `selector` is shown. */
const gone = (page: Page, selector: string) =>
  page.waitForFunction(
    (sel) => [...document.querySelectorAll<HTMLElement>(sel)].every((el) => el.getClientRects().length === 0),
    selector,
    { polling: 50 },
  );

browserSuite(
  "the match overlay's score states, driven through the management API",
  (store) => seedDesk(store, { slug: "states-open", bestOf: 3, size: 4, doubles: true }),
  async (t, { browser, server, seeded }) => {
    const matchId = seeded.ev.rounds[0]![0]!;
    const write = async (type: string, body: Record<string, unknown> = {}) => {
      const res = await fetch(
        `${server.origin}/api/manage/matches/${matchId}/${type}`,
        call(seeded.admin, "POST", body, { "Idempotency-Key": crypto.randomUUID() }),
      );
      assert.equal(res.status, 200, await res.clone().text());
      await res.body?.cancel();
    };
    const points = async (side: "home" | "away", n: number) => {
      for (let i = 0; i < n; i++) await write("point", { side });
    };
    const answer = async () =>
      (await (await fetch(`${server.origin}/api/v1/matches/${matchId}`)).json()).data.match;
    const url = `${server.origin}/overlay/match/${matchId}`;
    const pages: Awaited<ReturnType<typeof openPage>>[] = [];
    for (const viewport of SIZES) pages.push(await openPage(browser, url, viewport, { clock: testNow() }));
    const bars: { x: number; y: number; width: number; height: number }[] = [];
    /** Each page shows `selector`, and it was animated in (class `enter`). */
    const eachShowsAnimated = async (selector: string) => {
      for (const { page } of pages) {
        await shows(page, selector);
        assert.ok(
          await page.evaluate((sel) => document.querySelector(sel)!.classList.contains("enter"), selector),
          `${selector} animated in`,
        );
      }
    };

    await t.step("a started doubles match marks the serving player and the serving side", async () => {
      await write("start", { firstServer: "home", server: "home1", receiver: "away1" });
      for (const { page } of pages) {
        await shows(page, '.row[data-side="home"] .who .srv');
        bars.push((await box(page, ".bar"))!);
      }
      const { umpire } = await answer();
      const serving = await server.store.db.selectFrom("players").select("display_name")
        .where("id", "=", umpire.server.playerId).executeTakeFirstOrThrow();
      for (const { page } of pages) {
        assert.equal(await page.locator(".who .srv").textContent(), serving.display_name);
        await shows(page, '.row[data-side="home"] .serve.on');
      }
    });

    await t.step("cards: a yellow, then a yellow and red, on the player's side; a coach's red", async () => {
      await write("card", { side: "away", target: "player", card: "yellow" });
      await eachShowsAnimated('.row[data-side="away"] .cards .card.yellow');
      await write("card", { side: "away", target: "player", card: "yellow_red" });
      await eachShowsAnimated('.row[data-side="away"] .cards .card.yellow_red');
      await write("card", { side: "home", target: "coach", card: "red" });
      await eachShowsAnimated('.row[data-side="home"] .cards .card.red.coach');
      for (const { page } of pages) {
        await gone(page, '.row[data-side="away"] .card.yellow');
        // A yellow and red card is both colours; a red one only red.
        assert.equal(await page.locator('.row[data-side="away"] .card.yellow_red i').count(), 2);
        assert.equal(await page.locator('.row[data-side="home"] .card.red i.r').count(), 1);
        assert.match(
          (await page.locator('.row[data-side="away"] .card').getAttribute("title"))!,
          /^Yellow and red card to .+: 1 penalty point to /,
        );
      }
    });

    await t.step("the expedite system is tagged on the bar while it is in operation", async () => {
      await write("expedite", { byRequest: true });
      await eachShowsAnimated(".bar .xp");
      for (const { page } of pages) assert.equal(await page.locator(".xp").textContent(), "EXPEDITE");
    });

    await t.step("a time-out shows on its side while it runs, by the viewer's clock", async () => {
      await write("timeout", { side: "away" });
      const timeout = (await answer()).umpire.timeouts[0];
      for (const { page } of pages) {
        await page.clock.setFixedTime(new Date(Date.parse(timeout.at) + 5_000));
      }
      await eachShowsAnimated('.row[data-side="away"] .flag.timeout');
      for (const { page } of pages) {
        assert.equal(
          (await page.locator(".flag.timeout").textContent())!.replace(/\s+/g, " "),
          "TIME-OUT 0:55",
        );
        await page.clock.setFixedTime(new Date(Date.parse(timeout.endsAt) + 1_000));
        await gone(page, ".flag.timeout");
      }
    });

    await t.step("game point, then match point, on the side that wins with the next point", async () => {
      // Home leads 1-0 (the penalty point); 10-0 is game point.
      await points("home", 9);
      await eachShowsAnimated('.row[data-side="home"] .flag.point:not(.match)');
      for (const { page } of pages) {
        assert.equal(await page.locator(".flag.point").textContent(), "GAME POINT");
      }
      await points("home", 1);
      for (const { page } of pages) await gone(page, ".flag.point");
      // Game 1 won 11-0; at 10-0 in game 2 the next point wins the match (best of 3).
      await points("home", 10);
      await eachShowsAnimated('.row[data-side="home"] .flag.point.match');
      for (const { page } of pages) {
        assert.equal(await page.locator(".flag.point").textContent(), "MATCH POINT");
        await gone(page, '.row[data-side="away"] .flag');
      }
    });

    await t.step("the bar kept one box through every state, and nothing failed", async () => {
      for (const [i, { page, errors, dialogs }] of pages.entries()) {
        assert.deepEqual(await box(page, ".bar"), bars[i], `the bar at ${SIZES[i]!.width}`);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/overlay_states_${SIZES[i]!.width}.png` });
        const flags = await box(page, '.row[data-side="home"] .flags');
        assert.ok(
          flags!.x + flags!.width <= SIZES[i]!.width,
          `the flags are on screen: ${JSON.stringify(flags)}`,
        );
        // The cards stand left of the bar, on screen, level with their row.
        const bar = bars[i]!;
        for (const side of ["home", "away"]) {
          const cards = (await box(page, `.row[data-side="${side}"] .cards`))!;
          const row = (await box(page, `.row[data-side="${side}"]`))!;
          assert.ok(cards.x >= 0 && cards.x + cards.width <= bar.x, `${side}'s cards beside the bar`);
          assert.ok(cards.y >= row.y - 1 && cards.y + cards.height <= row.y + row.height + 1, "level");
        }
        assert.deepEqual([...errors, ...dialogs], []);
      }
    });

    await t.step("under prefers-reduced-motion a state comes without animation", async () => {
      const context = await newTestContext(browser, { viewport: SIZES[0], reducedMotion: "reduce" });
      const page = await context.newPage();
      const { errors } = recordPage(page, { accept: false });
      await page.goto(url);
      await page.locator(".flag.point.match").waitFor();
      // A state new to the page: the home player's warning.
      await write("card", { side: "home", target: "player", card: "yellow" });
      await page.waitForFunction(() => document.querySelector(".card.yellow.enter") !== null, null, {
        polling: 50,
      });
      assert.equal(
        await page.locator(".card.yellow").evaluate((el) => getComputedStyle(el).animationName),
        "none",
      );
      // The same page without the preference animates it.
      assert.equal(
        await pages[0]!.page.locator(".flag.point.match").evaluate((el) => {
          el.classList.remove("enter");
          void (el as HTMLElement).offsetWidth;
          el.classList.add("enter");
          return getComputedStyle(el).animationName;
        }),
        "state-in",
      );
      assert.deepEqual(errors, []);
      await context.close();
    });

    for (const { close } of pages) await close();
  },
);
