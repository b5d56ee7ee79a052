/// <reference lib="dom" />
/**
 * The form of a match row that puts an unfinished match on a table and at a time (either may be emptied). Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { make } from "../dom.ts";
import { numberInput, submitButton } from "./controls.ts";
import type { ManagePage, OverviewMatch } from "./page.ts";
import { pw } from "./play_words.ts";

/**
 * An ISO 8601 time as a datetime-local field's value, in the reader's time zone.
 * @example localInputValue("2026-11-28T10:30:00.000Z") // "2026-11-28T11:30" in Central European Time
 */
export function localInputValue(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The table and time form of a match not finished yet; null for a finished one. */
export function assignForm(page: ManagePage, m: OverviewMatch): HTMLFormElement | null {
  if (m.status === "completed") return null;
  const form = make("form", "inline assign");
  const table = numberInput(pw("play.form.table"), 1, 999, m.tableNo ?? undefined);
  const at = make("label", "", `${pw("play.form.time")} `);
  const when = make("input");
  when.type = "datetime-local";
  if (m.scheduledAt) when.value = localInputValue(m.scheduledAt);
  at.append(when);
  form.append(table.label, at, submitButton(pw("play.form.assign")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void page.write(`/matches/${m.id}/assign`, {
      tableNo: table.input.value === "" ? null : Number(table.input.value),
      scheduledAt: when.value === "" ? null : new Date(when.value).toISOString(),
      revision: m.revision,
    });
  });
  return form;
}
