/// <reference lib="dom" />
/**
 * The link from a match's row to its printable report for the referee (pages/print/match_report.tsx). Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { make } from "../dom.ts";
import type { ManageMatch } from "./page.ts";
import { w } from "./words.ts";

/** The address of a match's report. */
export function reportPath(m: Pick<ManageMatch, "id" | "eventSlug">): string {
  return `/t/${encodeURIComponent(m.eventSlug)}/print/report/${encodeURIComponent(m.id)}`;
}

/** The link to a match's report, opened apart; null before play. */
export function reportLink(m: Pick<ManageMatch, "id" | "eventSlug" | "status">): HTMLElement | null {
  if (m.status === "scheduled") return null;
  const a = make("a", "report-link", w("desk.report"));
  a.setAttribute("href", reportPath(m));
  a.setAttribute("target", "_blank");
  return a;
}
