/**
 * Estimated starts: when each match not started is expected to start as the day runs, from the plan the desk
 * kept (each match's table and time) and what has happened since (matches finished, in play since when, called).
 * - A table's matches go on in the order of the plan; a match starts when its table is free (the match before it
 *   over, plus the table buffer), its players are rested after their other matches (the plan's rest) and free
 *   from matches elsewhere, and the matches that feed it (a knockout side not known yet) are over.
 * - A match in play is expected to end its planned length after it began, or now at the earliest when it runs
 *   long: an overrun moves its table's later matches, and its players' matches on other tables, later.
 * - A match is never expected before its planned time (the time the players were told): a match that ends early
 *   gives back the delay of the matches after it, down to their planned times, not beyond.
 * - A called match stays on the table it was called to, and is expected from its call on (the desk called it,
 *   so its planned time no longer holds it back).
 * - A skipped match (a player late or absent) has no estimate: the table goes on with its next match.
 *
 * Pure and deterministic (time comes in as `now`); the durations, buffer and rest are the scheduler's
 * (domain/scheduler.ts).
 * @module
 */

/** A match as the estimate reads it. Times are milliseconds since the epoch. */
export interface EstimateMatch {
  id: string;
  status: "scheduled" | "in_progress" | "completed";
  /** Its table; null when it has none (then it is not estimated). */
  table: number | null;
  /** Its planned start (the kept plan's or the desk's time); null when it has none. */
  plannedStart: number | null;
  startedAt: number | null;
  completedAt: number | null;
  calledAt: number | null;
  /** Skipped for now by the desk (a player late or absent). */
  skipped: boolean;
  bestOf: number;
  /** The people of its sides that are known. */
  players: readonly string[];
  /** Matches that must end before it starts (those that decide a side not known yet). */
  feeders: readonly string[];
}

/** The lengths and gaps the estimate plans with. */
export interface EstimateOptions {
  durationMs: (bestOf: number) => number;
  /** Time between two matches on one table. */
  bufferMs: number;
  /** The least time between two matches of one player. */
  restMs: number;
  now: number;
}

/**
 * A table's queue of matches to estimate: called ones first (by call), then by planned start; matches planned at
 * the same time keep the order they are given in (the order of play: `estimateStarts`).
 */
function queueOrder(a: EstimateMatch, b: EstimateMatch): number {
  const called = (m: EstimateMatch) => m.calledAt === null ? 1 : 0;
  return called(a) - called(b) || (a.calledAt ?? 0) - (b.calledAt ?? 0) ||
    (a.plannedStart ?? Infinity) - (b.plannedStart ?? Infinity);
}

/** Whether a match gets an estimate: not started, on a table, planned or called, and not skipped. */
export function isEstimated(m: EstimateMatch): boolean {
  return m.status === "scheduled" && m.table !== null && !m.skipped &&
    (m.plannedStart !== null || m.calledAt !== null);
}

/**
 * Each estimated match's expected start (see the module's comment), by id. `matches` come in the order of play
 * (domain/order_of_play.ts by planned time): of two matches planned on one table at one time, the first goes
 * first.
 * @example
 * // Table 1: m1 began at 10:00 and runs on at 10:30 (planned 20 minutes); m2 was planned at 10:22:
 * estimateStarts([m1InPlay, m2], { durationMs: () => 20 * MIN, bufferMs: 2 * MIN, restMs: 10 * MIN, now: t1030 })
 * // Map { "m2" => t1032 }
 */
export function estimateStarts(
  matches: readonly EstimateMatch[],
  options: EstimateOptions,
): Map<string, number> {
  const { durationMs, bufferMs, restMs, now } = options;
  const tableFree = new Map<number, number>();
  const playerFree = new Map<string, number>();
  /** Expected (or actual) ends of matches started or estimated. */
  const ends = new Map<string, number>();
  const later = <K>(map: Map<K, number>, key: K, t: number) =>
    map.set(key, Math.max(map.get(key) ?? -Infinity, t));
  for (const m of matches) {
    if (m.status === "scheduled") continue;
    const begun = m.startedAt ?? m.completedAt;
    const end = m.status === "completed"
      ? m.completedAt ?? begun ?? -Infinity
      : Math.max((begun ?? now) + durationMs(m.bestOf), now);
    ends.set(m.id, end);
    if (m.table !== null) later(tableFree, m.table, end + bufferMs);
    for (const p of m.players) later(playerFree, p, end + restMs);
  }
  const queues = new Map<number, EstimateMatch[]>();
  const waiting = new Set<string>();
  for (const m of matches.filter(isEstimated)) {
    const queue = queues.get(m.table!);
    if (queue) queue.push(m);
    else queues.set(m.table!, [m]);
    waiting.add(m.id);
  }
  for (const queue of queues.values()) queue.sort(queueOrder);
  const tables = [...queues.keys()].sort((a, b) => a - b);
  /** Each table's next match: its queue is estimated in order, from the front. */
  const next = new Map(tables.map((t) => [t, 0]));
  const estimates = new Map<string, number>();
  /** The earliest start of a table's next match; null while a feeder of it still waits for its own estimate. */
  const candidate = (m: EstimateMatch, strict: boolean): number | null => {
    let t = Math.max(m.calledAt ?? m.plannedStart!, tableFree.get(m.table!) ?? -Infinity);
    for (const p of m.players) t = Math.max(t, playerFree.get(p) ?? -Infinity);
    for (const f of m.feeders) {
      if (strict && waiting.has(f)) return null;
      t = Math.max(t, ends.get(f) ?? -Infinity);
    }
    return t;
  };
  // Each turn the table whose next match can start the earliest starts it: a player's matches are then taken in
  // the order they can be played, whichever tables they are on.
  while (waiting.size > 0) {
    let best: { m: EstimateMatch; at: number } | null = null;
    for (const strict of [true, false]) {
      for (const table of tables) {
        const m = queues.get(table)![next.get(table)!];
        if (!m) continue;
        const at = candidate(m, strict);
        if (at !== null && (best === null || at < best.at)) best = { m, at };
      }
      // Only when every next match waits for a feeder still queued (a loop the plan should not have) are the
      // feeders not yet estimated passed over.
      if (best !== null) break;
    }
    const { m, at } = best!;
    waiting.delete(m.id);
    next.set(m.table!, next.get(m.table!)! + 1);
    estimates.set(m.id, at);
    const end = at + durationMs(m.bestOf);
    ends.set(m.id, end);
    tableFree.set(m.table!, end + bufferMs);
    for (const p of m.players) later(playerFree, p, end + restMs);
  }
  return estimates;
}

/** What a match's answer reads to say its estimated start. */
export interface StoredEstimate {
  status: string;
  tableNo: number | null;
  scheduledAt: string | null;
  skippedAt: string | null;
  /** The estimate kept when it is not the planned time; null when it is (or there is none). */
  estimatedStart: string | null;
}

/**
 * A match's estimated start as answered: the one kept when the day moved it, else its planned time; null once
 * begun, skipped, or without a table and a time. Only moved estimates are kept, so that a day on time writes
 * nothing.
 * @example estimatedStartOf({ status: "scheduled", tableNo: 2, scheduledAt: "…T10:20:00Z", skippedAt: null, estimatedStart: null }) // "…T10:20:00Z"
 */
export function estimatedStartOf(m: StoredEstimate): string | null {
  if (m.status !== "scheduled" || m.skippedAt !== null || m.tableNo === null) return null;
  return m.estimatedStart ?? m.scheduledAt;
}
