/**
 * Ends (ITTF Law 2.13.7): the side starting at one end in a game starts at the other end in the next game, and in
 * the last possible game of a match the sides change ends when first one of them scores 5 points. Seen from the
 * umpire's chair, a side is on the left or on the right.
 *
 * Every declaration is exported: the umpire's page runs this module in the browser (see domain/scoring.ts).
 * @module
 */
import { otherSide, type Score, type Side } from "./scoring.ts";

/**
 * The side on the umpire's left at the start of a game, given the side on the left in game 1.
 * @example leftAtGameStart("home", 2) // "away"
 */
export function leftAtGameStart(leftInGameOne: Side, gameNumber: number): Side {
  return gameNumber % 2 === 1 ? leftInGameOne : otherSide(leftInGameOne);
}

/** Whether a game is the last possible game of a best of `bestOf` (the deciding game). */
export function isLastPossibleGame(bestOf: number, gameNumber: number): boolean {
  return gameNumber === bestOf;
}

/**
 * Whether the point just won by `scorer` made that side the first to reach 5 points in the game: the moment of
 * the change of ends in the last possible game (Law 2.13.7) and of the doubles receiving order (Law 2.13.6).
 * @example firstToFive({ home: 5, away: 3 }, "home") // true; firstToFive({ home: 5, away: 5 }, "home") // false
 */
export function firstToFive(current: Score, scorer: Side): boolean {
  return current[scorer] === 5 && current[otherSide(scorer)] < 5;
}
