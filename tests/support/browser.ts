/**
 * Browser tests: the app served on a free port (`Deno.serve({ port: 0, signal })` on `createHandler` with an
 * in-memory store) and Debian's Chromium driven by playwright-core. One browser per test file; where no
 * Chromium is installed the tests are registered as ignored, with the reason in their name.
 */
import { type Browser, type BrowserContext as Context, chromium, type Page } from "playwright-core";
import { silentLogger } from "../../lib/log.ts";
import type { Store } from "../../db/store.ts";
import { createHandler } from "../../main.ts";
import { makeHub } from "../../views/change_stream_hub.ts";
import { storeReads } from "../../db/store_reads.ts";
import { pollWait } from "../../pages/client/poll_wait.ts";
import { makeStore } from "./stores.ts";
import { CLOCK_CHOSEN, testNow, testNowMs } from "./test_clock.ts";
import { PATIENCE_MS } from "./wait.ts";

/** Where Debian installs Chromium. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** The flags of a quiet, offline, sandbox-free headless Chromium. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Whether Chromium is installed where the browser tests look for it. */
export function hasChromium(): boolean {
  try {
    return Deno.statSync(CHROMIUM_PATH).isFile;
  } catch {
    return false;
  }
}

/** A running app: its origin, its store, and a way to stop it (the pages must then keep their last state). */
export interface TestServer {
  origin: string;
  store: Store;
  stop(): Promise<void>;
  /** Ends every open change stream (the pages' EventSource reconnects). */
  closeStreams(): void;
  /**
   * While on, every request to /api/ is answered 503 as by a server out of reach: what a test's network switch
   * lets escape (a service worker's request) stores nothing either.
   */
  refuseApi(on: boolean): void;
}

/** Serves the app (through `createHandler`, as main does) on an in-memory SQLite store on a free port of 127.0.0.1. */
export async function startServer(
  seed?: (store: Store) => Promise<void>,
): Promise<TestServer & { drop(): Promise<void> }> {
  const store = await makeStore("sqlite");
  if (seed) await seed(store);
  // The handler main serves: the hot path in front of the app, on the tests' clock (support/test_clock.ts).
  const reads = storeReads(store);
  // The change streams end with the server (a graceful stop would wait for them).
  const streams = makeHub(store, reads);
  const app = createHandler({ store, reads, streams, log: silentLogger, clock: testNow });
  let refusing = false;
  const handler: typeof app = (request, info) =>
    refusing && new URL(request.url).pathname.startsWith("/api/")
      ? new Response(null, { status: 503, headers: { "Retry-After": "1" } })
      : app(request, info);
  const controller = new AbortController();
  const { promise: listening, resolve } = Promise.withResolvers<number>();
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: controller.signal, onListen: ({ port }) => resolve(port) },
    handler,
  );
  const port = await listening;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    controller.abort();
    streams.closeAll();
    await server.finished;
  };
  return {
    origin: `http://127.0.0.1:${port}`,
    store,
    stop,
    closeStreams: () => streams.closeAll(),
    refuseApi: (on) => {
      refusing = on;
    },
    drop: async () => {
      await stop();
      await store.drop();
    },
  };
}

/** Launches headless Chromium with the test flags. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** What a browser test gets: the browser (shared by the file's steps) and the served app. */
export interface BrowserContext {
  browser: Browser;
  server: TestServer;
}

/**
 * Registers one test that launches one browser and one server for all its steps, and closes both at the end;
 * ignored, with the reason in its name, when Chromium is missing or `skip` gives a reason.
 */
export function browserSuite<T>(
  name: string,
  seed: (store: Store) => Promise<T>,
  fn: (t: Deno.TestContext, ctx: BrowserContext & { seeded: T }) => Promise<void>,
  /** Why to skip the suite even with Chromium installed; undefined to run it. */
  skip?: string,
): void {
  const reason = hasChromium() ? skip : `no Chromium at ${CHROMIUM_PATH}`;
  Deno.test({
    name: reason ? `[browser] ${name} (skipped: ${reason})` : `[browser] ${name}`,
    ignore: reason !== undefined,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      let seeded!: T;
      const server = await startServer(async (store) => {
        seeded = await seed(store);
      });
      const browser = await launchBrowser();
      try {
        await fn(t, { browser, server, seeded });
      } finally {
        await browser.close();
        await server.drop();
      }
    },
  });
}

/** What the live page's script (pages/client/live_regions.ts) has done so far, counted by `countLivePolls`. */
interface LivePage {
  /** Polls finished, failed or not (`polled` events). */
  polls: number;
  /** Region swaps (`regions-updated` events). */
  swaps: number;
}

/**
 * Init script of every test page: counts, on `globalThis.livePage`, the polls the live page finished and its
 * region swaps. The events are dispatched on the body and do not bubble: they are caught on the window, in
 * the capture phase.
 */
export function countLivePolls(): void {
  const counts: LivePage = { polls: 0, swaps: 0 };
  (globalThis as unknown as { livePage: LivePage }).livePage = counts;
  addEventListener("polled", () => counts.polls++, { capture: true });
  addEventListener("regions-updated", () => counts.swaps++, { capture: true });
}

