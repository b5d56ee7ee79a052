/** Which matches a live page lists, and in what order: running ones by table, results newest first. */
import type { Match } from "./view_types.ts";

/** Matches in progress, by table number (matches without a table last), then by round and position. */
export function liveMatches(matches: readonly Match[]): Match[] {
  return matches.filter((m) => m.status === "in_progress").sort((a, b) =>
    (a.tableNo ?? Infinity) - (b.tableNo ?? Infinity) || a.roundNo - b.roundNo || a.bracketPos - b.bracketPos
  );
}

/** The `limit` most recently completed matches, newest first. */
export function latestResults(matches: readonly Match[], limit: number): Match[] {
  return matches.filter((m) => m.status === "completed")
    .sort((a, b) => (b.completedAt ?? "").localeCompare(a.completedAt ?? ""))
    .slice(0, limit);
}
