/**
 * Glicko-2 rating updates, after Mark Glickman, "Example of the Glicko-2 system" (2013 revision),
 * http://www.glicko.net/glicko/glicko2.pdf. Ratings are on the usual 400-point logistic scale; the
 * maths runs on Glickman's internal scale (mu, phi) and converts back.
 *
 * Rating period: one rated match. A decided match is its own period, so both players move at once and
 * from the values they had before it (see `rateMatch`). Inactivity is counted in days apart from the
 * periods: each idle day grows the deviation by a fixed amount in quadrature (`inflateDeviation`), applied
 * by the caller before rating or predicting. Choices and measured figures: docs/ratings.md.
 */

import {
  bestOfWinProbability,
  bestOfWinProbabilityDerivative,
  gameWinProbability,
  REFERENCE_BEST_OF,
} from "./prediction.ts";

/** A player's rating state: rating and deviation in rating points, volatility on Glickman's scale. */
export interface Glicko2Rating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** One game (here: one match) of a rating period: the opponent's values and the player's score. */
export interface Glicko2Result {
  readonly rating: number;
  readonly deviation: number;
  /** 1 for a win, 0 for a loss, 0.5 for a draw. */
  readonly score: number;
}

/** Options of a rating update. */
export interface Glicko2Options {
  /** System constant constraining the change of volatility (Glickman: "between 0.3 and 1.2"). */
  readonly tau?: number;
  /**
   * Games in the rated match (odd; default 5, the format the rating scale is defined for). A best of 3
   * says less about strength than a best of 7; the update weighs each result by its format's curve.
   */
  readonly bestOf?: number;
}

/** Both players' ratings after a match. */
export interface MatchRatings {
  readonly home: Glicko2Rating;
  readonly away: Glicko2Rating;
}

/** Raised when a rating input is not a usable number. */
export class RatingError extends Error {
  override name = "RatingError";
}

/**
 * Tau, the volatility constraint. 0.5 is the middle of Glickman's recommended 0.3-1.2 and the value of
 * his worked example; with one match per period the volatility barely moves for any tau in that range,
 * and the replay of London 2026 is flat in it (docs/ratings.md).
 */
export const DEFAULT_TAU = 0.5;
/** Rating of a player nobody knows anything about (Glickman's default). */
export const DEFAULT_RATING = 1500;
/** Deviation of a player nobody knows anything about (Glickman's default). */
export const DEFAULT_DEVIATION = 350;
/** Volatility of a new player (Glickman's default). */
export const DEFAULT_VOLATILITY = 0.06;
/** Deviation never grows beyond that of an unknown player. */
export const MAX_DEVIATION = 350;
/**
 * Growth of the deviation per idle day, in rating points per sqrt(day): sqrt((350^2 - 55^2) / (5 * 365.25))
 * = 8.1, i.e. five years without a match make a player unknown again (see `inflateDeviation`).
 */
export const DEVIATION_GROWTH_PER_DAY = 8;
/** Factor between the 400-point scale and Glickman's internal scale: 400 / ln(10). */
export const GLICKO2_SCALE = 400 / Math.LN10;
/** Convergence tolerance of the Illinois iteration for the volatility (Glickman's epsilon). */
const VOLATILITY_TOLERANCE = 1e-6;
const MAX_PHI = MAX_DEVIATION / GLICKO2_SCALE;

/** A new player's rating state: 1500 / 350 / 0.06. */
export function defaultRating(): Glicko2Rating {
  return { rating: DEFAULT_RATING, deviation: DEFAULT_DEVIATION, volatility: DEFAULT_VOLATILITY };
}

/**
 * Rates one player over one rating period (Glickman's steps 1-8); with no results only the deviation grows.
 * @example
 * // Glickman's worked example (glicko2.pdf, tau = 0.5):
 * rate({ rating: 1500, deviation: 200, volatility: 0.06 }, [
 *   { rating: 1400, deviation: 30, score: 1 },
 *   { rating: 1550, deviation: 100, score: 0 },
 *   { rating: 1700, deviation: 300, score: 0 },
 * ], { tau: 0.5 }); // => about { rating: 1464.06, deviation: 151.52, volatility: 0.05999 }
 */
