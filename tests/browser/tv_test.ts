import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserSuite, openPage, runOnePoll } from "../support/browser.ts";
import { seedPages, seedQuietEvent, setAnnouncement, setScore } from "../pages/seed.ts";
import { seedBigDraw } from "../pages/seed_big_draw.ts";

const FULL_HD = { width: 1920, height: 1080 };
/** The screens the TV must fit: a small 720p-class TV, 1080p and 4K. */
const SCREENS = [{ width: 1366, height: 768 }, FULL_HD, { width: 3840, height: 2160 }];

/** Records every value body[data-view] takes from now on. */
const recordViews = () => {
  const seen = [document.body.dataset.view ?? ""];
  (globalThis as unknown as { seenViews: string[] }).seenViews = seen;
  new MutationObserver(() => seen.push(document.body.dataset.view ?? "")).observe(document.body, {
    attributes: true,
    attributeFilter: ["data-view"],
  });
};
const seenViews = () => (globalThis as unknown as { seenViews: string[] }).seenViews;

/** Waits for the page's next animation frame, after the ones its scripts asked for so far (the TV's fit). */
const afterNextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

const seed = async (store: Parameters<typeof seedPages>[0]) => ({
  ...(await seedPages(store)),
  quiet: await seedQuietEvent(store),
  big: await seedBigDraw(store),
});

/**
 * What of the view on screen (its page on screen) lies outside the board or the screen: the boxes of its rows,
 * groups, bracket matches, round headings and summary lines, each against the bottom of the board (main.tv) and
 * the right edge of the screen; and any of them whose content overflows its own box.
 */
const cutBoxes = () => {
  const main = document.querySelector("main.tv")!.getBoundingClientRect();
  const items = [
    ...document.querySelectorAll<HTMLElement>(
      "section.view tbody tr, section.view .groups > div, .hall li, .tvb .bm, .tvb h4, .tvb-earlier li, .tvb .bracket",
    ),
  ].filter((e) => !e.hidden && e.getBoundingClientRect().height > 0);
  return {
    shown: items.length,
    cut: items.filter((e) => {
      const box = e.getBoundingClientRect();
      return box.bottom > main.bottom + 0.5 || box.right > innerWidth + 0.5 || box.left < -0.5 ||
        e.scrollHeight > e.clientHeight + 1;
    }).map((e) => `${e.className}: ${e.innerText.slice(0, 40)}`),
  };
};

