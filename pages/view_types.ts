/**
 * The shapes the pages render: the public API's serialised objects (views/schemas.ts), so that the server-side
 * render and the browser's polls speak about the same thing.
 */
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

export type { CategorySummary, EventBoard } from "../views/event_board.ts";
