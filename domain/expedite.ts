/**
 * The expedite system (ITTF Law 2.15): it comes into operation after 10 minutes' play in a game or at any time
 * at the request of both players or pairs (Law 2.15.1), but is not introduced in a game once at least 18 points
 * have been scored in it (Law 2.15.2); from then on each player serves 1 point in turn, and a receiver who makes
 * 13 good returns in a rally wins the point (Law 2.15.4); it stays in operation to the end of the match (Law
 * 2.15.6). Who serves first under it is domain/service_order.ts `introduceExpedite`. The numbering and wording
 * (2.15.1 to 2.15.6) are checked against the Law as quoted at
 * https://pingskills.com/table-tennis-forum/length-of-rallies; no primary ITTF Statutes 2024/2025 text was at
 * hand. The older wording "unless both players or pairs have scored at least 9 points" (which spares 9-9 but
 * not 10-8) is no longer the Law: 18 points in all, whoever scored them.
 *
 * Every declaration is exported: the umpire's page runs this module in the browser (see domain/scoring.ts).
 * @module
 */
import type { Score } from "./scoring.ts";
import { ScoringError } from "./scoring.ts";

/** Play in a game after which the expedite system comes into operation (Law 2.15.1). */
export const EXPEDITE_AFTER_MS = 10 * 60_000;

/** Points scored in a game (both sides together) from which the expedite system is not introduced (Law 2.15.2). */
export const EXPEDITE_SPARED_FROM = 18;

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
 * Whether the time limit introduces the expedite system now: 10 minutes of play in the game (Law 2.15.1), unless
 * 18 points or more have been scored in it (Law 2.15.2). Not once it is in operation.
 * @example expediteDue(600_000, { home: 10, away: 7 }, false) // true
 * @example expediteDue(600_000, { home: 10, away: 8 }, false) // false
 */
export function expediteDue(playedMs: number, current: Score, inOperation: boolean): boolean {
  return !inOperation && playedMs >= EXPEDITE_AFTER_MS && !tooLateInGame(current);
}

/**
 * Whether at least 18 points have been scored in the game: the expedite system is then not introduced, on time
 * or by request (Law 2.15.2).
 * @example tooLateInGame({ home: 10, away: 8 }) // true
 */
export function tooLateInGame(current: Score): boolean {
  return current.home + current.away >= EXPEDITE_SPARED_FROM;
}

/**
 * Throws a `ScoringError` unless the expedite system can be introduced: not already in operation, and not once
 * 18 points have been scored in the game, even at the request of both sides (Law 2.15.2).
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
  if (tooLateInGame(current)) {
    throw new ScoringError(
      `Cannot introduce the expedite system ${byRequest ? "at the request of both sides" : "on time"} at ` +
        `${current.home}-${current.away}: 18 points or more have been scored in the game (Law 2.15.2)`,
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
