/**
 * The order of play of matches not started: what the hall is told comes next, the one order the desk's lists,
 * the public "Up next", the TV, the players' pages and the printed sheets all follow. First the matches the desk
 * called to a table without a time ("Put on table N"), by table; then by time (the expected start as the day
 * runs when there is one, else the planned time; matches without one last, times compared as instants whatever
 * their offset), table, stage (groups before the knockout), round, category, position, and last the match's id,
 * so that no two matches tie and every list gives the same order. An event that gives times is listed by them;
 * one that calls matches as tables free up lists what was called, then what comes next in the draw.
 * @module
 */

/** What the order reads of a match. */
export interface PlayOrderMatch {
  tableNo: number | null;
  /** ISO 8601; null when the match has no time. */
  scheduledAt: string | null;
  /** ISO 8601: when it is expected to start as the day runs (domain/estimated_starts.ts); null or absent: none. */
  estimatedStart?: string | null;
  stage: "group" | "knockout" | "tie";
  roundNo: number;
  bracketPos: number;
  /** Its category: within a round, one category's matches come together. */
  categoryId?: string;
  /** The last tie-break: the same for every reader of the match. */
  id?: string;
}

/** A match put on a table with no time given: the desk called it, so it is next there now. */
const called = (m: PlayOrderMatch) => m.tableNo !== null && m.scheduledAt === null;

/** A match's time in ms (expected, else planned), Infinity without one (so that it comes last). */
const timeOf = (m: PlayOrderMatch) => {
  const at = m.estimatedStart ?? m.scheduledAt;
  return at === null ? Infinity : Date.parse(at);
};

/** Compares two numbers that may both be Infinity (their difference would be NaN). */
const earlierFirst = (x: number, y: number) => x === y ? 0 : x < y ? -1 : 1;

/** Compares two texts by code unit, as the same everywhere (no locale). */
const byText = (x = "", y = "") => x < y ? -1 : x > y ? 1 : 0;

/** A match with what the order compares worked out once. */
interface Keyed {
  match: PlayOrderMatch;
  called: number;
  time: number;
  knockout: number;
}

const keyed = (match: PlayOrderMatch): Keyed => ({
  match,
  called: Number(called(match)),
  time: timeOf(match),
  knockout: Number(match.stage === "knockout"),
});

/** The order of play over keyed matches: the one comparison behind `playOrder` and `sortInPlayOrder`. */
function compareKeyed(a: Keyed, b: Keyed): number {
  return b.called - a.called || earlierFirst(a.time, b.time) ||
    earlierFirst(a.match.tableNo ?? Infinity, b.match.tableNo ?? Infinity) || a.knockout - b.knockout ||
    a.match.roundNo - b.match.roundNo || byText(a.match.categoryId, b.match.categoryId) ||
    a.match.bracketPos - b.match.bracketPos || byText(a.match.id, b.match.id);
}

/**
 * Compares two matches by the order of play (see the module's comment); a total order, for `Array.sort`.
 * @example [knockoutMatch, calledToTable3, at1000].sort(playOrder) // [calledToTable3, at1000, knockoutMatch]
 */
export function playOrder(a: PlayOrderMatch, b: PlayOrderMatch): number {
  return compareKeyed(keyed(a), keyed(b));
}

/**
 * `items` sorted by the order of play of `keyOf(item)`, as `items.sort((a, b) => playOrder(keyOf(a), keyOf(b)))`
 * sorts them, with each time parsed once rather than at every comparison (a whole event's thousands of matches
 * are sorted inside a write: db/estimate_writes.ts).
 */
export function sortInPlayOrder<T>(items: readonly T[], keyOf: (item: T) => PlayOrderMatch): T[] {
  return items.map((item) => ({ item, key: keyed(keyOf(item)) }))
    .sort((a, b) => compareKeyed(a.key, b.key)).map((k) => k.item);
}
