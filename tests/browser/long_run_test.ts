/**
 * The unattended pages over a tournament day, accelerated: the venue TV and both overlays under fast-changing
 * data (many region swaps), a server that goes away and comes back on the same port, re-imports that drop or add
 * a category, and the TV's rotation over simulated hours (playwright's page.clock). Measured in Chromium through
 * CDP (Performance.getMetrics after a forced collection) and a count of the page's pending timers.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { silentLogger } from "../../lib/log.ts";
import { importEvent } from "../../event_file/import.ts";
import type { EventFile } from "../../event_file/format.ts";
import type { Store } from "../../db/store.ts";
import { createHandler } from "../../main.ts";
import {
  CHROMIUM_PATH,
  hasChromium,
  launchBrowser,
  newTestContext,
  untilFirstSwap,
  untilPolled,
} from "../support/browser.ts";
import { makeStore } from "../support/stores.ts";
import { setScore } from "../pages/seed.ts";
import { until } from "../support/wait.ts";
import { testNow } from "../support/test_clock.ts";

const SPRING = JSON.parse(
  await Deno.readTextFile(new URL("../fixtures/import/spring_open.json", import.meta.url)),
) as EventFile;

// deno-lint-ignore no-explicit-any
type Json = any;

/** The fixture event under another slug (ids derive from the slug, so each copy is an event of its own). */
function eventFile(slug: string, edit: (file: Json) => void = () => {}): EventFile {
  const file: Json = structuredClone(SPRING);
  file.event.slug = slug;
  file.event.name = `Event ${slug}`;
  edit(file);
  return file;
}

/** A third category with one match in play at table 3 (a copy of the mixed doubles). */
function addCategory(file: Json): void {
  const extra = structuredClone(file.categories[1]);
  extra.id = "XS";
  extra.name = "Extra doubles";
  const final = extra.matches[2];
  Object.assign(final, { status: "in_progress", table: 3, current: "1-0", firstServer: "home" });
  final.startedAt = final.scheduledAt;
  delete final.scheduledAt;
  file.categories.push(extra);
}

/** Counts the page's pending timers (setTimeout until it fires or is cleared, setInterval until cleared). */
const countTimers = () => {
  const pending = new Set<number>();
  (globalThis as unknown as { pendingTimers: Set<number> }).pendingTimers = pending;
  const { setTimeout: st, setInterval: si, clearTimeout: ct, clearInterval: ci } = globalThis;
  const g = globalThis as unknown as Record<string, unknown>;
  g.setTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = st(() => {
      pending.delete(id);
      fn(...args);
    }, ms) as unknown as number;
    pending.add(id);
    return id;
  };
  g.setInterval = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = si(fn, ms, ...args) as unknown as number;
    pending.add(id);
    return id;
  };
  g.clearTimeout = (id: number) => (pending.delete(id), ct(id));
  g.clearInterval = (id: number) => (pending.delete(id), ci(id));
};

interface Measure {
  heapKb: number;
  nodes: number;
  listeners: number;
  timers: number;
}

/** The page's JS heap, DOM nodes and listeners after a forced collection, and its pending timers. */
async function measure(page: Page): Promise<Measure> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("HeapProfiler.enable");
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("Performance.enable");
    const { metrics } = await cdp.send("Performance.getMetrics");
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    const timers = await page.evaluate(() =>
      (globalThis as unknown as { pendingTimers: Set<number> }).pendingTimers.size
    );
    return {
      heapKb: Math.round((m.JSHeapUsedSize ?? 0) / 1024),
      nodes: m.Nodes ?? 0,
      listeners: m.JSEventListeners ?? 0,
      timers,
    };
  } finally {
    await cdp.detach();
  }
}

/** The app on 127.0.0.1, on a free port first; `restart()` serves it again on the same port and store. */
function serveApp(store: Store) {
  const handler = createHandler({ store, log: silentLogger, clock: testNow });
  let controller = new AbortController();
  let server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: controller.signal, onListen() {} },
    handler,
  );
  const port = server.addr.port;
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      controller.abort();
      await server.finished;
    },
    restart() {
      controller = new AbortController();
      server = Deno.serve({ port, hostname: "127.0.0.1", signal: controller.signal, onListen() {} }, handler);
    },
  };
}

/**
 * A page that counts its timers, polls and swaps and records its errors; `pollMs` overrides the page's poll
 * interval.
 */
async function open(browser: Browser, url: string, pollMs?: number) {
  const context = await newTestContext(browser, { viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript(countTimers);
  if (pollMs !== undefined) {
    // Many more polls, hence region swaps: a day of updates in seconds. The parser yields to microtasks before
    // it runs the page's script, so the body has the new interval by then.
    await page.addInitScript((ms) => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        document.body.dataset.pollMs = String(ms);
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    }, pollMs);
  }
  await page.goto(url);
  return { page, errors, close: () => context.close() };
}

/** The region swaps of a page so far (counted by the test context, tests/support/browser.ts). */
const swapsOf = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { livePage: { swaps: number } }).livePage.swaps);

