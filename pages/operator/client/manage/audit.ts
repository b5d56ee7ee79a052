/// <reference lib="dom" />
/**
 * The latest changes of the event on the operator's page (its audit log), without the points: a day has
 * thousands, and each match's own are under /api/manage/audit?match=ID. Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { AuditRecord } from "../../../../db/audit.ts";
import { byId, make } from "../dom.ts";
import { matchNames } from "./match_words.ts";
import { manageApi, type ManageMatch, type ManagePage } from "./page.ts";

/** How many changes the page shows. */
export const AUDIT_SHOWN = 20;

/** What each change of a match did, in the desk's words; another action is shown as its code. */
export const AUDIT_WORDS: Readonly<Record<string, string>> = {
  "match.start": "started",
  "match.point": "point",
  "match.undo": "undo",
  "match.correct": "game corrected",
  "match.timeout": "time-out",
  "match.resume": "play resumed",
  "match.card": "card",
  "match.expedite": "expedite system",
  "match.order": "order of service",
  "match.takeover": "taken over on another device",
  "match.walkover": "walkover",
  "match.retire": "retirement",
  "match.disqualify": "disqualification",
  "match.reopen": "result taken back",
  "match.result": "result entered",
  "match.assign": "table or time changed",
  "match.call": "called to the table",
  "match.reset": "set back to not started",
  "event.publish": "event published",
  "event.unpublish": "event unpublished",
  "event.announce": "announcement",
  "event.language": "hall language",
};

/**
 * One change in words: when, who, what, and the match it changed by its players, category and stage (from the
 * overview drawn), never by its id.
 * @example auditLine({ at, actor: "Desk", action: "match.result" }, match)
 * // "10:31:02 · Desk · result entered: Anna Berg v Ben Okafor (Men's singles, Quarter-final)"
 */
export function auditLine(
  e: Pick<AuditRecord, "at" | "actor" | "action">,
  match?: Pick<ManageMatch, "homeName" | "awayName" | "subeventName" | "stageLabel">,
): string {
  const what = AUDIT_WORDS[e.action] ?? e.action;
  const which = match ? `: ${matchNames(match)} (${match.subeventName}, ${match.stageLabel})` : "";
  return `${new Date(e.at).toLocaleTimeString()} · ${e.actor} · ${what}${which}`;
}

/** Reads and shows the latest changes; a failure leaves the list as it is (the next change tries again). */
export async function loadAudit(page: ManagePage): Promise<void> {
  if (!page.slug) return;
  try {
    const res = await manageApi(
      page,
      `/events/${encodeURIComponent(page.slug)}/audit?limit=${AUDIT_SHOWN}&exclude=match.point`,
    );
    if (!res.ok) return;
    const entries: AuditRecord[] = (await res.json()).data.entries;
    byId("audit")!.replaceChildren(
      ...entries.map((e) =>
        make("li", "", auditLine(e, e.matchId ? page.byMatchId.get(e.matchId) : undefined))
      ),
    );
  } catch {
    // Secondary: the next change of the overview reads it again.
  }
}
