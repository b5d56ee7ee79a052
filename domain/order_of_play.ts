/**
 * The order of play of matches not started: what the hall is told comes next. First the matches the desk called
 * to a table without a time ("Put on table N"), by table; then by time (matches without one last), table, stage
 * (groups before the knockout), round and position. An event that gives times is listed by them; one that calls
 * matches as tables free up lists what was called, then what comes next in the draw.
 * @module
 */

/** What the order reads of a match. */
export interface PlayOrderMatch {
  tableNo: number | null;
  /** ISO 8601; null when the match has no time. */
  scheduledAt: string | null;
  stage: "group" | "knockout";
  roundNo: number;
  bracketPos: number;
}

/** A match put on a table with no time given: the desk called it, so it is next there now. */
const called = (m: PlayOrderMatch) => m.tableNo !== null && m.scheduledAt === null;

/** A match's time in ms, Infinity without one (so that it comes last). */
const timeOf = (m: PlayOrderMatch) => m.scheduledAt === null ? Infinity : Date.parse(m.scheduledAt);

/** Compares two numbers that may both be Infinity (their difference would be NaN). */
const earlierFirst = (x: number, y: number) => x === y ? 0 : x < y ? -1 : 1;

/**
 * Compares two matches by the order of play (see the module's comment); a total order, for `Array.sort`.
 * @example [knockoutMatch, calledToTable3, at1000].sort(playOrder) // [calledToTable3, at1000, knockoutMatch]
 */
export function playOrder(a: PlayOrderMatch, b: PlayOrderMatch): number {
  return Number(called(b)) - Number(called(a)) || earlierFirst(timeOf(a), timeOf(b)) ||
    earlierFirst(a.tableNo ?? Infinity, b.tableNo ?? Infinity) ||
    Number(a.stage === "knockout") - Number(b.stage === "knockout") ||
    a.roundNo - b.roundNo || a.bracketPos - b.bracketPos;
}