export function rate(
  player: Glicko2Rating,
  results: readonly Glicko2Result[],
  options: Glicko2Options = {},
): Glicko2Rating {
  checkRating("player", player);
  const tau = options.tau ?? DEFAULT_TAU;
  if (!Number.isFinite(tau) || tau <= 0) {
    throw new RatingError(`Cannot rate a player: expected a positive tau, got "${tau}"`);
  }
  const bestOf = options.bestOf ?? REFERENCE_BEST_OF;
  if (!Number.isInteger(bestOf) || bestOf < 1 || bestOf % 2 === 0) {
    throw new RatingError(`Cannot rate a player: expected an odd number of games, got "${bestOf}"`);
  }
  results.forEach((result, i) => {
    checkOpponent(`results[${i}]`, result);
  });

  const mu = (player.rating - DEFAULT_RATING) / GLICKO2_SCALE;
  const phi = player.deviation / GLICKO2_SCALE;
  const sigma = player.volatility;

  if (results.length === 0) {
    // Step 6 alone: an empty period only adds uncertainty (hypot: phi^2 + sigma^2 can underflow to 0).
    const grown = Math.min(Math.hypot(phi, sigma), MAX_PHI);
    return { rating: player.rating, deviation: grown * GLICKO2_SCALE, volatility: sigma };
  }

  // Step 3 and 4: estimated variance v and improvement delta.
  let inverseV = 0;
  let sum = 0;
  for (const result of results) {
    const muJ = (result.rating - DEFAULT_RATING) / GLICKO2_SCALE;
    const gJ = g(result.deviation / GLICKO2_SCALE);
    const x = gJ * (mu - muJ);
    if (bestOf === REFERENCE_BEST_OF) {
      const e = 1 / (1 + Math.exp(-x));
      inverseV += gJ * gJ * e * (1 - e);
      sum += gJ * (result.score - e);
    } else {
      // The same steps on the format's curve P(x): Fisher information (g P')^2 / (P (1 - P)) and score
      // g P' (s - P) / (P (1 - P)); for the logistic P' = P (1 - P) and they reduce to Glickman's.
      const { p, slope } = formatCurve(x, bestOf);
      const spread = p * (1 - p);
      if (spread > 0) {
        inverseV += (gJ * slope) ** 2 / spread;
        sum += (gJ * slope * (result.score - p)) / spread;
      }
    }
  }
  // Opponents so far away that the result was certain carry no information: an empty period.
  if (!(inverseV > 0)) return rate(player, [], options);
  const v = 1 / inverseV;
  const delta = v * sum;

  // Step 5: the new volatility, Illinois algorithm.
  const newSigma = newVolatility(phi, sigma, v, delta, tau);

  // Steps 6 and 7: new deviation and rating. 1 / sqrt(1 / phi*^2 + 1 / v) written with hypot, whose squares
  // neither underflow nor overflow for an extreme deviation or volatility.
  const phiStar = Math.hypot(phi, newSigma);
  const newPhi = Math.min(1 / Math.hypot(1 / phiStar, Math.sqrt(inverseV)), MAX_PHI);
  const newMu = mu + newPhi * newPhi * sum;

  // Step 8: back to the 400-point scale.
  return {
    rating: newMu * GLICKO2_SCALE + DEFAULT_RATING,
    deviation: newPhi * GLICKO2_SCALE,
    volatility: newSigma,
  };
}

/**
 * Rates a decided match as one rating period for each side, both from their pre-match values.
 * @example
 * const { home, away } = rateMatch(defaultRating(), defaultRating(), true);
 * // home.rating = 1662.3, away.rating = 1337.7 (mirror images around 1500)
 */
export function rateMatch(
  home: Glicko2Rating,
  away: Glicko2Rating,
  homeWon: boolean,
  options: Glicko2Options = {},
): MatchRatings {
  const homeScore = homeWon ? 1 : 0;
  return {
    home: rate(home, [{ rating: away.rating, deviation: away.deviation, score: homeScore }], options),
    away: rate(away, [{ rating: home.rating, deviation: home.deviation, score: 1 - homeScore }], options),
  };
}

