/**
 * Starting ratings for imported players. An import may carry a federation Elo-like rating (400-point
 * logistic scale, the scale Glicko-2 uses too) and the number of rated matches behind it; this turns that
 * into a Glicko-2 starting state. Derivation and measured figures: docs/ratings.md.
 */

import {
  DEFAULT_DEVIATION,
  DEFAULT_RATING,
  DEFAULT_VOLATILITY,
  type Glicko2Rating,
  MAX_DEVIATION,
  RatingError,
} from "./glicko2.ts";

/** What an import may know about a player's earlier results. */
export interface RatingPrior {
  /** Elo-like rating on the 400-point logistic scale. */
  readonly rating: number;
  /** Rated matches behind that rating. */
  readonly matchCount: number;
  /**
   * A deviation supplied by the source (a Glicko-like system): then rating and deviation are used as given
   * (deviation capped at 350), without the K-factor Elo corrections.
   */
  readonly deviation?: number | null;
}

/** Tuning of the mapping from match count to deviation. */
export interface PriorOptions {
  /** Deviation of a prior backed by very many matches. */
  readonly floor?: number;
  /** Share of the remaining uncertainty that survives one more match (0 to 1). */
  readonly retention?: number;
  /** How far a newcomer's true strength lies below the source's starting rating, in rating points. */
  readonly newcomerOffset?: number;
  /** Deviation of a newcomer's true strength around the newcomer mean, the deviation of a prior of 0 matches. */
  readonly newcomerDeviation?: number;
}

/**
 * Floor of the prior deviation: the steady-state noise of a K = 32 Elo rating, sqrt(K * 400 / ln(10) / 2)
 * = 52.7 rating points (a K-factor Elo never settles closer to the truth than its own steps allow).
 */
export const PRIOR_DEVIATION_FLOOR = 55;
/**
 * Per match, a K = 32 Elo rating closes 1 - K * ln(10) / 400 * p(1 - p) of its gap to the truth; with
 * p(1 - p) about 0.2 that keeps 0.963 of the gap, so the variance of the gap keeps 0.963^2 per match.
 */
export const PRIOR_RETENTION_PER_MATCH = 0.963;

/**
 * A K-factor Elo starts everyone at 1500, but a typical newcomer is weaker than that. Fitted by log loss on
 * the London 2026 replay together with `PRIOR_NEWCOMER_DEVIATION`: 300, the best value in the men's and in the
 * women's matches alike (docs/ratings.md). The gap decays like the 1500 start itself. Pass
 * `newcomerOffset: 0` for a source without this bias.
 */
export const PRIOR_NEWCOMER_OFFSET = 300;

/**
 * How far a newcomer's true strength may lie from the newcomer mean (1500 - offset): the spread of the
 * players who enter the source, narrower than the 350 of the whole rating population. Starting the decay at
 * 350 told the predictive integral that a newcomer could be anyone, and flattened every prediction with one
 * (on London 2026 the point rating was right for them: log-odds stretch 1.00, the integral 1.44). Fitted
 * with the offset on London 2026 (docs/ratings.md).
 */
export const PRIOR_NEWCOMER_DEVIATION = 250;

/**
 * Deviation of an imported rating backed by `matchCount` matches: the newcomer deviation (250) decays
 * geometrically towards the floor, sqrt(floor^2 + (start^2 - floor^2) * retention^(2n)).
 * @example
 * priorDeviation(0); // 250: a newcomer is one of the newcomers, not anyone at all
 * priorDeviation(30); // 96: thirty matches are not enough for a K = 32 Elo to forget its 1500 start
 * priorDeviation(200); // 55: the floor
 */
export function priorDeviation(matchCount: number, options: PriorOptions = {}): number {
  const { floor, retention, newcomerDeviation } = checkOptions(matchCount, options);
  const remaining = Math.pow(retention, 2 * matchCount);
  return Math.sqrt(floor * floor + (newcomerDeviation * newcomerDeviation - floor * floor) * remaining);
}

