/** A published event with its categories: the API's event and the poster; the event page's version; the hall's tables. */
import { findPublishedEvent, type PublicEventRecord } from "../db/read_events.ts";
import { listEventCategories } from "../db/read_categories.ts";
import { readSessionsOf } from "../db/read_event_sessions.ts";
import type { Category, Event } from "./schemas.ts";
import { serializeCategory, serializeEvent } from "./serialize.ts";
import type { View, ViewDeps } from "./view.ts";
import type { Language } from "../lib/languages.ts";
import { hallPaused, type RelayLink, relayLink } from "./relay_link.ts";

/** An event and its categories, in their order. */
export interface EventData {
  event: Event;
  categories: Category[];
  /** When the venue was last heard from, for an event published live through the relay; null otherwise. */
  relay: RelayLink | null;
  /** The event's language (its hall screens' and sheets'), null: English. For pages; the API leaves it out. */
  language: Language | null;
}

/** The published event with this slug, or null. */
export async function publishedEvent(deps: ViewDeps, slug: string): Promise<PublicEventRecord | null> {
  return await findPublishedEvent(deps.db, slug);
}

/** A published event found by slug, with its categories. */
export const eventView: View<string, EventData> = {
  // Every write to the event bumps its revision, and so does every push of the relay (its contact time).
  version: (deps, slug) => deps.versions.eventBySlug(slug),
  load: async (deps, slug) => {
    const event = await publishedEvent(deps, slug);
    if (!event) return null;
    const categories = await listEventCategories(deps.db, event.id);
    return {
      event: serializeEvent(event, categories.length),
      categories: categories.map(serializeCategory),
      relay: await relayLink(deps, slug),
      language: event.language,
    };
  },
};

/** The hall's tables: those of the event's sessions (the TV's tables view shows the free ones too). */
export async function hallTables(deps: ViewDeps, eventId: string): Promise<number[]> {
  const sessions = await readSessionsOf(deps.db, eventId);
  return [...new Set(sessions.flatMap((s) => s.tables))];
}

/**
 * The version of the event page (its board, its ties and the hall's link): the event's, which every write to the
 * event moves (a point in any of its categories, a push of the relay), and whether the hall's updates are paused
 * at `now`, which the clock alone moves. Null when the event is not published.
 */
export async function eventPageVersion(deps: ViewDeps, slug: string, now: Date): Promise<string | null> {
  const version = await eventView.version(deps, slug);
  if (version === null) return null;
  return hallPaused(await relayLink(deps, slug), now) ? `${version}.paused` : version;
}
