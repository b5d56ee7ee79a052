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

/** Whether the status line says something a good answer makes stale: "Loading…", an outage, "…: retrying". */
export function statusIsStale(status: HTMLElement): boolean {
  return status.dataset.kind === undefined ||
    /^(Loading|Cannot reach)|: retrying$/.test(status.textContent ?? "");
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
    if (!res.ok) return setStatus(`${await problemDetail(res)}: retrying`, "error");
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
    if (status && statusIsStale(status)) setStatus("Up to date");
  } catch {
    setStatus("Cannot reach the server: retrying", "error");
  }
}
