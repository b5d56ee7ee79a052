/**
 * A published event's matches whose two sides are known, in the order of its categories, filtered by status and
 * by player, a page at a time: the API's `/events/{slug}/matches`. A player's matches are all in the player's
 * categories, so their version is those categories' (points elsewhere leave it alone).
 */
import { readEntries } from "../db/read_entries.ts";
import { listEventMatches } from "../db/read_matches.ts";
import { publishedEvent } from "./event.ts";
import type { Match } from "./schemas.ts";
import { serializeMatch } from "./serialize.ts";
import type { View } from "./view.ts";

/** What is asked: the event, the statuses (all when null), a player (any when null) and the page. */
export interface EventMatchesQuery {
  slug: string;
  statuses: readonly string[] | null;
  player: string | null;
  limit: number;
  offset: number;
}

/** A page of the matches and how many there are in all. */
export interface EventMatchesData {
  matches: Match[];
  total: number;
}

/** A page of a published event's matches. */
export const eventMatchesView: View<EventMatchesQuery, EventMatchesData> = {
  version: (deps, q) =>
    q.player === null ? deps.versions.eventBySlug(q.slug) : deps.versions.eventPlayer(q.slug, q.player),
  load: async (deps, q) => {
    const event = await publishedEvent(deps, q.slug);
    if (!event) return null;
    const page = await listEventMatches(deps.db, event.id, {
      statuses: q.statuses,
      player: q.player,
      limit: q.limit,
      offset: q.offset,
    });
    const entries = await readEntries(deps.db, page.rows.flatMap((m) => [m.homeEntryId!, m.awayEntryId!]));
    const matches = page.rows.map((m) => serializeMatch(m, entries)).filter((m): m is Match => m !== null);
    return { matches, total: page.total };
  },
};