/**
 * A browser context for a test: each of its pages counts its polls (`countLivePolls`), and waits for a
 * condition (a selector, a function, a navigation) as long as PATIENCE_MS instead of Playwright's 30 s. Where
 * TEST_NOW chose the tests' clock, its pages' clocks start there too and run on (support/test_clock.ts), unless
 * the caller sets them itself (`ownClock`: a fixed time, whose timers must keep the machine's pace).
 */
export async function newTestContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
  ownClock = false,
): Promise<Context> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(PATIENCE_MS);
  if (CLOCK_CHOSEN && !ownClock) await context.clock.install({ time: testNow() });
  await context.addInitScript(countLivePolls);
  return context;
}

/**
 * Waits until the live page has finished `n` more polls than it had. The first of them may have begun before
 * the call; with `n = 2` the second began after it, so it read the data as it is now.
 */
export async function untilPolled(page: Page, n = 1): Promise<void> {
  const from = await page.evaluate(() => (globalThis as unknown as { livePage: LivePage }).livePage.polls);
  await page.waitForFunction(
    (want) => (globalThis as unknown as { livePage: LivePage }).livePage.polls >= want,
    from + n,
    { polling: 50 },
  );
}

/**
 * Waits until the live page's first poll has swapped its regions for fresh copies (the first poll always
 * does): from then on they are swapped only when the data changes.
 */
export async function untilFirstSwap(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (globalThis as unknown as { livePage: LivePage }).livePage.swaps >= 1,
    undefined,
    { polling: 50 },
  );
}

/**
 * Stops the page's clock before it loads (its timers, Date and animation frames): its polls and rotations then
 * happen only when the test runs the clock (`page.clock.runFor`), however slow the machine is. The page's time
 * starts a minute ahead, beyond any time the two calls may take on a busy machine.
 */
export async function pauseClock(page: Page): Promise<void> {
  // Its polls, not a change stream, then bring its data, as the clock runs: as in a browser without EventSource
  // (pages/client/push_stream.ts).
  await page.addInitScript(() => Reflect.deleteProperty(globalThis, "EventSource"));
  const now = testNowMs();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 60_000);
}

/**
 * On a page with a paused clock (which polls: it has no change stream): runs the clock for the longest wait between two of its polls (its
 * `data-poll-ms` plus a tenth: pollWait's upper bound, pages/client/poll_wait.ts) and waits for the poll due in
 * it to finish; gives the page time that passed. The previous poll must have finished (it scheduled this one
 * at most that far ahead). The poll fired here finishes only after the run (its requests need the network),
 * so it schedules the next one at least nine tenths of the interval after the run: a shorter run of the clock
 * fires no poll.
 */
export async function runOnePoll(page: Page): Promise<number> {
  const { polls, every } = await page.evaluate(() => ({
    polls: (globalThis as unknown as { livePage: LivePage }).livePage.polls,
    every: Number(document.body.dataset.pollMs) || 1000,
  }));
  const ms = pollWait(every, 1);
  await page.clock.runFor(ms);
  await page.waitForFunction(
    (want) => (globalThis as unknown as { livePage: LivePage }).livePage.polls >= want,
    polls + 1,
    { polling: 50 },
  );
  return ms;
}

/**
 * Opens a page that records every dialog (an injected script's alert would show up here) and page error;
 * with `pausedClock`, its clock is paused before it loads (`pauseClock`); with `clock`, the page's `Date` reads
 * that fixed time from before it loads (its timers still run in real time).
 */
export async function openPage(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 720 },
  options: { pausedClock?: boolean; clock?: Date } = {},
): Promise<{ page: Page; dialogs: string[]; errors: string[]; close(): Promise<void> }> {
  const context = await newTestContext(browser, { viewport }, options.clock !== undefined);
  if (options.clock) await context.clock.setFixedTime(options.clock);
  const page = await context.newPage();
  if (options.pausedClock) await pauseClock(page);
  const { dialogs, errors } = recordPage(page, { accept: false });
  await page.goto(url);
  return { page, dialogs, errors, close: () => context.close() };
}

/** What `recordPage` collects from a page. */
export interface PageRecord {
  /** The messages of its dialogs. */
  dialogs: string[];
  /** Its page errors, and its console errors unless they are kept apart. */
  errors: string[];
  /** Its console errors: the same array as `errors` unless `apartConsole`. */
  consoleErrors: string[];
}

/**
 * Records a page's dialogs (accepted, or dismissed so that an injected script's alert stops nothing), its page
 * errors and its console errors; with `apartConsole` the console errors are kept in their own list, for a test
 * where failed loads are expected.
 */
export function recordPage(page: Page, options: { accept: boolean; apartConsole?: boolean }): PageRecord {
  const dialogs: string[] = [];
  const errors: string[] = [];
  const consoleErrors = options.apartConsole ? [] as string[] : errors;
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void (options.accept ? d.accept() : d.dismiss());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  return { dialogs, errors, consoleErrors };
}
