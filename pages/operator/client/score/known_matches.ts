/**
 * The last answer the server gave for each match, kept in memory and in localStorage: a reload offline still
 * shows the match, and a batch is sent with the revision it was made on. Revisions only grow, so an older answer
 * arriving late never replaces a newer one. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import type { ScorePage } from "./page.ts";
import type { ScoringMatch } from "./score_projection.ts";

/** Where a match's last answer is kept. */
export function matchKey(id: string): string {
  return `tt.match.${id}`;
}

/** A match's last answer, from memory or else from storage; null when none was kept (or it cannot be read). */
export function knownMatch(page: Pick<ScorePage, "known" | "store">, id: string): ScoringMatch | null {
  const m = page.known.get(id);
  if (m) return m;
  try {
    const kept = JSON.parse(page.store.getItem(matchKey(id)) ?? "null");
    if (kept && typeof kept.revision === "number") page.known.set(id, kept);
    return kept;
  } catch {
    return null;
  }
}

/** Keeps a match's answer unless an answer of a later revision is kept already. */
export function remember(page: Pick<ScorePage, "known" | "store">, m: ScoringMatch): void {
  const before = knownMatch(page, m.id);
  if (before && before.revision > m.revision) return;
  page.known.set(m.id, m);
  try {
    page.store.setItem(matchKey(m.id), JSON.stringify(m));
  } catch {
    // A full storage keeps the copy in memory only; the outbox matters more than the copy.
  }
}
