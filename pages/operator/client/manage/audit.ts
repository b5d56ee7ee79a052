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
import { deskClock, type DeskKey, w } from "./words.ts";

/** How many changes the page shows. */
export const AUDIT_SHOWN = 20;

/** The desk's message for what each change did; another action is shown as its code. */
export const AUDIT_WORDS: Readonly<Record<string, DeskKey>> = {
  "match.start": "desk.audit.start",
  "match.point": "desk.audit.point",
  "match.undo": "desk.audit.undo",
  "match.correct": "desk.audit.correct",
  "match.timeout": "desk.audit.timeout",
  "match.resume": "desk.audit.resume",
  "match.card": "desk.audit.card",
  "match.expedite": "desk.audit.expedite",
  "match.order": "desk.audit.order",
  "match.takeover": "desk.audit.takeover",
  "match.walkover": "desk.audit.walkover",
  "match.retire": "desk.audit.retire",
  "match.disqualify": "desk.audit.disqualify",
  "match.reopen": "desk.audit.reopen",
  "match.result": "desk.audit.result",
  "match.assign": "desk.audit.assign",
  "match.call": "desk.audit.call",
  "match.reset": "desk.audit.reset",
  "event.publish": "desk.audit.publish",
  "event.unpublish": "desk.audit.unpublish",
  "event.announce": "desk.audit.announce",
  "event.language": "desk.audit.language",
  "category.sessions": "desk.audit.sessionsCategory",
  "category.tables_per_tie": "desk.audit.tablesPerTie",
  "draw.advance": "desk.audit.drawAdvance",
  "draw.after-groups": "desk.audit.drawAfterGroups",
  "draw.generate": "desk.audit.drawGenerate",
  "draw.lock": "desk.audit.drawLock",
  "draw.unlock": "desk.audit.drawUnlock",
  "entry.add": "desk.audit.entryAdd",
  "entry.withdraw": "desk.audit.entryWithdraw",
  "event.import": "desk.audit.import",
  "event.rating_list": "desk.audit.ratingList",
  "event.stream": "desk.audit.stream",
  "event.withdraw_no_shows": "desk.audit.noShows",
  "incident.acknowledge": "desk.audit.acknowledge",
  "match.confirm": "desk.audit.confirm",
  "match.medical": "desk.audit.medical",
  "match.toss": "desk.audit.toss",
  "plan.keep": "desk.audit.planKeep",
  "player.check_in": "desk.audit.checkIn",
  "player.check_out": "desk.audit.checkOut",
  "player.update": "desk.audit.playerUpdate",
  "sessions.replace": "desk.audit.sessions",
  "tie.lineup": "desk.audit.lineup",
  "tie.publish": "desk.audit.tiePublish",
  "token.create": "desk.audit.tokenCreate",
  "token.revoke": "desk.audit.tokenRevoke",
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
  const key = AUDIT_WORDS[e.action];
  const what = key === undefined ? e.action : w(key);
  const which = match ? `: ${matchNames(match)} (${match.subeventName}, ${match.stageLabel})` : "";
  return `${deskClock(e.at, { seconds: true })} · ${e.actor} · ${what}${which}`;
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
