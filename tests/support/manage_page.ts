/** The operator's page /manage in a browser test: the desk's event and token, and a page that keeps them. */
import type { Browser } from "playwright-core";
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
export async function openManage(browser: Browser, token?: string, viewport = { width: 1280, height: 900 }) {
  const context = await newTestContext(browser, { viewport });
  if (token) await context.addInitScript((t) => localStorage.setItem("tt.token", t), token);
  const page = await context.newPage();
  const { dialogs: confirmations, errors, consoleErrors } = recordPage(page, {
    accept: true,
    apartConsole: true,
  });
  return { page, errors, consoleErrors, confirmations, close: () => context.close() };
}
