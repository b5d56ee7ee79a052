/// <reference lib="dom" />
/**
 * What the desk reads of a finished match's confirmation by its umpire (db/result_confirmation.ts): who confirmed
 * it and when, or that nobody has yet. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { make } from "../dom.ts";
import { matchTime } from "./match_words.ts";
import type { ManageMatch } from "./page.ts";
import { pw } from "./play_words.ts";

/**
 * The confirmation in words; "" for a match not finished.
 * @example confirmationText({ status: "completed", confirmation: { by: "Table 3", role: "scorer", at } })
 * // "Confirmed by Table 3 (scorer) Sat 14:05"
 * @example confirmationText({ status: "completed", confirmation: null }) // "Not confirmed by the umpire"
 */
export function confirmationText(m: Pick<ManageMatch, "status" | "confirmation">): string {
  if (m.status !== "completed") return "";
  const c = m.confirmation;
  if (!c) return pw("play.notConfirmed");
  const role = c.role === "scorer"
    ? pw("play.role.scorer")
    : c.role === "admin"
    ? pw("play.role.admin")
    : c.role;
  return pw("play.confirmedBy", { by: c.by, role, time: matchTime(c.at) });
}

/** The confirmation's mark in a match's head, or null for a match not finished. */
export function confirmationMark(m: Pick<ManageMatch, "status" | "confirmation">): HTMLElement | null {
  const text = confirmationText(m);
  if (!text) return null;
  return make("span", m.confirmation ? "confirmed" : "unconfirmed", text);
}
