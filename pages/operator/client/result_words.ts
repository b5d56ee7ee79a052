/**
 * How a result reason reads on the operator's and the umpire's pages, after "X wins". Every declaration is
 * exported so that the pages can inline this module (pages/client_script.ts `moduleScript`).
 */

/**
 * The words after "X wins" for a match decided by a reason, not by its games.
 * @example wonByWords("retired") // "by retirement"; wonByWords("other") // "(other)"
 */
export function wonByWords(code: string): string {
  switch (code) {
    case "walkover":
      return "by walkover";
    case "retired":
      return "by retirement";
    case "disqualified":
      return "by disqualification";
    default:
      return `(${code})`;
  }
}
