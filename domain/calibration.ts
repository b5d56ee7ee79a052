/**
 * Calibration maths for the prediction model: proper scores, reliability by bin, interval coverage, a
 * seeded PRNG and a tournament simulation with known true strengths. Pure functions over arrays, so the
 * offline check (scripts/model_check.ts) and a store-backed one compute the same figures.
 */

import {
  DEFAULT_DEVIATION,
  DEFAULT_RATING,
  DEFAULT_VOLATILITY,
  DEVIATION_GROWTH_PER_DAY,
  GLICKO2_SCALE,
  type Glicko2Options,
  type Glicko2Rating,
  inflateDeviation,
  rateMatch,
} from "./glicko2.ts";
import { mulberry32 } from "./lot.ts";
import { type ConfidenceLabel, predictMatch, winCurve } from "./prediction.ts";
import { priorDeviation, type PriorOptions } from "./rating_prior.ts";

/** Raised when metric inputs do not fit together. */
export class CalibrationError extends Error {
  override name = "CalibrationError";
}

/** Probabilities are clipped to [1e-15, 1 - 1e-15] in the log loss so that one certainty cannot make it infinite. */
export const LOG_LOSS_EPSILON = 1e-15;

/** One bin of a reliability table. */
export interface ReliabilityBin {
  /** Inclusive lower edge (the last bin also includes 1). */
  readonly low: number;
  /** Exclusive upper edge. */
  readonly high: number;
  readonly count: number;
  /** Mean predicted probability in the bin; null for an empty bin. */
  readonly meanPredicted: number | null;
  /** Share of outcomes that were 1; null for an empty bin. */
  readonly observedRate: number | null;
}

/**
 * Mean negative log-likelihood of the outcomes (natural log); 0.6931 is a coin flip.
 * @example
 * logLoss([0.8, 0.4], [1, 0]); // (-ln 0.8 - ln 0.6) / 2 = 0.3670
 */
export function logLoss(ps: readonly number[], outcomes: readonly number[]): number {
  checkPairs(ps, outcomes);
  let total = 0;
  ps.forEach((p, i) => {
    const clipped = Math.min(1 - LOG_LOSS_EPSILON, Math.max(LOG_LOSS_EPSILON, p));
    total -= outcomes[i] === 1 ? Math.log(clipped) : Math.log(1 - clipped);
  });
  return total / ps.length;
}

/**
 * Brier score: mean squared difference between probability and outcome; 0.25 is a coin flip.
 * @example
 * brier([0.8, 0.4], [1, 0]); // (0.04 + 0.16) / 2 = 0.1
 */
export function brier(ps: readonly number[], outcomes: readonly number[]): number {
  checkPairs(ps, outcomes);
  let total = 0;
  ps.forEach((p, i) => {
    total += (p - (outcomes[i] ?? 0)) ** 2;
  });
  return total / ps.length;
}

/**
 * Share of outcomes on the side the probability favours; an exact 0.5 counts as half right.
 * @example
 * accuracy([0.8, 0.4, 0.5, 0.3], [1, 1, 0, 0]); // (1 + 0 + 0.5 + 1) / 4 = 0.625
 */
export function accuracy(ps: readonly number[], outcomes: readonly number[]): number {
  checkPairs(ps, outcomes);
  let total = 0;
  ps.forEach((p, i) => {
    if (p === 0.5) total += 0.5;
    else if ((p > 0.5) === (outcomes[i] === 1)) total += 1;
  });
  return total / ps.length;
}

/**
 * Equal-width bins over [0, 1] with their count, mean prediction and observed rate.
 * @example
 * reliabilityTable([0.05, 0.15, 0.12], [0, 1, 0], 10)[1];
 * // => { low: 0.1, high: 0.2, count: 2, meanPredicted: 0.135, observedRate: 0.5 }
 */
export function reliabilityTable(
  ps: readonly number[],
  outcomes: readonly number[],
  bins = 10,
): ReliabilityBin[] {
  checkPairs(ps, outcomes);
  checkBins(bins);
  const counts = new Array<number>(bins).fill(0);
  const sums = new Array<number>(bins).fill(0);
  const wins = new Array<number>(bins).fill(0);
  ps.forEach((p, i) => {
    const bin = binOf(p, bins);
    counts[bin] = (counts[bin] ?? 0) + 1;
    sums[bin] = (sums[bin] ?? 0) + p;
    wins[bin] = (wins[bin] ?? 0) + (outcomes[i] ?? 0);
  });
  return counts.map((count, bin) => ({
    low: bin / bins,
    high: (bin + 1) / bins,
    count,
    meanPredicted: count === 0 ? null : (sums[bin] ?? 0) / count,
    observedRate: count === 0 ? null : (wins[bin] ?? 0) / count,
  }));
}

