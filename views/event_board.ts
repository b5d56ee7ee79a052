/**
 * What the venue TV and the event page show of an event: per category, its matches in play, its first matches
 * up next, its latest results and its group standings; kept per category under the category's version
 * (db/read_versions.ts), the key the API's own answers of that category are kept under. Both pages are made
 * again after every point anywhere in the event: a point changes one category's version, so a render after it
 * reads that category alone, and the versions of the others (docs/benchmarks.md has what this saves).
 */
import type { Language } from "../lib/languages.ts";
import { findPublishedEvent } from "../db/read_events.ts";
import { type CategorySummaryRecord, listEventCategories } from "../db/read_categories.ts";
import { Slots } from "../lib/slots.ts";
import { categoryPlayAndDraw } from "./category.ts";
import { KeptByVersion } from "./kept_by_version.ts";
import { latestResults, liveMatches, upcomingMatches } from "./match_lists.ts";
import type { Draw, Event, GroupStandings, Match } from "./schemas.ts";
import { serializeEvent } from "./serialize.ts";
import type { ViewDeps } from "./view.ts";

/**
 * What the venue TV and the event page show of a category: its matches in play (by table), its first matches up
 * next (in order of play), its latest results (newest first) and its group standings.
 */
export interface CategorySummary {
  id: string;
  name: string;
  format: string;
  bestOf: number;
  /** Its kind: "team" when its matches are ties and their matches (views/tie_boards.ts); absent in older summaries. */
  kind?: string;
  live: Match[];
  upcoming: Match[];
  recent: Match[];
  groups: GroupStandings[];
  /** The locked knockout draw (the venue TV's bracket), or null (none, or not published yet). */
  draw: Draw | null;
}

/** An event with a summary of each category. */
export interface EventBoard {
  event: Event;
  categories: CategorySummary[];
  /** The event's language (its hall screens'), null: English. */
  language: Language | null;
}

/**
 * How many matches up next and latest results a summary holds: as many as the longest list of the pages made from
 * it has rows (the TV's, the event page's), since they may all come from one category.
 */
export interface BoardRows {
  upcoming: number;
  recent: number;
}

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
async function summarize(
  deps: ViewDeps,
  category: CategorySummaryRecord,
  rows: BoardRows,
): Promise<SummaryData> {
  const { play, draw } = await categoryPlayAndDraw(deps.db, category);
  return {
    live: liveMatches(play.matches),
    upcoming: upcomingMatches(play.matches, rows.upcoming),
    recent: latestResults(play.matches, rows.recent),
    groups: play.standings,
    draw,
  };
}

/** The event boards of one store, each category's summary kept while its version holds. */
export class EventBoards {
  readonly #kept = new KeptByVersion<SummaryData>(MAX_KEPT);

  constructor(readonly rows: BoardRows) {}

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
    return { event: serializeEvent(event, records.length), categories, language: event.language };
  }

  /**
   * A category's summary: kept while its version holds. `version` was read before the data, so a summary kept
   * under a version is never older than that version (views/kept_by_version.ts).
   */
  async #summary(deps: ViewDeps, s: CategorySummaryRecord, version: string | null): Promise<CategorySummary> {
    const data = await this.#kept.get(s.id, version, () => summarize(deps, s, this.rows));
    return { id: s.id, name: s.name, format: s.format, bestOf: s.bestOf, kind: s.kind, ...data };
  }
}
