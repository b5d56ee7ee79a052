/**
 * Which matches a live page lists, and in what order: running ones by table, the matches up next in order of
 * play (domain/order_of_play.ts), results newest first.
 */
import { playOrder } from "../domain/order_of_play.ts";
import type { ListedMatch } from "./components/match_table.tsx";
import type { CategorySummary, Match } from "./view_types.ts";

/** Results newest first (by completion time). */
const newestFirst = (a: Match, b: Match) => (b.completedAt ?? "").localeCompare(a.completedAt ?? "");

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

/** The matches `pick` gives of each category's summary, each with its category's name, in category order. */
export function acrossCategories(
  categories: readonly CategorySummary[],
  pick: (c: CategorySummary) => readonly Match[],
): ListedMatch[] {
  return categories.flatMap((c) => pick(c).map((match): ListedMatch => ({ match, category: c.name })));
}

/** The `limit` latest results of an event from its categories' summaries, newest first. */
export function latestResultsAcross(categories: readonly CategorySummary[], limit: number): ListedMatch[] {
  return acrossCategories(categories, (c) => c.recent).sort((a, b) => newestFirst(a.match, b.match))
    .slice(0, limit);
}

/** The first `limit` matches up next of an event from its categories' summaries, in order of play. */
export function upcomingAcross(categories: readonly CategorySummary[], limit: number): ListedMatch[] {
  return acrossCategories(categories, (c) => c.upcoming).sort((a, b) => playOrder(a.match, b.match))
    .slice(0, limit);
}