/**
 * Expected true rating behind an imported rating: the newcomer offset, decayed like the 1500 start,
 * is taken off, rating - offset * retention^n.
 * @example
 * priorRating(1500, 0); // 1200: a player with no matches yet is a typical newcomer
 * priorRating(1500, 30); // 1403.2
 * priorRating(2100, 300); // 2100
 */
export function priorRating(rating: number, matchCount: number, options: PriorOptions = {}): number {
  const { retention, newcomerOffset } = checkOptions(matchCount, options);
  if (!Number.isFinite(rating)) {
    throw new RatingError(`Cannot map a prior: expected a finite rating, got "${rating}"`);
  }
  return rating - newcomerOffset * Math.pow(retention, matchCount);
}

/**
 * Starting Glicko-2 state for a player: `priorRating` and `priorDeviation` of an Elo-like import, or its
 * rating and deviation as given when it supplies a deviation; default volatility; no prior: 1500 / 350 / 0.06.
 * @example
 * ratingFromPrior({ rating: 1850, matchCount: 120 }); // => { rating: 1846.7, deviation: 55.1, volatility: 0.06 }
 * ratingFromPrior(null); // => { rating: 1500, deviation: 350, volatility: 0.06 }
 */
export function ratingFromPrior(
  prior: RatingPrior | null | undefined,
  options: PriorOptions = {},
): Glicko2Rating {
  if (prior === null || prior === undefined) {
    return { rating: DEFAULT_RATING, deviation: DEFAULT_DEVIATION, volatility: DEFAULT_VOLATILITY };
  }
  const supplied = prior.deviation;
  if (supplied === null || supplied === undefined) {
    return {
      rating: priorRating(prior.rating, prior.matchCount, options),
      deviation: priorDeviation(prior.matchCount, options),
      volatility: DEFAULT_VOLATILITY,
    };
  }
  if (!(supplied > 0)) {
    throw new RatingError(`Cannot map a prior: expected a positive deviation, got "${supplied}"`);
  }
  if (!Number.isFinite(prior.rating)) {
    throw new RatingError(`Cannot map a prior: expected a finite rating, got "${prior.rating}"`);
  }
  if (!Number.isFinite(prior.matchCount) || prior.matchCount < 0) {
    throw new RatingError(
      `Cannot map a prior: expected a non-negative match count, got "${prior.matchCount}"`,
    );
  }
  return {
    rating: prior.rating,
    deviation: Math.min(supplied, MAX_DEVIATION),
    volatility: DEFAULT_VOLATILITY,
  };
}

function checkOptions(
  matchCount: number,
  options: PriorOptions,
): { floor: number; retention: number; newcomerOffset: number; newcomerDeviation: number } {
  const floor = options.floor ?? PRIOR_DEVIATION_FLOOR;
  const retention = options.retention ?? PRIOR_RETENTION_PER_MATCH;
  const newcomerOffset = options.newcomerOffset ?? PRIOR_NEWCOMER_OFFSET;
  const newcomerDeviation = options.newcomerDeviation ?? PRIOR_NEWCOMER_DEVIATION;
  if (!Number.isFinite(matchCount) || matchCount < 0) {
    throw new RatingError(`Cannot map a prior: expected a non-negative match count, got "${matchCount}"`);
  }
  if (!(floor > 0 && floor <= MAX_DEVIATION)) {
    throw new RatingError(`Cannot map a prior: expected a floor from 0 to 350, got "${floor}"`);
  }
  if (!(retention >= 0 && retention <= 1)) {
    throw new RatingError(`Cannot map a prior: expected a retention from 0 to 1, got "${retention}"`);
  }
  if (!Number.isFinite(newcomerOffset)) {
    throw new RatingError(`Cannot map a prior: expected a finite newcomer offset, got "${newcomerOffset}"`);
  }
  if (!(newcomerDeviation >= floor && newcomerDeviation <= MAX_DEVIATION)) {
    throw new RatingError(
      `Cannot map a prior: expected a newcomer deviation from the floor to 350, got "${newcomerDeviation}"`,
    );
  }
  return { floor, retention, newcomerOffset, newcomerDeviation };
}
