/**
 * Plain Elo, the baseline a prediction model has to beat: everyone starts at 1500, the expected score is
 * 1 / (1 + 10^(-d/400)) and a result moves both players by K times (score - expected) (Elo, "The Rating of
 * Chessplayers, Past and Present", 1978, ch. 8). For a data set that brings no baseline of its own.
 */

/** One decided match between two players, in the order played. */
export interface EloResult {
  readonly home: string;
  readonly away: string;
  readonly homeWon: boolean;
}

/** K-factor of the baseline: 32, as the London 2026 data's `p_elo`. */
export const PLAIN_ELO_K = 32;
/** Everyone's starting rating. */
export const PLAIN_ELO_START = 1500;

/**
 * P(home wins) of each match before it was played, the ratings moved by every earlier result.
 * @example
 * plainEloPredictions([
 *   { home: "a", away: "b", homeWon: true },
 *   { home: "a", away: "b", homeWon: true },
 * ]); // [0.5, 0.5459]: after one win "a" is 1516 and "b" 1484
 */
export function plainEloPredictions(results: readonly EloResult[], k = PLAIN_ELO_K): number[] {
  const ratings = new Map<string, number>();
  const rating = (id: string) => ratings.get(id) ?? PLAIN_ELO_START;
  return results.map(({ home, away, homeWon }) => {
    const h = rating(home);
    const a = rating(away);
    const expected = 1 / (1 + Math.pow(10, -(h - a) / 400));
    const step = k * ((homeWon ? 1 : 0) - expected);
    ratings.set(home, h + step);
    ratings.set(away, a - step);
    return expected;
  });
}
