/**
 * Which matches a live page lists, and in what order: running ones by table, the matches up next in order of
 * play, results newest first.
 */
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

/** A match put on a table with no time given: the desk called it ("Put on table N"), so it is next there now. */
const called = (m: Match) => m.tableNo !== null && m.scheduledAt === null;

/**
 * The order of play of matches not started: first those called to a table (by table), then by time (matches
 * without one last), table, stage (groups before the knockout), round and position. An event that gives times
 * is listed by them; one that calls matches as tables free up lists what was called, then what comes next in
 * the draw.
 */
export function playOrder(a: Match, b: Match): number {
  return Number(called(b)) - Number(called(a)) || earlierFirst(timeOf(a), timeOf(b)) ||
    earlierFirst(a.tableNo ?? Infinity, b.tableNo ?? Infinity) ||
    Number(a.stage === "knockout") - Number(b.stage === "knockout") ||
    a.roundNo - b.roundNo || a.bracketPos - b.bracketPos;
}

/** A match's time in ms, Infinity without one (so that it comes last). */
const timeOf = (m: Match) => m.scheduledAt === null ? Infinity : Date.parse(m.scheduledAt);

/** Compares two numbers that may both be Infinity (their difference would be NaN). */
const earlierFirst = (x: number, y: number) => x === y ? 0 : x < y ? -1 : 1;

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
