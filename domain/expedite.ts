/**
 * The expedite system (ITTF Law 2.15): it comes into operation after 10 minutes' play in a game unless both
 * sides have scored at least 9 points, or at any time at the request of both sides; from then on each player
 * serves 1 point in turn, and a receiver who makes 13 good returns in a rally wins the point; it stays in
 * operation to the end of the match. Who serves first under it is domain/service_order.ts `introduceExpedite`.
 *
 * Every declaration is exported: the umpire's page runs this module in the browser (see domain/scoring.ts).
 * @module
 */
import type { Score } from "./scoring.ts";
import { ScoringError } from "./scoring.ts";

/** Play in a game after which the expedite system comes into operation (Law 2.15.1). */
export const EXPEDITE_AFTER_MS = 10 * 60_000;

/** Points each side must have for the time limit no longer to introduce the expedite system (Law 2.15.1). */
export const EXPEDITE_SPARED_FROM = 9;

/** Good returns of the receiver that win the rally under the expedite system (Law 2.15.4). */
export const EXPEDITE_RETURNS = 13;

/** When and how the expedite system came into operation. */
export interface ExpediteRecord {
  /** The game (1-based) and its score when it was introduced. */
  gameNumber: number;
  score: Score;
  /** Introduced at the request of both sides (true) or by the time limit or the referee (false). */
  byRequest: boolean;
  /** When (ISO 8601), when known. */
  at: string | null;
}

/**
 * Whether the time limit introduces the expedite system now: 10 minutes of play in the game, unless both sides
 * have 9 points or more (Law 2.15.1). Not once it is in operation.
 * @example expediteDue(600_000, { home: 4, away: 7 }, false) // true
 * @example expediteDue(600_000, { home: 9, away: 10 }, false) // false
 */
export function expediteDue(playedMs: number, current: Score, inOperation: boolean): boolean {
  return !inOperation && playedMs >= EXPEDITE_AFTER_MS && !bothAtLeastNine(current);
}

/** Whether both sides have scored at least 9 points in the game (the time limit then spares it). */
export function bothAtLeastNine(current: Score): boolean {
  return current.home >= EXPEDITE_SPARED_FROM && current.away >= EXPEDITE_SPARED_FROM;
}

/**
 * Throws a `ScoringError` unless the expedite system can be introduced: not already in operation, and, unless
 * both sides asked for it, not when both have 9 points or more (Law 2.15.1).
 */
export function assertExpediteAllowed(
  current: Score,
  byRequest: boolean,
  inOperation: ExpediteRecord | null,
): void {
  if (inOperation) {
    throw new ScoringError(
      `Cannot introduce the expedite system: it is in operation since game ${inOperation.gameNumber} at ` +
        `${inOperation.score.home}-${inOperation.score.away} (to the end of the match, Law 2.15.6)`,
    );
  }
  if (!byRequest && bothAtLeastNine(current)) {
    throw new ScoringError(
      `Cannot introduce the expedite system on time at ${current.home}-${current.away}: both sides have 9 ` +
        `points or more (Law 2.15.1); only a request of both sides introduces it now`,
    );
  }
}

/**
 * Whether the receiver's good returns in a rally win it under the expedite system (Law 2.15.4).
 * @example receiverWinsRally(13) // true
 */
export function receiverWinsRally(returns: number): boolean {
  return returns >= EXPEDITE_RETURNS;
}
