/** The operator's page /manage in a browser test: the desk's event and token, and a page that keeps them. */
import type { Browser, Page } from "playwright-core";
import type { Store } from "../../db/store.ts";
import { makeToken, seedKnockout, type SeedOptions } from "../api/manage_fixtures.ts";
import { newTestContext, recordPage } from "./browser.ts";

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
