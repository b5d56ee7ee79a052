/** The operator's page /manage in a browser test: the desk's event and token, and a page that keeps them. */
import type { Browser, Page } from "playwright-core";
import type { Store } from "../../db/store.ts";
import { makeToken, seedKnockout, type SeedOptions } from "../api/manage_fixtures.ts";
import { newTestContext, recordPage } from "./browser.ts";
import { LAPTOP } from "./viewports.ts";

/** A knockout and the desk's admin token, labelled "Desk". */
export async function seedDesk(store: Store, options: SeedOptions = {}) {
  const ev = await seedKnockout(store.db, options);
  const admin = await makeToken(store.db, "admin", { label: "Desk" });
  return { ev, admin };
}

/**
 * A new context for /manage (not openPage(): it dismisses every dialog, and the operator's confirmations must be
 * accepted here), the admin token kept beforehand when given; page errors, console errors and dialogs recorded.
 */
export async function openManage(
  browser: Browser,
  token?: string,
  viewport = { width: 1280, height: 900 },
  view = "all",
) {
  const context = await newTestContext(browser, { viewport });
  if (token) await context.addInitScript((t) => localStorage.setItem("tt.token", t), token);
  // The view of the page (pages/operator/console_views.ts) it opens on: "all" shows every part at once.
  await context.addInitScript((v) => localStorage.setItem("tt.manage.view", v), view);
  const page = await context.newPage();
  const { dialogs: confirmations, errors, consoleErrors } = recordPage(page, {
    accept: true,
    apartConsole: true,
  });
  return { page, errors, consoleErrors, confirmations, close: () => context.close() };
}

/**
 * A desk page's new context for the languages' checks: the desk's 1366x768, the CSP bypassed (axe is injected, as
 * in the accessibility test), `stored` kept in localStorage beforehand (the token, the view, the event), the
 * browser's `locale` when given; confirmations accepted, page errors recorded.
 */
export async function openDeskToCheck(browser: Browser, stored: Record<string, string>, locale?: string) {
  const context = await newTestContext(browser, {
    viewport: LAPTOP,
    bypassCSP: true,
    ...(locale ? { locale } : {}),
  });
  await context.addInitScript((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, stored);
  const page = await context.newPage();
  const { errors } = recordPage(page, { accept: true, apartConsole: true });
  return { page, errors, close: () => context.close() };
}

/** Opens the menu of actions of the match row `row` (a selector), unless it is open. */
export async function openMenu(page: Page, row: string): Promise<void> {
  const menu = `${row} details.match-menu`;
  await page.waitForSelector(menu);
  if (!await page.$eval(menu, (d) => (d as HTMLDetailsElement).open)) await page.click(`${menu} > summary`);
  await page.waitForSelector(`${menu}[open]`);
}

/** Clicks what `target` selects in the menu of actions of the match row `row`, the menu opened first. */
export async function rowAction(page: Page, row: string, target: string): Promise<void> {
  await openMenu(page, row);
  await page.click(`${row} details.match-menu ${target}`);
}

/** Opens /manage at `origin` and waits until its entries panel offers the event's categories. */
export async function gotoEntries(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/manage`);
  await page.waitForSelector("#entries-category option[value]:not([value=''])", { state: "attached" });
}

/**
 * Adds the late entry "Gus Late" (Northgate, rated 1450) on the entries panel to the category `categoryId`, which
 * lists `before` entries, and waits until the list shows it.
 */
export async function addLateEntry(page: Page, categoryId: string, before: number): Promise<void> {
  await page.selectOption("#entries-category", categoryId);
  await page.waitForFunction((n) => document.querySelectorAll("#entry-list li").length === n, before);
  await page.fill("#entry-add .new-name", "Gus Late");
  await page.fill("#entry-add .new-club", "Northgate");
  await page.fill("#entry-add .new-rating", "1450");
  await page.click("#entry-add button[type=submit]");
  await page.waitForFunction((n) => document.querySelectorAll("#entry-list li").length === n, before + 1);
}

/** Clicks Withdraw on the entry named `name` in the entries panel's list of the category `categoryId`. */
export async function withdrawEntry(page: Page, categoryId: string, name: string): Promise<void> {
  await page.selectOption("#entries-category", categoryId);
  await page.waitForFunction(
    (n) => [...document.querySelectorAll("#entry-list li")].some((li) => li.textContent?.startsWith(n)),
    name,
  );
  await page.click(`#entry-list li:has-text('${name}') button:has-text('Withdraw')`);
}

/**
 * Opens /manage at `origin` at the desk's 1366x768 on the view `view`, runs `steps` on it (with the dialogs it
 * accepted), checks that the page made no error and closes it.
 */
export async function atTheDesk(
  browser: Browser,
  origin: string,
  token: string,
  view: string,
  steps: (page: Page, confirmations: readonly string[]) => Promise<void>,
): Promise<void> {
  const { page, errors, confirmations, close } = await openManage(
    browser,
    token,
    { width: 1366, height: 768 },
    view,
  );
  try {
    await page.goto(`${origin}/manage`);
    await steps(page, confirmations);
    if (errors.length > 0) throw new Error(`The page made errors: ${errors.join("; ")}`);
  } finally {
    await close();
  }
}

/**
 * On the open line-ups form of a World Team tie: each team's players 1, 2, 3 at its positions A, B, C and X, Y,
 * Z, saved and published; waits until the form says so.
 */
export async function publishLineups(page: Page): Promise<void> {
  const form = "#tie-lineups form.tie-lineups";
  await page.waitForSelector(form);
  for (const [side, positions] of [["home", ["A", "B", "C"]], ["away", ["X", "Y", "Z"]]] as const) {
    for (const [i, p] of positions.entries()) {
      await page.selectOption(`${form} select[name="${side}-${p}"]`, { index: i + 1 });
    }
  }
  await page.click(`${form} button:has-text("Save and publish")`);
  await page.waitForFunction(
    (sel) => /Published/.test(document.querySelector(sel)?.textContent ?? ""),
    `${form} p.muted`,
  );
}
