/**
 * What a table's overlay shows: the match on the table (in play, else called there: `matchOnTable`), else the
 * result of the match finished there last while the producer's hold runs, else the table's next match by the
 * order of play ("Up next"), else nothing. A stream thus keeps the final score of a match on screen (a match
 * point or a retirement no longer empties it) and shows what comes next without waiting for the desk's call.
 * @module
 */
import { type PlayOrderMatch, sortInPlayOrder } from "./order_of_play.ts";
import { matchOnTable, type TableMatch } from "./table_call.ts";

/** What choosing a table's match needs to know of a match. */
export interface TableShowMatch extends TableMatch, PlayOrderMatch {
  /** ISO 8601: when it was decided; null until then. */
  completedAt: string | null;
}

/** The match a table's overlay shows, and until when (ms) it stays so unless the matches change; null: always. */
export interface TableShow<M> {
  match: M;
  until: number | null;
}

/**
 * The match a table's overlay shows at `now` (ms) when a result is held for `holdMs`: see the module's comment.
 * @example tableShow([finishedAt1000], 1, 2000, 60_000) // { match: finishedAt1000, until: 61_000 }
 */
export function tableShow<M extends TableShowMatch>(
  matches: readonly M[],
  tableNo: number,
  now: number,
  holdMs: number,
): TableShow<M> | null {
  const on = matchOnTable(matches, tableNo);
  if (on !== null) return { match: on, until: null };
  const here = matches.filter((m) => m.tableNo === tableNo);
  const last = here.filter((m) => m.status === "completed" && m.completedAt !== null)
    .reduce<M | null>((best, m) => best === null || m.completedAt! > best.completedAt! ? m : best, null);
  const heldUntil = last === null ? -Infinity : Date.parse(last.completedAt!) + holdMs;
  if (last !== null && now < heldUntil) return { match: last, until: heldUntil };
  const next = sortInPlayOrder(here.filter((m) => m.status === "scheduled"), (m) => m)[0];
  return next === undefined ? null : { match: next, until: null };
}
