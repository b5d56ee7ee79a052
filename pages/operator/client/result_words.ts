/**
 * How a result reason reads on the operator's and the umpire's pages, after "X wins". Every declaration is
 * exported so that the pages can inline this module (pages/client_script.ts `moduleScript`).
 */
import { pw } from "./manage/play_words.ts";

/**
 * The words after "X wins" for a match decided by a reason, not by its games.
 * @example wonByWords("retired") // "by retirement"; wonByWords("other") // "(other)"
 */
export function wonByWords(code: string): string {
  switch (code) {
    case "walkover":
      return pw("play.result.byWalkover");
    case "retired":
      return pw("play.result.byRetirement");
    case "disqualified":
      return pw("play.result.byDisqualification");
    default:
      return `(${code})`;
  }
}
