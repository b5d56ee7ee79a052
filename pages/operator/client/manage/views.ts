/// <reference lib="dom" />
/**
 * The bar that chooses the view of the operator's page (pages/operator/console_views.ts): a button per view, the
 * one shown pressed, kept on this computer. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { byId } from "../dom.ts";

/** Where the view shown last is kept. */
export const VIEW_KEY = "tt.manage.view";

/** Shows a view: `<main data-view>` and the pressed button follow. */
export function showView(view: string): void {
  const main = byId("content");
  const buttons = [...document.querySelectorAll<HTMLButtonElement>("#views button[data-view]")];
  const known = buttons.some((b) => b.dataset.view === view) ? view : "tables";
  if (main) main.dataset.view = known;
  for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.view === known));
}

/** Wires the bar: a click shows its view and keeps it. */
export function watchViews(storage: Storage): void {
  showView(storage.getItem(VIEW_KEY) ?? "tables");
  byId("views")?.addEventListener("click", (e) => {
    const view = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-view]")?.dataset.view;
    if (!view) return;
    storage.setItem(VIEW_KEY, view);
    showView(view);
  });
}