browserSuite("venue TV in Chromium", seed, async (t, { browser, server, seeded }) => {
  /** Opens the event's TV page with `query` (its rotation's interval). */
  const openTv = (query: string, viewport = FULL_HD, options: { pausedClock?: boolean } = {}) =>
    openPage(browser, `${server.origin}/t/${seeded.event.slug}/tv${query}`, viewport, options);

  await t.step("visits its views in order, one at a time", async () => {
    // The page's clock runs only when the test runs it: four turns of a second each, however slow the machine.
    const { page, dialogs, errors, close } = await openTv("?interval=1", FULL_HD, { pausedClock: true });
    await page.evaluate(recordViews);
    // The bracket view shows each of the two knockout draws for an interval: six turns.
    await page.clock.runFor(7000);
    assert.deepEqual((await page.evaluate(seenViews)).slice(0, 7), [
      "live",
      "tables",
      "results",
      "standings",
      "bracket",
      "qr",
      "live",
    ]);
    // Found and measured in one step inside the page: a poll's swap could otherwise come in between and leave
    // detached copies, which have no style.
    const visible = await page.evaluate(() =>
      [...document.querySelectorAll("section.view")].filter((e) => getComputedStyle(e).display !== "none")
        .map((e) => e.getAttribute("data-view-name"))
    );
    assert.equal(visible.length, 1);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(errors, []);
    await close();
  });

  await t.step("?view=tables shows every table alone: who plays and the score, called, or free", async () => {
    for (const viewport of [{ width: 1366, height: 768 }, FULL_HD, { width: 3840, height: 2160 }]) {
      const { page, errors, close } = await openTv("?view=tables&interval=1", viewport, {
        pausedClock: true,
      });
      await page.clock.runFor(3000);
      const seen = await page.evaluate(() => ({
        view: document.body.dataset.view,
        cards: [...document.querySelectorAll(".hall li")].map((li) => ({
          table: li.getAttribute("data-table"),
          state: li.className,
          text: (li as HTMLElement).innerText,
          cut: li.scrollHeight > li.clientHeight + 1 || li.scrollWidth > li.clientWidth + 1,
        })),
        fits: (() => {
          const hall = document.querySelector(".hall")!.getBoundingClientRect();
          return hall.bottom <= innerHeight + 1 && hall.right <= innerWidth + 1;
        })(),
        font: parseFloat(getComputedStyle(document.querySelector(".hall .t")!).fontSize),
      }));
      await close();
      assert.equal(seen.view, "tables", "it stays on the tables");
      assert.ok(seen.cards.length >= 2, JSON.stringify(seen.cards));
      assert.ok(
        seen.cards.some((c) => c.state === "live" && /\d–\d/.test(c.text)),
        "a live table shows its score",
      );
      assert.deepEqual(seen.cards.filter((c) => c.cut), [], `${viewport.width}: nothing cut`);
      assert.ok(seen.fits, `${viewport.width}: the hall fits the screen`);
      if (viewport.width === 1920) assert.ok(seen.font >= 36, `table numbers of ${seen.font} px at 1080p`);
      assert.deepEqual(errors, []);
    }
  });

  await t.step(
    "?view=bracket shows each knockout draw in turn, fitted with nothing cut, its live matches highlighted",
    async () => {
      for (const viewport of SCREENS) {
        const { page, errors, close } = await openTv("?view=bracket&interval=1", viewport, {
          pausedClock: true,
        });
        const pages = [];
        for (let turn = 0; turn < 3; turn++) {
          const fit = await page.evaluate(cutBoxes);
          pages.push({
            ...fit,
            ...await page.evaluate(() => {
              const on = document.querySelector<HTMLElement>(
                `.tvb-page[data-page="${document.body.dataset.page}"]`,
              )!;
              return {
                view: document.body.dataset.view,
                page: document.body.dataset.page,
                title: on.querySelector("h2")!.innerText,
                rounds: [...on.querySelectorAll("h4")].map((h) => h.innerText),
                live: on.querySelectorAll(".bm.live").length,
                serve: on.querySelectorAll(".bm.live .serve-dot").length,
                walkover: on.innerText.includes("W/O"),
                bye: [...on.querySelectorAll(".side.open .n")].some((n) => n.textContent === "Bye"),
              };
            }),
          });
          await page.clock.runFor(1000);
        }
        await close();
        const [groups, knockout, again] = pages;
        assert.deepEqual(
          [groups!.page, knockout!.page, again!.page],
          ["0", "1", "0"],
          "a page a turn, then again",
        );
        assert.ok(pages.every((p) => p.view === "bracket"), "it stays on the brackets");
        assert.match(groups!.title, /^Women's Singles: draw 1\/2$/);
        assert.match(knockout!.title, /^Men's Singles: draw 2\/2$/);
        assert.deepEqual(knockout!.rounds.map((r) => r.toLowerCase()), [
          "quarter-final",
          "semi-final",
          "final",
        ]);
        assert.equal(knockout!.live, 1, "the match in play is highlighted");
        assert.equal(knockout!.serve, 1, "with who serves");
        assert.ok(knockout!.bye, "a bye says Bye");
        for (const p of pages) {
          assert.ok(p.shown > 0);
          assert.deepEqual(p.cut, [], `${viewport.width}x${viewport.height}, ${p.title}: nothing cut`);
        }
        assert.deepEqual(errors, []);
      }
    },
  );

  await t.step(
    "under a long announcement the brackets shrink to the room left, with nothing cut",
    async () => {
      await setAnnouncement(
        server.store,
        seeded.event.id,
        "Lunch break until 13:00 — the finals start at 14:00 on tables 1 and 2. Players of the mixed doubles " +
          "please report to the desk before 12:45 with your partner, thank you",
      );
      try {
        const { page, close } = await openTv("?view=bracket&interval=600", { width: 1366, height: 768 });
        for (const p of ["0", "1"]) {
          await page.evaluate((n) => (document.body.dataset.page = n), p);
          const fit = await page.evaluate(cutBoxes);
          assert.ok(fit.shown > 0);
          assert.deepEqual(fit.cut, [], `page ${p}: nothing cut`);
        }
        await close();
      } finally {
        await setAnnouncement(server.store, seeded.event.id, null);
      }
    },
  );

  await t.step(
    "a 64-draw of doubles fits every screen: from the round of 16 on, the earlier rounds summarised",
    async () => {
      for (const viewport of SCREENS) {
        const { page, close } = await openPage(
          browser,
          `${server.origin}/t/${seeded.big.slug}/tv?view=bracket&interval=600`,
          viewport,
        );
        const fit = await page.evaluate(cutBoxes);
        const seen = await page.evaluate(() => ({
          rounds: [...document.querySelectorAll(".tvb h4")].map((h) =>
            (h as HTMLElement).innerText.toLowerCase()
          ),
          earlier: [...document.querySelectorAll(".tvb-earlier li")].map((li) => li.textContent),
          live: document.querySelectorAll(".tvb-earlier .live").length,
          walkover: [...document.querySelectorAll(".tvb .g")].some((g) => g.textContent === "W/O"),
          font: parseFloat(getComputedStyle(document.querySelector(".tvb .bracket")!).fontSize),
        }));
        await close();
        assert.deepEqual(seen.rounds, ["round of 16", "quarter-final", "semi-final", "final"]);
        assert.match(seen.earlier[0] ?? "", /^Round of 64: 1 of 32 played, in play:/);
        assert.match(seen.earlier[1] ?? "", /^Round of 32: 1 of 16 played/);
        assert.equal(seen.live, 2, "the matches in play of the first round are named");
        assert.ok(seen.walkover, "the walkover in the round of 16 says W/O");
        assert.deepEqual(fit.cut, [], `${viewport.width}x${viewport.height}: nothing cut`);
        assert.ok(seen.font >= viewport.height / 50, `${seen.font} px on ${viewport.height} lines`);
      }
    },
  );

  await t.step(
    "at 1080p standings and per-game scores are 36 px or more; at every size nothing is cut",
    async () => {
      for (const viewport of SCREENS) {
        const { page, close } = await openTv("?interval=600", viewport);
        for (const view of ["live", "results", "standings", "tables"]) {
          await page.evaluate((v) => (document.body.dataset.view = v), view);
          await afterNextFrame(page);
          await afterNextFrame(page);
          const fit = await page.evaluate(cutBoxes);
          assert.ok(fit.shown > 0, `${view} shows something`);
          assert.deepEqual(fit.cut, [], `${viewport.width}x${viewport.height}, ${view}: nothing cut`);
        }
        if (viewport.width === 1920) {
          const sizes = await page.evaluate(() => {
            const px = (selector: string) =>
              [...document.querySelectorAll(selector)].map((e) => parseFloat(getComputedStyle(e).fontSize));
            return {
              standings: px(".groups tbody td, .groups tbody th"),
              points: px("table.matches.live .points"),
              games: px("table.matches:not(.live) .detail"),
            };
          });
          for (const [what, list] of Object.entries(sizes)) {
            assert.ok(list.length > 0, what);
            assert.ok(Math.min(...list) >= 36, `${what} at ${Math.min(...list)} px`);
          }
        }
        await close();
      }
    },
  );

  await t.step("the live board and the tables put a dot beside the side that serves next", async () => {
    const { page, close } = await openTv("?interval=600");
    const dots = await page.evaluate((id) => ({
      board: [...document.querySelectorAll(`tr[data-match="${id}"] td`)].map((td) =>
        td.querySelectorAll(".serve-dot").length
      ),
      tables: document.querySelectorAll(".hall li.live .serve-dot").length,
    }), seeded.matches.groupRunning);
    await close();
    // Table, category, home, score, away: the away side serves.
    assert.deepEqual(dots.board, [0, 0, 0, 0, 1]);
    assert.ok(dots.tables >= 1);
  });

  await t.step("skips the views with nothing to show", async () => {
    const { page, close } = await openPage(
      browser,
      `${server.origin}/t/${seeded.quiet.slug}/tv?interval=1`,
      FULL_HD,
      { pausedClock: true },
    );
    await page.evaluate(recordViews);
    await page.clock.runFor(2000);
    // Nothing played: no results; the live board shows the match up next, without an empty "Live now".
    assert.deepEqual((await page.evaluate(seenViews)).slice(0, 3), ["live", "standings", "qr"]);
    const board = await page.evaluate(() => {
      const live = document.querySelector('section[data-view-name="live"]')!;
      return {
        headings: [...live.querySelectorAll("h2")].map((h) => (h as HTMLElement).innerText),
        next: live.querySelectorAll(".next li").length,
      };
    });
    assert.deepEqual(board, { headings: ["Up next"], next: 1 });
    await close();
  });

  await t.step("sizes its text by the screen, the same on 1080p and 4K", async () => {
    const sizes = [];
    for (const viewport of [FULL_HD, { width: 3840, height: 2160 }]) {
      const { page, close } = await openTv("", viewport);
      sizes.push(
        await page.locator("header.tv h1").evaluate((h) => parseFloat(getComputedStyle(h).fontSize)),
      );
      await close();
    }
    assert.ok(sizes[0]! >= 50, `headline readable from afar on 1080p (${sizes[0]}px)`);
    assert.ok(Math.abs(sizes[1]! / sizes[0]! - 2) < 0.01, "twice the pixels on 4K");
  });

  await t.step(
    "a connection lost for 15 s is said on the TV and the event page, and the note goes when it is back",
    async () => {
      for (const path of [`/t/${seeded.event.slug}/tv`, `/t/${seeded.event.slug}`]) {
        // The page's time runs one poll at a time, by the test: what counts is the page's time, not the machine's.
        const { page, close } = await openPage(browser, `${server.origin}${path}`, FULL_HD, {
          pausedClock: true,
        });
        const note = page.locator(".stale-note");
        assert.equal(await note.isVisible(), false, path);
        await page.route("**/api/v1/**", (route) => route.abort("internetdisconnected"));
        /** Runs the page's clock poll by poll until `ms` more of its time have passed. */
        const runPolls = async (ms: number) => {
          for (let ran = 0; ran < ms;) ran += await runOnePoll(page);
        };
        // A few seconds of failures stay invisible (a server restart, a Wi-Fi hiccup).
        await runPolls(8_000);
        assert.equal(await page.evaluate(() => document.body.dataset.stale), "1", path);
        assert.equal(await note.isVisible(), false, `${path} after 8 s`);
        await runPolls(12_000);
        assert.equal(await note.isVisible(), true, `${path} after 20 s`);
        assert.match(await note.innerText(), /scores may be out of date/);
        await page.unroute("**/api/v1/**");
        await runOnePoll(page);
        assert.equal(await note.isVisible(), false, `${path} once back`);
        await close();
      }
    },
  );

  await t.step(
    "shows the desk's announcement over every view as soon as it is posted, and takes it down",
    async () => {
      const { page, close } = await openTv("?interval=1");
      const banner = page.locator(".tv-announcement");
      assert.equal(await banner.count(), 0);
      await setAnnouncement(server.store, seeded.event.id, "Lunch break until 13:00");
      await banner.waitFor({ state: "visible" });
      assert.equal(await banner.innerText(), "Lunch break until 13:00");
      // It stays on screen while the views rotate under it.
      await page.evaluate(recordViews);
      await page.waitForFunction(() =>
        (globalThis as unknown as { seenViews: string[] }).seenViews.length >= 3
      );
      assert.equal(await banner.isVisible(), true);
      await setAnnouncement(server.store, seeded.event.id, null);
      await banner.waitFor({ state: "detached" });
      await close();
    },
  );

  await t.step(
    "keeps whole rows on a small screen under a long announcement, and more once it is down",
    async () => {
      const long =
        "Lunch break until 13:00 — the finals start at 14:00 on tables 1 and 2. Players of the mixed " +
        "doubles please report to the desk before 12:45 with your partner, thank you";
      await setAnnouncement(server.store, seeded.event.id, long);
      const { page, close } = await openTv("?interval=600", { width: 1280, height: 480 });
      const shown = async (view: string) => {
        await page.evaluate((v) => (document.body.dataset.view = v), view);
        await afterNextFrame(page); // the fit runs on the next frame
        return await page.evaluate((v) => {
          const bottom = document.querySelector("main.tv")!.getBoundingClientRect().bottom;
          const rows = [...document.querySelectorAll<HTMLElement>(`section[data-view-name="${v}"] tbody tr`)];
          const visible = rows.filter((r) => !r.hidden);
          return {
            all: rows.length,
            visible: visible.length,
            cut: visible.filter((r) => r.getBoundingClientRect().bottom > bottom + 0.5).length,
          };
        }, view);
      };
      const under = await shown("results");
      assert.equal(under.cut, 0, "no row cut at the bottom");
      assert.ok(under.visible >= 1 && under.visible < under.all, JSON.stringify(under));
      await setAnnouncement(server.store, seeded.event.id, null);
      await page.locator(".tv-announcement").waitFor({ state: "detached" });
      await afterNextFrame(page);
      const after = await shown("results");
      assert.equal(after.cut, 0);
      assert.ok(
        after.visible > under.visible,
        `${after.visible} rows once the band is gone, ${under.visible} under it`,
      );
      await close();
    },
  );

  await t.step(
    "shows a new point, and keeps rotating with its last data when the server is gone",
    async () => {
      const { page, close } = await openTv("?interval=600");
      const points = page.locator(
        `section[data-view-name="live"] tr[data-match="${seeded.matches.groupRunning}"] .points`,
      );
      assert.equal(await points.textContent(), "3–4");
      await setScore(server.store, seeded.matches.groupRunning, {
        games: [[11, 5]],
        current: [4, 4],
        server: "home",
      });
      await page.waitForFunction(
        (id) => document.querySelector(`tr[data-match="${id}"] .points`)?.textContent === "4–4",
        seeded.matches.groupRunning,
        { polling: 100 },
      );
      await close();

      const rotating = await openTv("?interval=1");
      await rotating.page.evaluate(recordViews);
      await server.stop();
      await rotating.page.waitForFunction(
        () => (globalThis as unknown as { seenViews: string[] }).seenViews.length >= 4,
      );
      assert.equal(await rotating.page.locator("section[data-view-name=live] tbody tr").count(), 2);
      assert.doesNotMatch(await rotating.page.locator("body").innerText(), /\b(error|failed|offline)\b/i);
      await rotating.close();
    },
  );
});
