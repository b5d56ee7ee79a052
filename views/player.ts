/** A player of a published event with their public matches in it: the player's page. */
import { type EventPlayerRecord, findEventPlayer, playerAlias } from "../db/read_players.ts";
import { isUuid } from "../lib/uuid.ts";
import { publishedEvent } from "./event.ts";
import { eventMatchesView } from "./event_matches.ts";
import type { Event, Match } from "./schemas.ts";
import { serializeEvent } from "./serialize.ts";
import type { View, ViewDeps } from "./view.ts";

/** A match listed with its category's name. */
export interface ListedMatch {
  match: Match;
  category: string;
}

/** A player of a published event, and their public matches in it, each with its category's name. */
export interface PlayerData {
  event: Event;
  player: EventPlayerRecord;
  matches: ListedMatch[];
}

/**
 * Matches read for a player's page: more than anybody plays in one event (a player of three categories plays a
 * few dozen), and the API's largest page, so that the page and the list it watches hold the same matches.
 */
export const PLAYER_PAGE_MATCHES = 500;

/** A player (id in any case) of a published event found by slug. */
export const playerView: View<{ slug: string; playerId: string }, PlayerData> = {
  version: (deps, p) =>
    isUuid(p.playerId) ? deps.versions.eventPlayer(p.slug, p.playerId.toLowerCase()) : Promise.resolve(null),
  load: async (deps, p) => {
    if (!isUuid(p.playerId)) return null;
    const event = await publishedEvent(deps, p.slug);
    if (!event) return null;
    const player = await findEventPlayer(deps.db, event.id, p.playerId.toLowerCase());
    if (!player) return null;
    const page = await eventMatchesView.load(deps, {
      slug: p.slug,
      statuses: null,
      player: player.id,
      limit: PLAYER_PAGE_MATCHES,
      offset: 0,
    });
    const categories = new Map(player.entries.map((e) => [e.categoryId, e.categoryName]));
    const matches = (page?.matches ?? []).map((match) => ({
      match,
      category: categories.get(match.subeventId) ?? "",
    }));
    return { event: serializeEvent(event), player, matches };
  },
};

/** The id a player has now, asked by an id it had before (its page has moved for good), or null. */
export async function movedPlayer(deps: ViewDeps, oldId: string): Promise<string | null> {
  return await playerAlias(deps.db, oldId);
}
