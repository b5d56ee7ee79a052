/**
 * How a result reason reads on the operator's and the umpire's pages, after "X wins". Written without imports or
 * outside references so that the pages can inline its source (pages/operator/script.ts).
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
