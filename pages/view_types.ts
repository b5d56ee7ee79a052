/**
 * The shapes the pages render: the public API's serialised objects (api/schemas.ts), so that the server-side
 * render and the browser's polls speak about the same thing.
 */
import type { Draw, Event, GroupStandings, Match } from "../api/schemas.ts";

export type {
  Draw,
  DrawMatch,
  DrawSide,
  Event,
  GroupStandings,
  Live,
  Match,
  Prediction,
  Ranking,
} from "../api/schemas.ts";

/** A category with everything its page shows. */
export interface CategoryView {
  id: string;
  name: string;
  format: string;
  bestOf: number;
  /** Every public match of the category whose sides are known (group stage first, then the knockout). */
  matches: Match[];
  /** Group standings; empty for a knockout-only category. */
  groups: GroupStandings[];
  /** The locked knockout draw, or null (none, or not published yet). */
  draw: Draw | null;
}

/**
 * What the venue TV and the event page show of a category (pages/event_board.ts): its matches in play (by
 * table), its first matches up next (in order of play), its latest results (newest first) and its group
 * standings.
 */
export interface CategorySummary {
  id: string;
  name: string;
  format: string;
  bestOf: number;
  live: Match[];
  upcoming: Match[];
  recent: Match[];
  groups: GroupStandings[];
}

/** An event with a summary of each category. */
export interface EventBoard {
  event: Event;
  categories: CategorySummary[];
}
