/** The published events, latest first: the API's event list and the home page. */
import { listPublishedEvents } from "../db/read_events.ts";
import type { Event } from "./schemas.ts";
import { serializeEvent } from "./serialize.ts";
import type { View } from "./view.ts";

/** Every published event, latest first. */
export const eventsView: View<void, Event[]> = {
  // Writes in hidden events and points leave it alone.
  version: (deps) => deps.versions.eventList(),
  load: async (deps) => (await listPublishedEvents(deps.db)).map((e) => serializeEvent(e)),
};
