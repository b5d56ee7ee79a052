/**
 * What the standings and bracket overlays show (domain/stream_state.ts `picks`): the producer's group and
 * category, else the event's first: the first group still in play of the first category with groups, the first
 * category with a locked draw. A pick a re-import dropped falls back to the first too.
 */
import type { StreamPicks } from "../domain/stream_state.ts";
import { categoryView } from "../views/category.ts";
import type { ViewDeps } from "../views/view.ts";
import type { BracketPick } from "./overlay_bracket.tsx";
import type { StandingsPick } from "./overlay_standings.tsx";

/** The categories to look in, in order: the picked one alone if it is still there, else all of the event's. */
async function* candidates(deps: ViewDeps, ids: readonly string[], picked: string | null) {
  const order = picked !== null && ids.includes(picked) ? [picked] : ids;
  for (const id of order) {
    const found = await categoryView.load(deps, id);
    if (found) yield found.category;
  }
}

/** The group the standings overlay shows, with its category's id and name; null when there is none. */
export async function pickedStandings(
  deps: ViewDeps,
  ids: readonly string[],
  picks: StreamPicks,
): Promise<(StandingsPick & { categoryId: string }) | null> {
  for await (const c of candidates(deps, ids, picks.standingsCategoryId)) {
    const groups = c.groups.filter((g) => g.rows.length > 0);
    const group = groups.find((g) => g.groupId === picks.standingsGroupId) ??
      groups.find((g) => !g.complete) ?? groups[0];
    if (group) return { categoryId: c.id, category: c.name, group };
  }
  return null;
}

/** The draw the bracket overlay shows, with its category's name; null when there is none. */
export async function pickedBracket(
  deps: ViewDeps,
  ids: readonly string[],
  picks: StreamPicks,
): Promise<BracketPick | null> {
  for await (const c of candidates(deps, ids, picks.bracketCategoryId)) {
    if (c.draw) return { category: c.name, draw: c.draw };
  }
  return null;
}
