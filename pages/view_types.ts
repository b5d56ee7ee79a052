/**
 * The shapes the pages render: the public API's serialised objects (views/schemas.ts), so that the server-side
 * render and the browser's polls speak about the same thing.
 */
import type { Draw, Event, GroupStandings, Match } from "../views/schemas.ts";

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
} from "../views/schemas.ts";

export type { CategoryView } from "../views/category.ts";

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
  /** Its kind: "team" when its matches are ties and their matches (pages/tie_data.ts); absent in older summaries. */
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
}
