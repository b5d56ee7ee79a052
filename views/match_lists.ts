/**
 * Which matches a live list shows of a category, and in what order: running ones by table, the matches up next in
 * order of play (domain/order_of_play.ts), results newest first.
 */
import { playOrder } from "../domain/order_of_play.ts";
import type { Match } from "./schemas.ts";

/** Results newest first (by completion time). */
export const newestFirst = (a: Match, b: Match) => (b.completedAt ?? "").localeCompare(a.completedAt ?? "");

/** Matches in progress, by table number (matches without a table last), then by round and position. */
export function liveMatches(matches: readonly Match[]): Match[] {
  return matches.filter((m) => m.status === "in_progress").sort((a, b) =>
    (a.tableNo ?? Infinity) - (b.tableNo ?? Infinity) || a.roundNo - b.roundNo || a.bracketPos - b.bracketPos
  );
}

/** The first `limit` matches not started whose sides are known (the list holds no other), in order of play. */
export function upcomingMatches(matches: readonly Match[], limit: number): Match[] {
  return matches.filter((m) => m.status === "scheduled").sort(playOrder).slice(0, limit);
}

/** The `limit` most recently completed matches, newest first. */
export function latestResults(matches: readonly Match[], limit: number): Match[] {
  return matches.filter((m) => m.status === "completed")
    .sort(newestFirst)
    .slice(0, limit);
}
