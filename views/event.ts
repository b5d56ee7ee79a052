/** A published event with its categories: the API's event and the poster. */
import { findPublishedEvent, type PublicEventRecord } from "../db/read_events.ts";
import { listEventSubevents } from "../db/read_subevents.ts";
import type { Event, Subevent } from "./schemas.ts";
import { serializeEvent, serializeSubevent } from "./serialize.ts";
import type { View, ViewDeps } from "./view.ts";

/** An event and its categories, in their order. */
export interface EventData {
  event: Event;
  subevents: Subevent[];
}

/** The published event with this slug, or null. */
export async function publishedEvent(deps: ViewDeps, slug: string): Promise<PublicEventRecord | null> {
  return await findPublishedEvent(deps.db, slug);
}

/** A published event found by slug, with its categories. */
export const eventView: View<string, EventData> = {
  // Every write to the event bumps its revision.
  version: (deps, slug) => deps.versions.eventBySlug(slug),
  load: async (deps, slug) => {
    const event = await publishedEvent(deps, slug);
    if (!event) return null;
    const subevents = await listEventSubevents(deps.db, event.id);
    return { event: serializeEvent(event, subevents.length), subevents: subevents.map(serializeSubevent) };
  },
};
