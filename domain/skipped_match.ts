/**
 * Skipping a match for now: a player is late or absent, so the desk sets the match aside and its table goes on
 * with the next match that can be played (the estimates and the table's proposal pass over it) until the desk
 * takes the skip back. Only a match not begun can be set aside; setting it aside takes back its call to the
 * table (its players did not come). A walkover, when the player does not come at all, is the referee's decision,
 * not a skip: the skip decides nothing about the match.
 */

/** What skipping needs to know of a match. */
export interface SkippableMatch {
  status: string;
  skippedAt: string | null;
}

/**
 * Why the match cannot be skipped (`skip` true) or taken back (`skip` false) now; null when it can.
 * @example skipRefusal({ status: "in_progress", skippedAt: null }, true) // "it is in progress"
 */
export function skipRefusal(m: SkippableMatch, skip: boolean): string | null {
  if (m.status !== "scheduled") return `it is ${m.status.replace("_", " ")}`;
  if (skip && m.skippedAt !== null) return "it is skipped already";
  if (!skip && m.skippedAt === null) return "it is not skipped";
  return null;
}
