/// <reference lib="dom" />
/**
 * Reads the event's overview again (every 3 seconds, and after each write) and draws it when it changed, the
 * keyboard focus kept; the status line says whether the page is up to date. Every declaration is exported so that
 * the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { problemDetail } from "../manage_fetch.ts";
import { byId, setStatus } from "../dom.ts";
import { loadAudit } from "./audit.ts";
import { hallTables } from "./hall_tables.ts";
import { focusKey, restoreFocus } from "./keyboard_focus.ts";
import { renderOverview } from "./overview.ts";
import { haltForToken, manageApi, type ManagePage, type Overview } from "./page.ts";
import { w } from "./words.ts";

/**
 * Whether the status line says something a good answer makes stale: "Loading…", an outage, "…: retrying" (in the
 * page's language: the text a refresh wrote is kept beside it, `data-stale`).
 */
export function statusIsStale(status: HTMLElement): boolean {
  const text = status.textContent ?? "";
  return status.dataset.kind === undefined || text === w("desk.loading") || text === w("desk.offline") ||
    text === status.dataset.stale;
}

/** Says on the status line that the overview could not be read and will be asked again; a good answer clears it. */
export function setRetrying(text: string): void {
  setStatus(text, "error");
  const status = byId("status");
  if (status) status.dataset.stale = text;
}

/** Reads the overview and draws it if it changed; skipped while the operator types in a match's form. */
export async function refreshOverview(page: ManagePage): Promise<void> {
  if (!page.slug) return;
  const active = document.activeElement;
  // Re-rendering would throw away what the operator is typing in a match's form.
  if (active instanceof HTMLInputElement && active.closest("#matches, li.match")) return;
  try {
    const hall = hallTables(localStorage, page.slug);
    const res = await manageApi(
      page,
      `/events/${encodeURIComponent(page.slug)}${hall ? `?tables=${hall}` : ""}`,
    );
    if (res.status === 401 || res.status === 403) return haltForToken(page, await problemDetail(res));
    if (!res.ok) return setRetrying(w("desk.retrying", { detail: await problemDetail(res) }));
    const data: Overview = (await res.json()).data;
    const text = JSON.stringify(data);
    if (text !== page.shown) {
      page.shown = text;
      const focused = focusKey(document.activeElement);
      renderOverview(page, data);
      if (focused) restoreFocus(focused);
      void loadAudit(page);
    }
    const status = byId("status");
    if (status && statusIsStale(status)) setStatus(w("desk.upToDate"));
  } catch {
    setRetrying(w("desk.offlineRetrying"));
  }
}