/** The rows of the TV's live board, as text (found and read in one step, where no swap can come between). */
const liveRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("section[data-view-name=live] tbody tr")].map((r) =>
      r.innerText.replace(/\s+/g, " ").trim()
    )
  );

async function runningMatch(store: Store, slug: string, tableNo = 1) {
  return await store.db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
    .select(["matches.id", "matches.subevent_id"]).where("events.slug", "=", slug)
    .where("matches.status", "=", "in_progress").where("matches.table_no", "=", tableNo)
    .executeTakeFirstOrThrow();
}

/**
 * Scores the match `id` to `current` in its second game (the first won 11-9) and answers the TV's live board
 * once its row shows that score, or after the wait if it never does (the caller's assertion says what it shows).
 */
async function scoreAndRead(page: Page, store: Store, id: string, current: [number, number]) {
  await setScore(store, id, { games: [[11, 9]], current, server: "home" });
  await page.waitForFunction(
    ({ id, points }) => document.querySelector(`tr[data-match="${id}"] .points`)?.textContent === points,
    { id, points: `${current[0]}–${current[1]}` },
    { polling: 100 },
  ).catch(() => {});
  return await liveRows(page);
}

const reason = hasChromium() ? undefined : `no Chromium at ${CHROMIUM_PATH}`;

