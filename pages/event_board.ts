/**
 * What the venue TV and the event page show of an event: per category, its matches in play, its first matches
 * up next, its latest results and its group standings; kept per category under the category's version
 * (db/read_versions.ts), the key the API's own answers of that category are kept under. Both pages are made
 * again after every point anywhere in the event: a point changes one category's version, so a render after it
 * reads that category alone, and the versions of the others (docs/benchmarks.md has what this saves).
 */
import { findPublishedEvent } from "../db/read_events.ts";
import { type CategorySummaryRecord, listEventCategories } from "../db/read_categories.ts";
import { BoundedLru } from "../lib/lru.ts";
import { Slots } from "../lib/slots.ts";
import { categoryPlayAndDraw } from "../views/category.ts";
import { serializeEvent } from "../views/serialize.ts";
import type { ViewDeps } from "../views/view.ts";
import { EVENT_PAGE_RECENT_RESULTS, EVENT_PAGE_UPCOMING } from "./event_page.tsx";
import { latestResults, liveMatches, upcomingMatches } from "./match_lists.ts";
import { TV_MAX_ROWS } from "./tv.tsx";
import type { CategorySummary, EventBoard } from "./view_types.ts";

/** What a category's summary is made of, without its name and format (read fresh with the category list). */
type SummaryData = Pick<CategorySummary, "live" | "upcoming" | "recent" | "groups" | "draw">;

/** Summaries are small (a few live matches, ten results, the standings): a few hundred events' worth. */
const MAX_KEPT = 4096;

/**
 * Categories summarised at once: each holds all its matches while it is summarised, and the first render of a
 * large event reads every category.
 */
const SUMMARIES_AT_ONCE = 4;

/**
 * A category's live matches, matches up next, latest results, standings and locked knockout draw (the TV's
 * bracket), read and computed in full.
 */
async function summarize(deps: ViewDeps, category: CategorySummaryRecord): Promise<SummaryData> {
  const { play, draw } = await categoryPlayAndDraw(deps.db, category);
  return {
    live: liveMatches(play.matches),
    // As many as the longest list of matches up next has rows, for the same reason as the results below.
    upcoming: upcomingMatches(play.matches, Math.max(TV_MAX_ROWS, EVENT_PAGE_UPCOMING)),
    // As many as the longest list of latest results has rows (the TV's, the event page's): they may all come
    // from one category.
    recent: latestResults(play.matches, Math.max(TV_MAX_ROWS, EVENT_PAGE_RECENT_RESULTS)),
    groups: play.standings,
    draw,
  };
}

/** The event boards of one store, each category's summary kept while its version holds. */
export class EventBoards {
  readonly #kept = new BoundedLru<{ version: string; data: SummaryData }>(MAX_KEPT, Infinity, () => 0);

  /** A published event with a summary of each category, or null. */
  async load(deps: ViewDeps, slug: string): Promise<EventBoard | null> {
    const event = await findPublishedEvent(deps.db, slug);
    if (!event) return null;
    // The versions first (one read for all the categories), then the categories: see `#summary`.
    const current = await deps.versions.eventCategories(event.id);
    const records = await listEventCategories(deps.db, event.id);
    const slots = new Slots(SUMMARIES_AT_ONCE);
    const categories = await Promise.all(
      records.map((s) => slots.run(() => this.#summary(deps, s, current.get(s.id) ?? null))),
    );
    return { event: serializeEvent(event, records.length), categories };
  }

  /**
   * A category's summary: kept while its version holds. `version` was read before the data, so a summary kept
   * under a version is never older than that version (a write in between only makes it newer, and the next read
   * sees the new version and builds again); null (not public a moment ago) keeps nothing.
   */
  async #summary(deps: ViewDeps, s: CategorySummaryRecord, version: string | null): Promise<CategorySummary> {
    const hit = version === null ? undefined : this.#kept.get(s.id);
    let data = hit?.version === version ? hit.data : undefined;
    if (!data) {
      data = await summarize(deps, s);
      if (version !== null) this.#kept.set(s.id, { version, data });
    }
    return { id: s.id, name: s.name, format: s.format, bestOf: s.bestOf, kind: s.kind, ...data };
  }
}
