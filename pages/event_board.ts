/**
 * What the venue TV and the event page show of an event: per category, its matches in play, its first matches
 * up next, its latest results and its group standings; kept per category under the category's version
 * (db/read_versions.ts), the key the API's own answers of that category are kept under.
 *
 * Why: both pages used to read every category in full (matches, standings and draw) on each render, and they
 * are made again after every point anywhere in the event. On the bench's event (64 categories, 10,341
 * matches) that took ~0.5 s of the event loop per render, during which no overlay poll was answered. A point
 * changes one category's version, so a render after it reads that category alone, and the versions of the
 * others.
 */
import { BoundedLru } from "../lib/lru.ts";
import { Slots } from "../lib/slots.ts";
import { serializeEvent } from "../views/serialize.ts";
import { findPublishedEvent } from "../db/read_events.ts";
import { listEventSubevents, type SubeventSummaryRecord } from "../db/read_subevents.ts";
import { versions } from "../db/read_versions.ts";
import type { Store } from "../db/store.ts";
import { categoryPlay } from "../views/category.ts";
import { latestResults, liveMatches, upcomingMatches } from "./match_lists.ts";
import { EVENT_PAGE_RECENT_RESULTS, EVENT_PAGE_UPCOMING } from "./event_page.tsx";
import { TV_MAX_ROWS } from "./tv.tsx";
import type { CategorySummary, EventBoard } from "./view_types.ts";

/** What a category's summary is made of, without its name and format (read fresh with the category list). */
type SummaryData = Pick<CategorySummary, "live" | "upcoming" | "recent" | "groups">;

/** Summaries are small (a few live matches, ten results, the standings): a few hundred events' worth. */
const MAX_KEPT = 4096;
const kept = new WeakMap<Store, BoundedLru<{ version: string; data: SummaryData }>>();

function keptOf(store: Store) {
  let lru = kept.get(store);
  if (!lru) kept.set(store, lru = new BoundedLru(MAX_KEPT, Infinity, () => 0));
  return lru;
}

/** Categories summarised at once (loadEventBoard). */
const SUMMARIES_AT_ONCE = 4;

/** A category's live matches, matches up next, latest results and standings, read and computed in full. */
async function summarize(store: Store, subeventId: string): Promise<SummaryData> {
  const play = await categoryPlay(store.db, subeventId);
  return {
    live: liveMatches(play.matches),
    // As many as the longest list of matches up next has rows, for the same reason as the results below.
    upcoming: upcomingMatches(play.matches, Math.max(TV_MAX_ROWS, EVENT_PAGE_UPCOMING)),
    // As many as the longest list of latest results has rows (the TV's, the event page's): they may all come
    // from one category.
    recent: latestResults(play.matches, Math.max(TV_MAX_ROWS, EVENT_PAGE_RECENT_RESULTS)),
    groups: play.standings,
  };
}

/**
 * A category's summary: kept while its version holds. `version` was read before the data, so a summary kept
 * under a version is never older than that version (a write in between only makes it newer, and the next read
 * sees the new version and builds again); null (not public a moment ago) keeps nothing.
 */
async function categorySummary(
  store: Store,
  s: SubeventSummaryRecord,
  version: string | null,
): Promise<CategorySummary> {
  const lru = keptOf(store);
  const hit = version === null ? undefined : lru.get(s.id);
  let data = hit?.version === version ? hit.data : undefined;
  if (!data) {
    data = await summarize(store, s.id);
    if (version !== null) lru.set(s.id, { version, data });
  }
  return { id: s.id, name: s.name, format: s.format, bestOf: s.bestOf, ...data };
}

/** A published event with a summary of each category, or null. */
export async function loadEventBoard(store: Store, slug: string): Promise<EventBoard | null> {
  const event = await findPublishedEvent(store.db, slug);
  if (!event) return null;
  // The versions first (one read for all the categories), then the categories: see categorySummary.
  const current = await versions(store).eventSubevents(event.id);
  const subevents = await listEventSubevents(store.db, event.id);
  // A few categories at a time: each holds all its matches while it is summarised, and the first render of a
  // large event reads every category (the bench's 64 at once took the server from 84 to 168 MiB, four at a time
  // to 105 MiB, in about the same time).
  const slots = new Slots(SUMMARIES_AT_ONCE);
  const categories = await Promise.all(
    subevents.map((s) => slots.run(() => categorySummary(store, s, current.get(s.id) ?? null))),
  );
  return { event: serializeEvent(event, subevents.length), categories };
}