/**
 * Expected calibration error: the count-weighted mean of |mean prediction - observed rate| over the bins.
 * @example
 * expectedCalibrationError([0.05, 0.15, 0.12], [0, 1, 0], 10);
 * // (1 * |0.05 - 0| + 2 * |0.135 - 0.5|) / 3 = 0.26
 */
export function expectedCalibrationError(
  ps: readonly number[],
  outcomes: readonly number[],
  bins = 10,
): number {
  const table = reliabilityTable(ps, outcomes, bins);
  let total = 0;
  for (const row of table) {
    if (row.count > 0) total += row.count * Math.abs((row.meanPredicted ?? 0) - (row.observedRate ?? 0));
  }
  return total / ps.length;
}

/**
 * Share of true values that lie inside their interval [low, high] (bounds included).
 * @example
 * intervalCoverage([0.2, 0.5], [0.6, 0.9], [0.6, 0.4]); // 0.5
 */
export function intervalCoverage(
  lows: readonly number[],
  highs: readonly number[],
  truths: readonly number[],
): number {
  if (lows.length !== highs.length || lows.length !== truths.length) {
    throw new CalibrationError(
      `Cannot measure coverage: expected arrays of one length, got "${lows.length}", "${highs.length}" and "${truths.length}"`,
    );
  }
  if (lows.length === 0) throw new CalibrationError("Cannot measure coverage: no intervals given");
  let inside = 0;
  truths.forEach((truth, i) => {
    if ((lows[i] ?? Infinity) <= truth && truth <= (highs[i] ?? -Infinity)) inside += 1;
  });
  return inside / truths.length;
}

/** Options of `simulateTournaments`; every count has a default. */
export interface SimulationOptions {
  /** Seed of the PRNG: the only source of randomness. */
  readonly seed: number;
  /** Players in the pool (even; default 64). */
  readonly players?: number;
  /** Tournaments played one after the other (default 6). */
  readonly tournaments?: number;
  /** Rounds of random pairings per tournament: each player plays once a round (default 7). */
  readonly roundsPerTournament?: number;
  /** Games per match (default 5). */
  readonly bestOf?: number;
  /** Mean of the true ratings (default 1500). */
  readonly strengthMean?: number;
  /** Standard deviation of the true ratings; at least the largest prior deviation (default 350). */
  readonly strengthSpread?: number;
  /** Imported match counts are drawn uniformly from 0 to this (default 150). */
  readonly maxPriorMatches?: number;
  /** Idle days between tournaments, inflating every deviation (default 30). */
  readonly daysBetweenTournaments?: number;
  /**
   * Whether true strengths wander as the model assumes: by DEVIATION_GROWTH_PER_DAY per sqrt(idle day)
   * and by the default volatility per match (default true; false keeps them fixed).
   */
  readonly drift?: boolean;
  readonly glicko?: Glicko2Options;
  readonly prior?: PriorOptions;
}

/** One simulated match: the frozen prediction, the true win probability and what happened. */
export interface SimulatedMatch {
  readonly tournament: number;
  readonly pHome: number;
  readonly ciLow: number;
  readonly ciHigh: number;
  readonly confidenceLabel: ConfidenceLabel;
  /** Win probability from the true strengths through the same win curve. */
  readonly trueP: number;
  /** 1 when home won. */
  readonly outcome: number;
}

/**
 * Plays tournaments among players of known true strength, predicting each match before rating it.
 * Each player starts where `ratingFromPrior` would put a consistent import: an estimate drawn from the
 * population, the true strength drawn around it with `priorDeviation` of an imported match count.
 * Outcomes follow `winCurve` of the true difference, so the ECE of pHome against outcomes and the
 * coverage of [ciLow, ciHigh] over trueP test the model against its own assumptions.
 * @example
 * const matches = simulateTournaments({ seed: 7 });
 * expectedCalibrationError(matches.map((m) => m.pHome), matches.map((m) => m.outcome));
 * // 0.031 on one seed's 1,344 matches (mostly binning noise); 20 seeds pooled give 0.006
 */
