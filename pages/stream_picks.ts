/**
 * What the standings and bracket overlays show (domain/stream_state.ts `picks`): the producer's group and
 * category, else the event's first: the first group still in play of the first category with groups, the first
 * category with a locked draw. A pick a re-import dropped falls back to the first too.
 *
 * The overlay's page is kept under what the pick read (`pickVersion`): the event's roster version (its
 * categories and their order), each category looked at, and, added by the gate, the on-air state's version,
 * which moves with the picks. An overlay on air polls that page alone; the air answer is for the overlay off air.
 */
import type { StreamPicks } from "../domain/stream_state.ts";
import type { AnswerVersion } from "../http/answer_cache.ts";
import { categoryView } from "../views/category.ts";
import { eventPlayersView } from "../views/event_players.ts";
import type { ViewDeps } from "../views/view.ts";
import type { BracketPick } from "./overlay_bracket.tsx";
import type { StandingsPick } from "./overlay_standings.tsx";

/** What a pick read: each category it looked at, with its version read before its data. */
export type PickReads = { id: string; version: string | null }[];

/** The categories to look in, in order: the picked one alone if it is still there, else all of the event's. */
async function* candidates(deps: ViewDeps, ids: readonly string[], picked: string | null, reads: PickReads) {
  const order = picked !== null && ids.includes(picked) ? [picked] : ids;
  for (const id of order) {
    reads.push({ id, version: await categoryView.version(deps, id) });
    const found = await categoryView.load(deps, id);
    if (found) yield found.category;
  }
}

/** The event's roster version, read before its categories are: the first part of `pickVersion`. */
export function pickRosterVersion(deps: ViewDeps, slug: string): Promise<string | null> {
  return eventPlayersView.version(deps, slug);
}

/**
 * The version of a picked overlay's page: the roster's (`roster`, read before the event's categories) and those
 * of the categories the pick read; null when one of them is gone (the page is then not kept).
 */
export function pickVersion(
  deps: ViewDeps,
  slug: string,
  roster: string | null,
  reads: PickReads,
): AnswerVersion | null {
  const versions = [roster, ...reads.map((r) => r.version)];
  if (versions.includes(null)) return null;
  return {
    version: versions.join("|"),
    current: async () => {
      const now = await Promise.all([
        pickRosterVersion(deps, slug),
        ...reads.map((r) => categoryView.version(deps, r.id)),
      ]);
      return now.includes(null) ? null : now.join("|");
    },
  };
}

/** The group the standings overlay shows, with its category's id and name; null when there is none. */
export async function pickedStandings(
  deps: ViewDeps,
  ids: readonly string[],
  picks: StreamPicks,
  reads: PickReads,
): Promise<(StandingsPick & { categoryId: string }) | null> {
  for await (const c of candidates(deps, ids, picks.standingsCategoryId, reads)) {
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
  reads: PickReads,
): Promise<BracketPick | null> {
  for await (const c of candidates(deps, ids, picks.bracketCategoryId, reads)) {
    if (c.draw) return { category: c.name, draw: c.draw };
  }
  return null;
}
