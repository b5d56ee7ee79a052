/**
 * An event's change feed (db/change_log.ts): what changed since a cursor, each resource with where to fetch it;
 * the API's `/events/{slug}/changes`.
 */
import { type ChangeRecord, feedBounds, readEventChanges } from "../db/read_changes.ts";
import { publishedEvent } from "./event.ts";
import { encodeCursor, type FeedCursor } from "./change_cursor.ts";
import type { EventChange } from "./change_schemas.ts";
import type { View } from "./view.ts";

/** What is asked: the event, the cursor (null: from the start of the event's feed), the page size. */
export interface ChangesParams {
  slug: string;
  since: FeedCursor | null;
  limit: number;
}

/** A page of the feed, or why the cursor cannot be resumed from (`stale`: too old or another event's). */
export type ChangesData =
  | { changes: EventChange[]; next: string; hasMore: boolean }
  | { stale: "foreign" | "too-old" };

/** Where a resource of the event is fetched. */
function urlOf(slug: string, change: ChangeRecord): string {
  switch (change.kind) {
    case "event":
      return `/api/v1/events/${slug}`;
    case "players":
      return `/api/v1/events/${slug}/players`;
    case "subevent":
      return `/api/v1/subevents/${change.id}/matches`;
    case "match":
      return `/api/v1/matches/${change.id}`;
  }
}

/** The change feed of a published event found by slug. */
export const eventChangesView: View<ChangesParams, ChangesData> = {
  // Every write to the event bumps its revision, and only such writes change its feed.
  version: (deps, p) => deps.versions.eventBySlug(p.slug),
  load: async (deps, p) => {
    const event = await publishedEvent(deps, p.slug);
    if (!event) return null;
    const bounds = await feedBounds(deps.db, event.id);
    const start = { eventId: event.id, seq: bounds?.start ?? 0, kind: "", id: "" };
    const since = p.since ?? start;
    if (since.eventId !== event.id || (bounds !== null && since.seq > bounds.latest)) {
      return { stale: "foreign" };
    }
    // A cursor from before the feed's start missed what was taken away while the event was hidden; one from an
    // event with no feed yet (seq 0: not written to since the feed exists) knew nothing, and misses nothing.
    if (bounds !== null && since.seq < bounds.start && since.seq !== 0) return { stale: "too-old" };
    const rows = bounds === null ? [] : await readEventChanges(deps.db, event.id, since, p.limit + 1);
    const page = rows.slice(0, p.limit);
    const last = page.at(-1);
    return {
      changes: page.map((c) => ({ kind: c.kind, id: c.id, version: c.version, url: urlOf(event.slug, c) })),
      next: encodeCursor(last ? { eventId: event.id, seq: last.seq, kind: last.kind, id: last.id } : since),
      hasMore: rows.length > p.limit,
    };
  },
};
