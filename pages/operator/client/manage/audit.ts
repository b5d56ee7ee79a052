/// <reference lib="dom" />
/**
 * The latest changes of the event on the operator's page (its audit log), without the points: a day has
 * thousands, and each match's own are under /api/manage/audit?match=ID. Every declaration is exported so that the
 * page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { AuditRecord } from "../../../../db/audit.ts";
import { byId, make } from "../dom.ts";
import { manageApi, type ManagePage } from "./page.ts";

/** How many changes the page shows. */
export const AUDIT_SHOWN = 20;

/** One change in words: when, who, what. */
export function auditLine(e: Pick<AuditRecord, "at" | "actor" | "action">): string {
  return `${new Date(e.at).toLocaleTimeString()} · ${e.actor} · ${e.action}`;
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
    byId("audit")!.replaceChildren(...entries.map((e) => make("li", "", auditLine(e))));
  } catch {
    // Secondary: the next change of the overview reads it again.
  }
}
