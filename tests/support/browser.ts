/**
 * Browser tests: the app served on a free port (`Deno.serve({ port: 0, signal })` on `createHandler` with an
 * in-memory store) and Debian's Chromium driven by playwright-core. One browser per test file; where no
 * Chromium is installed the tests are registered as ignored, with the reason in their name.
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { silentLogger } from "../../cli/log.ts";
import type { Store } from "../../db/store.ts";
import { createHandler } from "../../main.ts";
import { makeStore } from "./stores.ts";

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
}

/** Serves the app (through `createHandler`, as main does) on an in-memory SQLite store on a free port of 127.0.0.1. */
export async function startServer(
  seed?: (store: Store) => Promise<void>,
): Promise<TestServer & { drop(): Promise<void> }> {
  const store = await makeStore("sqlite");
  if (seed) await seed(store);
  // The handler main serves: the hot path in front of the app.
  const handler = createHandler({ store, log: silentLogger, clock: () => new Date() });
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
    await server.finished;
  };
  return {
    origin: `http://127.0.0.1:${port}`,
    store,
    stop,
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

/**
 * Opens a page that records every dialog (an injected script's alert would show up here) and page error; with
 * `clock`, the page's `Date` reads that fixed time from before it loads (its timers still run in real time).
 */
export async function openPage(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 720 },
  clock?: Date,
): Promise<{ page: Page; dialogs: string[]; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport });
  if (clock) await context.clock.setFixedTime(clock);
  const page = await context.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(url);
  return { page, dialogs, errors, close: () => context.close() };
}