Deno.test({
  name: reason
    ? `[browser] live pages over a long run (skipped: ${reason})`
    : "[browser] live pages over a long run",
  ignore: reason !== undefined,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const store = await makeStore("sqlite");
    const app = serveApp(store);
    const browser = await launchBrowser();
    try {
      await t.step("the TV keeps following the points after a re-import drops a category", async () => {
        await importEvent(store, eventFile("drop-open"));
        const running = await runningMatch(store, "drop-open");
        const { page, errors, close } = await open(browser, `${app.origin}/t/drop-open/tv?interval=600`);
        await untilFirstSwap(page);
        await importEvent(store, eventFile("drop-open", (f) => f.categories.splice(1, 1)));
        const rows = await scoreAndRead(page, store, running.id, [7, 6]);
        const stale = await page.evaluate(() => document.body.dataset.stale ?? null);
        assert.ok(
          rows.some((r) => r.includes("7–6")),
          `the point shows (live board: ${rows}, stale: ${stale})`,
        );
        assert.equal(stale, null, "not stale");
        assert.equal(
          await page.evaluate(() => document.body.dataset.watch?.split(" ").length),
          2,
          "the dropped category is no longer polled",
        );
        assert.deepEqual(errors, []);
        await close();
      });

      await t.step("the TV follows the points of a category that a re-import added", async () => {
        await importEvent(store, eventFile("add-open"));
        const { page, errors, close } = await open(browser, `${app.origin}/t/add-open/tv?interval=600`);
        await untilFirstSwap(page);
        await importEvent(store, eventFile("add-open", addCategory));
        await page.locator("section[data-view-name=live] tbody tr", { hasText: "Extra doubles" }).waitFor({
          state: "attached",
        });
        const added = await runningMatch(store, "add-open", 3);
        const rows = await scoreAndRead(page, store, added.id, [8, 3]);
        assert.ok(rows.some((r) => r.includes("Extra doubles") && r.includes("8–3")), `live board: ${rows}`);
        assert.deepEqual(errors, []);
        await close();
      });

      await t.step("many region swaps grow neither nodes, listeners, timers nor the heap", async () => {
        await importEvent(store, eventFile("busy-open"));
        const running = await runningMatch(store, "busy-open");
        const urls = [
          `${app.origin}/overlay/match/${running.id}`,
          `${app.origin}/overlay/subevent/${running.subevent_id}`,
          `${app.origin}/t/busy-open/tv?interval=1`,
        ];
        const pages = await Promise.all(urls.map((u) => open(browser, u, 10)));
        for (const p of pages) await untilFirstSwap(p.page);
        const before = await Promise.all(pages.map((p) => measure(p.page)));
        // Points keep coming until every page has swapped its regions more than 40 times, however long the
        // machine takes for that.
        let i = 0;
        await until(async () => {
          i++;
          await setScore(store, running.id, {
            games: [[11, 9]],
            current: [i % 11, (i * 7) % 11],
            server: i % 2 ? "home" : "away",
          });
          return Math.min(...await Promise.all(pages.map((p) => swapsOf(p.page)))) > 40;
        }, "more than 40 region swaps on every page");
        // The last change swapped in, no parse in flight: a poll begun after it is done.
        for (const p of pages) await untilPolled(p.page, 2);
        const after = await Promise.all(pages.map((p) => measure(p.page)));
        const swaps = await Promise.all(pages.map((p) => swapsOf(p.page)));
        for (const n of swaps) assert.ok(n > 40, `${swaps} swaps`);
        for (const [i, p] of pages.entries()) {
          const [b, a] = [before[i]!, after[i]!];
          // Not exactly equal: what the data shows at the moment measured may differ by a node or two (the TV's
          // view and its rows change with the score); a leak over dozens of swaps grows by hundreds.
          assert.ok(Math.abs(a.nodes - b.nodes) <= 8, `${urls[i]}: DOM nodes ${b.nodes} → ${a.nodes}`);
          assert.ok(a.listeners <= b.listeners, `${urls[i]}: listeners ${b.listeners} → ${a.listeners}`);
          assert.ok(a.timers <= (i === 2 ? 2 : 1), `${urls[i]}: ${a.timers} pending timers`);
          assert.ok(a.heapKb - b.heapKb < 1024, `${urls[i]}: heap ${b.heapKb} → ${a.heapKb} kB`);
          assert.deepEqual(p.errors, []);
          await p.close();
        }
      });

      await t.step(
        "after the server is away and back on its port, the pages recover by themselves",
        async () => {
          await importEvent(store, eventFile("restart-open"));
          const running = await runningMatch(store, "restart-open");
          const overlay = await open(browser, `${app.origin}/overlay/match/${running.id}?debug=1`);
          const tv = await open(browser, `${app.origin}/t/restart-open/tv?interval=1`);
          for (const { page } of [overlay, tv]) await untilFirstSwap(page);
          await app.stop();
          // Away for a few polls of each page.
          for (const { page } of [overlay, tv]) {
            await page.waitForFunction(() => document.body.dataset.stale === "1");
            await untilPolled(page, 3);
          }
          app.restart();
          await setScore(store, running.id, { games: [[11, 9]], current: [9, 9], server: "away" });
          await overlay.page.waitForFunction(
            () => document.querySelector('.row[data-side="away"] .points')?.textContent === "9",
            undefined,
            { polling: 100 },
          );
          await tv.page.waitForFunction(
            (id) => document.querySelector(`tr[data-match="${id}"] .points`)?.textContent === "9–9",
            running.id,
            { polling: 100 },
          );
          for (const { page, close } of [overlay, tv]) {
            assert.equal(await page.evaluate(() => document.body.dataset.stale ?? null), null);
            assert.ok((await measure(page)).timers <= 2);
            await close();
          }
        },
      );

      await t.step(
        "the TV rotates for hours when every match is finished and a category has none",
        async () => {
          await importEvent(
            store,
            eventFile("done-open", (f) => {
              f.categories[1].matches = [];
              for (const m of f.categories[0].matches) {
                // Every match played (one scheduled would be shown up next on the live board).
                if (m.status === "completed" || m.home === undefined) continue;
                Object.assign(m, {
                  status: "completed",
                  games: ["11-9", "11-7", "11-5"],
                  current: undefined,
                });
              }
            }),
          );
          const context = await newTestContext(browser, { viewport: { width: 1920, height: 1080 } });
          const page = await context.newPage();
          await page.addInitScript(countTimers);
          await page.clock.install({ time: testNow() });
          await page.goto(`${app.origin}/t/done-open/tv`);
          await page.evaluate(() => {
            const seen: string[] = [];
            (globalThis as unknown as { seen: string[] }).seen = seen;
            // A turn shows the next view or the next page of a view (the standings' groups, three a page): one
            // callback per turn, whichever attributes it set.
            new MutationObserver(() => seen.push(document.body.dataset.view ?? "")).observe(document.body, {
              attributes: true,
              attributeFilter: ["data-view", "data-page"],
            });
          });
          // Two hours at 12 s a turn, in slices, each followed by a poll done (the polls' requests settle).
          for (let slice = 0; slice < 4; slice++) {
            await page.clock.runFor(1_800_000);
            await untilPolled(page);
          }
          const seen = await page.evaluate(() => (globalThis as unknown as { seen: string[] }).seen);
          assert.ok(seen.length >= 595, `${seen.length} turns in 2 hours`);
          // Nothing in play or called: no live board, no tables; the finished draw stays on its bracket view.
          assert.deepEqual([...new Set(seen)].sort(), ["bracket", "qr", "results", "standings"]);
          // Back to real time: the polls carry on after the jump.
          await page.clock.resume();
          await page.waitForFunction(() => document.body.dataset.stale === undefined);
          assert.ok((await measure(page)).timers <= 2);
          await context.close();
        },
      );
    } finally {
      await browser.close();
      await app.stop().catch(() => {});
      await store.drop();
    }
  },
});
