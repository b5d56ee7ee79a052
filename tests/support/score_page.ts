/**
 * The umpire's page /score in the browser tests: the knockout and the scorer token it is opened with, a phone to
 * open it on, the outbox to wait for, and the points the server stored to compare with what the page shows.
 */
import type { Browser, Page } from "playwright-core";
import type { Side } from "../../domain/scoring.ts";
import type { Store } from "../../db/store.ts";
import { type MatchAction, writeMatch } from "../../db/match_writes.ts";
import { makeToken, type SeededEvent, seedKnockout, type SeedOptions } from "../api/manage_fixtures.ts";
import { newTestContext } from "./browser.ts";
import { PHONE } from "./viewports.ts";
import { testNow } from "./test_clock.ts";

/** The viewport of a phone held upright. */
export { PHONE };

/** A knockout and a scorer token labelled `label`, for any of its matches: what an umpire's page opens with. */
export async function seedScoring(
  store: Store,
  label: string,
  options: SeedOptions = {},
): Promise<{ ev: SeededEvent; secret: string }> {
  const ev = await seedKnockout(store.db, options);
  const secret = await makeToken(store.db, "scorer", { label });
  return { ev, secret };
}

/**
 * `seedScoring`, and the first match of the first round started by the desk, home serving first: its id, and the
 * desk's writer on it for more actions.
 */
export async function seedStarted(store: Store, label: string, options: SeedOptions = {}) {
  const { ev, secret } = await seedScoring(store, label, options);
  const id = ev.rounds[0]![0]!;
  const write = deskWriter(store, id);
  await write({ type: "start", firstServer: "home" });
  return { ev, secret, id, write };
}

/** The sides of the points the server stored for a match, in order. */
export async function storedPoints(store: Store, matchId: string): Promise<Side[]> {
  const rows = await store.db.selectFrom("match_points").select(["seq", "side"]).where(
    "match_id",
    "=",
    matchId,
  )
    .orderBy("seq").execute();
  return rows.map((r) => r.side as Side);
}

/** Writes actions on one match as the desk does, straight to the store (not through a page). */
export const deskWriter = (store: Store, id: string) => (action: MatchAction) =>
  writeMatch(store, id, action, { actor: "desk", now: testNow() });

/** Waits until the page's outbox holds `n` actions not yet answered. */
export async function waitQueued(page: Page, n: number): Promise<void> {
  await page.waitForFunction((q) => document.body.dataset.queued === String(q), n);
}

/** Makes every action the page sends fail as on a dead link, until `unblockWrites`. */
export const blockWrites = (page: Page) =>
  page.route("**/api/manage/matches/*/actions", (route) => route.abort("failed"));
/** Lets the page's actions through again. */
export const unblockWrites = (page: Page) => page.unroute("**/api/manage/matches/*/actions");

/** The umpire's page of a match (the list of matches without one), signed in by the token in the address's hash. */
export function scoreUrl(origin: string, secret: string, matchId?: string): string {
  return `${origin}/score${matchId ? `/${matchId}` : ""}#token=${secret}`;
}

/** A page on a touch phone: the page, its errors, and how to close it. */
export interface Phone {
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

/** Opens `url` on a touch phone whose device id ("tt.device") is `device` before the page loads. */
export async function openPhone(browser: Browser, url: string, device: string): Promise<Phone> {
  const context = await newTestContext(browser, { viewport: PHONE, hasTouch: true, isMobile: true });
  await context.addInitScript((d) => localStorage.setItem("tt.device", d), device);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  // The page may already be gone (a test that closes it); closing the context is then all that is left.
  return { page, errors, close: () => context.close().catch(() => {}) };
}

/** Runs `fn` on a phone opened at `url` (see `openPhone`), and closes the phone however `fn` ends. */
export async function withPhone(
  browser: Browser,
  url: string,
  device: string,
  fn: (phone: Phone) => Promise<void>,
): Promise<void> {
  const phone = await openPhone(browser, url, device);
  try {
    await fn(phone);
  } finally {
    await phone.close();
  }
}

/** The trimmed text of the first element the selector finds, "" when none. */
export async function textOf(page: Page, selector: string): Promise<string> {
  return (await page.textContent(selector))?.trim() ?? "";
}

/** Network errors logged by the browser while offline are expected; the rest of `errors` are failures. */
export function unexpectedOffline(errors: string[]): string[] {
  return errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/.test(e));
}