/**
 * Grows the deviation over `days` without a match, phi' = sqrt(phi^2 + days * c^2) with c = 8 rating
 * points per sqrt(day), capped at 350 (Glickman's Glicko-1 recipe for c: an established deviation of 55
 * becomes that of an unknown player after about five idle years).
 * @example
 * inflateDeviation({ rating: 1800, deviation: 55, volatility: 0.06 }, 365).deviation; // 162.4 after a year
 * inflateDeviation({ rating: 1800, deviation: 55, volatility: 0.06 }, 2000).deviation; // 350, the cap
 */
export function inflateDeviation(
  player: Glicko2Rating,
  days: number,
  growthPerDay: number = DEVIATION_GROWTH_PER_DAY,
): Glicko2Rating {
  checkRating("player", player);
  if (!Number.isFinite(days) || days < 0) {
    throw new RatingError(
      `Cannot inflate a deviation: expected a non-negative number of days, got "${days}"`,
    );
  }
  if (!Number.isFinite(growthPerDay) || growthPerDay < 0) {
    throw new RatingError(
      `Cannot inflate a deviation: expected a non-negative growth per day, got "${growthPerDay}"`,
    );
  }
  const grown = Math.sqrt(player.deviation * player.deviation + days * growthPerDay * growthPerDay);
  return { ...player, deviation: Math.min(grown, MAX_DEVIATION) };
}

/**
 * Match win probability and its slope dP/dx at x (internal scale) for a best-of-N match, through the
 * game probability that reproduces the best-of-5 logistic (as in prediction.ts).
 */
function formatCurve(x: number, bestOf: number): { p: number; slope: number } {
  const p5 = 1 / (1 + Math.exp(-x));
  const pGame = gameWinProbability(p5, REFERENCE_BEST_OF);
  const p = bestOfWinProbability(pGame, bestOf);
  // dP/dx = P_N'(pGame) / P_5'(pGame) * p5 (1 - p5), with P_N'(q) = N! / (h!)^2 (q (1 - q))^h, h = (N - 1) / 2.
  const ratio = bestOfWinProbabilityDerivative(pGame, bestOf) /
    bestOfWinProbabilityDerivative(pGame, REFERENCE_BEST_OF);
  return { p, slope: Number.isFinite(ratio) ? ratio * p5 * (1 - p5) : 0 };
}

/** Glickman's g(phi): how much an opponent's uncertainty damps the expected score. */
function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  // 2 ln(sigma), not ln(sigma^2): the square under- or overflows for a volatility beyond about 1e-162 or 1e154.
  const a = 2 * Math.log(sigma);
  const phi2 = phi * phi;
  const delta2 = delta * delta;
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const denominator = phi2 + v + ex;
    return (ex * (delta2 - phi2 - v - ex)) / (2 * denominator * denominator) - (x - a) / (tau * tau);
  };

  let lower = a;
  let upper: number;
  if (delta2 > phi2 + v) {
    upper = Math.log(delta2 - phi2 - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  // Illinois variant of regula falsi, as in Glickman's 2013 revision of step 5.
  for (let i = 0; i < 200 && Math.abs(upper - lower) > VOLATILITY_TOLERANCE; i++) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = c;
    fUpper = fC;
  }
  return Math.exp(lower / 2);
}

function checkRating(what: string, player: Glicko2Rating): void {
  if (!Number.isFinite(player.rating)) {
    throw new RatingError(`Cannot rate "${what}": expected a finite rating, got "${player.rating}"`);
  }
  if (!Number.isFinite(player.deviation) || player.deviation <= 0) {
    throw new RatingError(`Cannot rate "${what}": expected a positive deviation, got "${player.deviation}"`);
  }
  if (!Number.isFinite(player.volatility) || player.volatility <= 0) {
    throw new RatingError(
      `Cannot rate "${what}": expected a positive volatility, got "${player.volatility}"`,
    );
  }
}

function checkOpponent(what: string, result: Glicko2Result): void {
  if (!Number.isFinite(result.rating)) {
    throw new RatingError(`Cannot rate "${what}": expected a finite rating, got "${result.rating}"`);
  }
  if (!Number.isFinite(result.deviation) || result.deviation <= 0) {
    throw new RatingError(`Cannot rate "${what}": expected a positive deviation, got "${result.deviation}"`);
  }
  if (!Number.isFinite(result.score) || result.score < 0 || result.score > 1) {
    throw new RatingError(`Cannot rate "${what}": expected a score from 0 to 1, got "${result.score}"`);
  }
}
