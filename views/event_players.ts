/** A published event's players, by name: the API's `/events/{slug}/players` and the players' index page. */
import { type EventPlayerRecord, listEventPlayers } from "../db/read_players.ts";

export type { EventPlayerRecord };
import type { Event } from "./schemas.ts";
import { publishedEvent } from "./event.ts";
import { serializeEvent } from "./serialize.ts";
import type { View } from "./view.ts";

/** An event and every public player of it, by name. */
export interface EventPlayersData {
  event: Event;
  players: EventPlayerRecord[];
}

/** The players of a published event found by slug. */
export const eventPlayersView: View<string, EventPlayersData> = {
  // Who plays in which category changes with imports, draws and the desk's edits, not with points.
  version: (deps, slug) => deps.versions.eventRoster(slug),
  load: async (deps, slug) => {
    const event = await publishedEvent(deps, slug);
    if (!event) return null;
    return { event: serializeEvent(event), players: await listEventPlayers(deps.db, event.id) };
  },
};
