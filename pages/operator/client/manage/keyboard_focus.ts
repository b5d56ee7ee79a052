/// <reference lib="dom" />
/**
 * Drawing the overview replaces its lists: the control a keyboard user is on gets the focus back afterwards, on
 * its copy, found by its row (match, table or category) and its label. Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */

/** A key for a control that survives a re-render; null for one outside a row (or none). */
export function focusKey(el: Element | null): string | null {
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const row = el.closest<HTMLElement>("[data-match-id], [data-table-no], [data-category-id]");
  if (!row) return null;
  const d = row.dataset;
  return [d.matchId, d.tableNo, d.categoryId, el.tagName, el.textContent].join("|");
}

/** Puts the focus on the control of the page's content with this key, if there is one. */
export function restoreFocus(key: string): void {
  for (const el of document.querySelectorAll<HTMLElement>("#content button, #content a, #content input")) {
    if (focusKey(el) === key) return el.focus();
  }
}
