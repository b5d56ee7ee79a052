/// <reference lib="dom" />
/**
 * The elements of the operator's and the umpire's pages: found by id, made with their text written as
 * textContent (no markup is ever built from data), and the page's status line. Every declaration is exported so
 * that the pages can inline this module (pages/client_script.ts `moduleScript`).
 */

/** The element with this id, or null. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T | null {
  return document.getElementById(id) as T | null;
}

/**
 * A new element with a class and a text.
 * @example make("span", "where", "Table 3") // <span class="where">Table 3</span>
 */
export function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = "",
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Writes an element's text, and leaves it alone when it says that already (a live region then says nothing). */
export function setText(id: string, value: string): void {
  const node = byId(id);
  if (node && node.textContent !== value) node.textContent = value;
}

/** What the status line says and its kind, which gives its colour. */
export function setStatus(text: string, kind: "ok" | "busy" | "offline" | "error" = "ok"): void {
  const status = byId("status");
  if (!status) return;
  if (status.textContent !== text) status.textContent = text;
  status.dataset.kind = kind;
}
