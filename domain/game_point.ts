/**
 * Game point and match point: a score at which one side wins the game (and, if it is the game the side still
 * needs, the match) with the next point (ITTF Laws 2.11.1 and 2.12.1).
 *
 * Every declaration is exported: the umpire's page runs this module in the browser (see domain/scoring.ts).
 * @module
 */
import { gamesNeeded, isFinishedGame, type Score, type Side, SIDES } from "./scoring.ts";

/** The side that can win the game with the next point, and whether that would win the match. */
export interface GamePoint {
  side: Side;
  match: boolean;
}

/**
 * The game point (or match point) at a running game's score, or null when neither side wins the game with the
 * next point (or the match is over).
 * @example gamePointOf({ home: 10, away: 8 }, { home: 2, away: 0 }, 5, false) // { side: "home", match: true }
 * @example gamePointOf({ home: 10, away: 10 }, { home: 0, away: 0 }, 5, false) // null
 */
export function gamePointOf(
  current: Score,
  gamesWon: Score,
  bestOf: number,
  finished: boolean,
): GamePoint | null {
  if (finished) return null;
  for (const side of SIDES) {
    const next = { ...current, [side]: current[side] + 1 };
    if (isFinishedGame(next.home, next.away)) {
      return { side, match: gamesWon[side] + 1 >= gamesNeeded(bestOf) };
    }
  }
  return null;
}
