/**
 * How the order of play plans a tie of a team event (docs/scheduling.md, "Ties"): one block of table time as long
 * as the individual matches it may still need, one after the other on its table with the buffer between them,
 * its players held for all of it; its matches then get their times inside the block. Re-estimated as its
 * matches end: a tie under way lasts from its start to when its last match begun or ended, then its matches still
 * possibly needed.
 * @module
 */

/** Where an individual match of a tie stands for the plan. */
export interface TiePart {
  id: string;
  /** Its order of play in the tie (1 first). */
  order: number;
  status: "scheduled" | "called" | "in_progress" | "completed";
  /** When it started (in play, finished). */
  start?: number | null;
  /** When it ended (finished). */
  end?: number | null;
  /** The table it was called to or played on, if any. */
  table?: number | null;
}

/** A tie as the plan reads it. */
export interface ScheduleTie {
  /** Its individual matches made so far (none before the line-ups are published). */
  parts: readonly TiePart[];
  /**
   * How many of its matches may still be played (domain/tie_score.ts `remaining`: all of the format's before
   * it starts, none once decided), a match in play included.
   */
  remaining: number;
  /**
   * Played on two tables at once (the category says so: domain/tie_two_tables.ts): the line-up positions each
   * match of its format uses, by order (`tieMatchUses`); null or absent: on one table.
   */
  twoTables?: { uses: readonly (readonly string[])[] } | null;
}

/** The lengths a tie is planned with. */
export interface TieTimes {
  /** The time a table is planned for one match of a best of `bestOf`. */
  durationMs: (bestOf: number) => number;
  /** Time between two matches on one table. */
  bufferMs: number;
}

/**
 * When the tie's next match may begin, from its start: after its last match ended (with the buffer), or after
 * the match in play now is planned to end; the tie's start when none has begun.
 */
function nextFrom(tie: ScheduleTie, tieStart: number, bufferMs: number): number {
  let from = tieStart;
  for (const p of tie.parts) {
    if (p.status === "completed" && p.end != null) from = Math.max(from, p.end + bufferMs);
    if (p.status === "in_progress" && p.start != null) from = Math.max(from, p.start);
  }
  return from;
}

/**
 * The table time a tie takes from `tieStart`: the time its matches already took, then each match it may still
 * need, back to back with the buffer between them.
 * @example tieLengthMs({ parts: [], remaining: 5 }, 5, 0, { durationMs: () => 20 * 60_000, bufferMs: 120_000 })
 *   // 108 minutes: five best-of-5 matches of 20 minutes and four buffers of 2
 */
export function tieLengthMs(tie: ScheduleTie, bestOf: number, tieStart: number, times: TieTimes): number {
  const per = times.durationMs(bestOf);
  const left = Math.max(0, tie.remaining);
  const from = nextFrom(tie, tieStart, times.bufferMs);
  return from - tieStart + left * per + Math.max(0, left - 1) * times.bufferMs;
}

/**
 * The times of a tie's matches not begun yet, on the tie's table: one after the other in their order from when
 * the tie's next match may begin (not before `now`), the match in play first planned to its length.
 * @example tiePartTimes(tie, 5, start, now, times) // [{ id: "t-1", start }, { id: "t-2", start: start + 22 min }, ...]
 */
export function tiePartTimes(
  tie: ScheduleTie,
  bestOf: number,
  tieStart: number,
  now: number,
  times: TieTimes,
): { id: string; start: number; end: number }[] {
  const per = times.durationMs(bestOf);
  let t = nextFrom(tie, tieStart, times.bufferMs);
  if (tie.parts.some((p) => p.status === "in_progress")) t += per + times.bufferMs;
  if (tie.parts.some((p) => p.status !== "scheduled")) t = Math.max(t, now);
  const out: { id: string; start: number; end: number }[] = [];
  for (const p of [...tie.parts].sort((a, b) => a.order - b.order)) {
    if (p.status !== "scheduled") continue;
    out.push({ id: p.id, start: t, end: t + per });
    t += per + times.bufferMs;
  }
  return out;
}
