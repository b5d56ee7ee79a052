/**
 * Which matches a live page lists across an event's categories, and in what order: the matches up next in order of
 * play (domain/order_of_play.ts), results newest first (views/match_lists.ts orders a category's lists).
 */
import { playOrder } from "../domain/order_of_play.ts";
import { newestFirst } from "../views/match_lists.ts";
import type { ListedMatch } from "./components/match_table.tsx";
import type { CategorySummary, Match } from "./view_types.ts";

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
