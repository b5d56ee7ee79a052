/// <reference lib="dom" />
/**
 * How many tables the hall has, as the desk gave it for the event (kept per event in localStorage): the
 * overview then shows every table, free ones too, and calls matches to them. Kept as soon as the field changes
 * (leaving it counts), not only with "Show": a typed value is not lost. Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId } from "../dom.ts";
import type { ManagePage } from "./page.ts";

/** Where an event's table count is kept. */
export function hallKey(slug: string): string {
  return `tt.manage.tables.${slug}`;
}

/**
 * The hall's table count kept for an event; 0 when none (or not a count from 1 to 999).
 * @example hallTables(storage, "city-open") // 12
 */
export function hallTables(storage: Storage, slug: string): number {
  const n = Number(storage.getItem(hallKey(slug)) ?? "");
  return Number.isInteger(n) && n >= 1 && n <= 999 ? n : 0;
}

/** Writes the count kept into the field, unless the operator is in it. */
export function showHallTables(page: ManagePage): void {
  const input = byId<HTMLInputElement>("hall-tables");
  if (input && document.activeElement !== input) {
    const n = hallTables(localStorage, page.slug);
    input.value = n ? String(n) : "";
  }
}

/** Keeps the field's count (an empty or invalid field forgets it) and draws the overview again. */
export function watchHallTables(page: ManagePage): void {
  const input = byId<HTMLInputElement>("hall-tables");
  const keep = (event: Event) => {
    event.preventDefault();
    const value = input?.value ?? "";
    if (value === "" || !input?.checkValidity()) localStorage.removeItem(hallKey(page.slug));
    else localStorage.setItem(hallKey(page.slug), value);
    page.shown = "";
    void page.refresh();
  };
  byId<HTMLFormElement>("hall-form")?.addEventListener("submit", keep);
  input?.addEventListener("change", keep);
}
