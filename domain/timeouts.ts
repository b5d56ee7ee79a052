/**
 * Time-outs (ITTF Regulation 3.4.4.2): each player or pair may claim one time-out of up to 1 minute in an
 * individual match; play resumes when the side that called it is ready, or at the end of the minute.
 *
 * Every declaration is exported: the umpire's page runs this module in the browser (see domain/scoring.ts).
 * @module
 */
import type { Score, Side } from "./scoring.ts";
import { ScoringError } from "./scoring.ts";

/** The longest a time-out lasts (Regulation 3.4.4.2: up to 1 minute). */
export const TIMEOUT_MS = 60_000;

/** A time-out taken, with the score at which it was taken and when it ends or ended. */
export interface TimeoutRecord {
  side: Side;
  /** The game (1-based) and its score when it was taken. */
  gameNumber: number;
  score: Score;
  /** When it was taken (ISO 8601), when known. */
  at: string | null;
  /** When it ends (a minute after `at`) or ended sooner (play resumed); null when `at` is not known. */
  endsAt: string | null;
}

/**
 * Throws a `ScoringError` unless the side may take a time-out: one per side per match (Regulation 3.4.4.2).
 * @example assertTimeoutAllowed([{ side: "home", ... }], "home") // throws: home has had its time-out
 */
export function assertTimeoutAllowed(taken: readonly TimeoutRecord[], side: Side): void {
  const earlier = taken.find((t) => t.side === side);
  if (earlier) {
    throw new ScoringError(
      `Cannot call a time-out for ${side}: it was taken in game ${earlier.gameNumber} at ` +
        `${earlier.score.home}-${earlier.score.away} (one per side per match, Regulation 3.4.4.2)`,
    );
  }
}

/** The time a time-out taken at `at` ends by itself: a minute later. */
export function timeoutEnd(at: string): string {
  return new Date(Date.parse(at) + TIMEOUT_MS).toISOString();
}

/** The earlier of a time-out's end and the moment play resumed (`at`), as ISO 8601. */
export function endedBy(endsAt: string | null, at: string | null): string | null {
  if (endsAt === null || at === null) return endsAt;
  return Date.parse(at) < Date.parse(endsAt) ? at : endsAt;
}

/**
 * The time-out running at `now`, if any: taken, and neither a minute old nor ended.
 * @example runningTimeout([{ side: "away", at: "…:00.000Z", endsAt: "…:60" }], new Date("…:30")) // the away one
 */
export function runningTimeout(timeouts: readonly TimeoutRecord[], now: Date): TimeoutRecord | null {
  const t = now.getTime();
  for (const timeout of timeouts) {
    if (timeout.at === null || timeout.endsAt === null) continue;
    if (Date.parse(timeout.at) <= t && t < Date.parse(timeout.endsAt)) return timeout;
  }
  return null;
}