export function simulateTournaments(options: SimulationOptions): SimulatedMatch[] {
  const players = options.players ?? 64;
  const tournaments = options.tournaments ?? 6;
  const rounds = options.roundsPerTournament ?? 7;
  const bestOf = options.bestOf ?? 5;
  const mean = options.strengthMean ?? DEFAULT_RATING;
  const spread = options.strengthSpread ?? DEFAULT_DEVIATION;
  const maxPriorMatches = options.maxPriorMatches ?? 150;
  const idleDays = options.daysBetweenTournaments ?? 30;
  const drift = options.drift ?? true;
  if (!Number.isInteger(players) || players < 2 || players % 2 !== 0) {
    throw new CalibrationError(`Cannot simulate: expected an even number of players, got "${players}"`);
  }
  const random = mulberry32(options.seed);
  const normal = normalSampler(random);
  const matchDrift = drift ? DEFAULT_VOLATILITY * GLICKO2_SCALE : 0;
  const idleDrift = drift ? DEVIATION_GROWTH_PER_DAY * Math.sqrt(idleDays) : 0;

  const truth: number[] = [];
  const state: Glicko2Rating[] = [];
  const counts: number[] = [];
  for (let i = 0; i < players; i++) {
    const matchCount = Math.floor(random() * (maxPriorMatches + 1));
    const deviation = priorDeviation(matchCount, options.prior);
    // The estimate carries the population spread the deviation does not: truth = estimate + error.
    const estimate = mean + Math.sqrt(Math.max(0, spread * spread - deviation * deviation)) * normal();
    truth.push(estimate + deviation * normal());
    counts.push(matchCount);
    state.push({ rating: estimate, deviation, volatility: DEFAULT_VOLATILITY });
  }

  const matches: SimulatedMatch[] = [];
  const order = Array.from({ length: players }, (_, i) => i);
  for (let tournament = 0; tournament < tournaments; tournament++) {
    if (tournament > 0) {
      for (let i = 0; i < players; i++) {
        state[i] = inflateDeviation(at(state, i), idleDays);
        truth[i] = at(truth, i) + idleDrift * normal();
      }
    }
    for (let round = 0; round < rounds; round++) {
      shuffle(order, random);
      for (let k = 0; k < players; k += 2) {
        const h = at(order, k);
        const a = at(order, k + 1);
        // Glicko-2 adds the volatility to the deviation before each period: the strength may have moved.
        truth[h] = at(truth, h) + matchDrift * normal();
        truth[a] = at(truth, a) + matchDrift * normal();
        const home = at(state, h);
        const away = at(state, a);
        const prediction = predictMatch(
          { rating: home.rating, deviation: home.deviation, matchCount: at(counts, h) },
          { rating: away.rating, deviation: away.deviation, matchCount: at(counts, a) },
          bestOf,
        );
        const trueP = winCurve(at(truth, h) - at(truth, a), bestOf);
        const homeWon = random() < trueP;
        matches.push({ tournament, ...prediction, trueP, outcome: homeWon ? 1 : 0 });
        const rated = rateMatch(home, away, homeWon, { ...options.glicko, bestOf });
        state[h] = rated.home;
        state[a] = rated.away;
        counts[h] = at(counts, h) + 1;
        counts[a] = at(counts, a) + 1;
      }
    }
  }
  return matches;
}

function normalSampler(random: () => number): () => number {
  // Box-Muller; 1 - u keeps the logarithm finite since u can be 0.
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function shuffle(items: number[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const item = at(items, i);
    items[i] = at(items, j);
    items[j] = item;
  }
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new CalibrationError(`Cannot simulate: no item at index "${index}"`);
  return item;
}

function binOf(p: number, bins: number): number {
  return Math.min(bins - 1, Math.max(0, Math.floor(p * bins)));
}

function checkPairs(ps: readonly number[], outcomes: readonly number[]): void {
  if (ps.length !== outcomes.length) {
    throw new CalibrationError(
      `Cannot score predictions: got "${ps.length}" probabilities for "${outcomes.length}" outcomes`,
    );
  }
  if (ps.length === 0) throw new CalibrationError("Cannot score predictions: no predictions given");
  ps.forEach((p, i) => {
    if (!(p >= 0 && p <= 1)) {
      throw new CalibrationError(`Cannot score predictions: expected "ps[${i}]" from 0 to 1, got "${p}"`);
    }
    const outcome = outcomes[i];
    if (outcome !== 0 && outcome !== 1) {
      throw new CalibrationError(
        `Cannot score predictions: expected "outcomes[${i}]" 0 or 1, got "${outcome}"`,
      );
    }
  });
}

function checkBins(bins: number): void {
  if (!Number.isInteger(bins) || bins < 1) {
    throw new CalibrationError(
      `Cannot build a reliability table: expected a positive bin count, got "${bins}"`,
    );
  }
}
