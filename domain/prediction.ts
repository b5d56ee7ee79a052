/**
 * Pre-match win predictions from Glicko-2 ratings: the predictive probability that folds in both sides'
 * deviations, a 90% interval of the latent win probability, and a confidence label. Why these choices,
 * and how they scored on real matches: docs/ratings.md.
 */

/** One side of a match as the predictor sees it: its rating, deviation and number of rated matches. */
export interface PredictionSide {
  readonly rating: number;
  readonly deviation: number;
  readonly matchCount: number;
}

/** How far a prediction can be trusted; "insufficient" means words, not a number, are shown. */
export type ConfidenceLabel = "high" | "medium" | "low" | "insufficient";

/** A frozen pre-match prediction. */
export interface MatchPrediction {
  /** Predictive probability that the home side wins, both deviations integrated out. */
  readonly pHome: number;
  /** 5% quantile of the latent win probability (never above pHome). */
  readonly ciLow: number;
  /** 95% quantile of the latent win probability (never below pHome). */
  readonly ciHigh: number;
  readonly confidenceLabel: ConfidenceLabel;
}

/** Raised when a prediction input is not usable. */
export class PredictionError extends Error {
  override name = "PredictionError";
}

/**
 * The format the rating scale is defined for: a rating difference d means P(win a best of 5) =
 * 1 / (1 + 10^(-d/400)); other formats go through the single-game probability.
 */
export const REFERENCE_BEST_OF = 5;
/** Below this many rated matches on either side the label is "insufficient". */
export const MIN_MATCHES_FOR_PREDICTION = 5;
/** Above this deviation on either side the label is "insufficient". */
export const MAX_DEVIATION_FOR_PREDICTION = 150;
/** Interval no wider than this (ciHigh - ciLow) is labelled "high". */
export const HIGH_CONFIDENCE_MAX_WIDTH = 0.25;
/** Interval no wider than this is labelled "medium"; wider ones "low". */
export const MEDIUM_CONFIDENCE_MAX_WIDTH = 0.45;
/** z of the 95% quantile of the standard normal: the interval runs from q05 to q95. */
const Z_95 = 1.6448536269514722;
/** Gauss-Hermite nodes for the predictive integral; 64 keep the error below 1e-7 even at deviation 350. */
const HERMITE_NODES = 64;

/**
 * Probability of winning a best-of-N match when each game is won with probability pGame (independent
 * games: the chance of reaching (N+1)/2 games first).
 * @example
 * bestOfWinProbability(0.6, 5); // 0.6^3 * (1 + 3 * 0.4 + 6 * 0.4^2) = 0.68256
 */
export function bestOfWinProbability(pGame: number, bestOf: number): number {
  checkBestOf(bestOf);
  checkProbability("Cannot compute a match probability", "pGame", pGame);
  return matchFromGame(pGame, bestOf);
}

/**
 * Derivative of `bestOfWinProbability` with respect to pGame: N! / (h!)^2 * (p (1 - p))^h, h = (N - 1) / 2.
 * @example
 * bestOfWinProbabilityDerivative(0.5, 5); // 120 / 4 / 16 = 1.875: a best of 5 amplifies a small edge
 */
export function bestOfWinProbabilityDerivative(pGame: number, bestOf: number): number {
  checkBestOf(bestOf);
  checkProbability("Cannot compute a match probability slope", "pGame", pGame);
  return matchSlope(pGame, bestOf);
}

/**
 * Single-game win probability that reproduces a best-of-N match probability (the inverse of
 * `bestOfWinProbability`, by safeguarded Newton).
 * @example
 * gameWinProbability(0.68256, 5); // 0.6
 */
export function gameWinProbability(pMatch: number, bestOf: number): number {
  checkBestOf(bestOf);
  checkProbability("Cannot compute a game probability", "pMatch", pMatch);
  return gameFromMatch(pMatch, bestOf);
}

function matchFromGame(pGame: number, bestOf: number): number {
  const need = (bestOf + 1) / 2;
  const q = 1 - pGame;
  // Sum over the games the loser wins: C(need - 1 + k, k) p^need q^k.
  let total = 0;
  let binomial = 1;
  let qPower = 1;
  for (let k = 0; k < need; k++) {
    total += binomial * qPower;
    binomial = (binomial * (need + k)) / (k + 1);
    qPower *= q;
  }
  return Math.min(1, Math.pow(pGame, need) * total);
}

function matchSlope(pGame: number, bestOf: number): number {
  const h = (bestOf - 1) / 2;
  let coefficient = 1;
  for (let k = h + 1; k <= bestOf; k++) coefficient *= k;
  for (let k = 2; k <= h; k++) coefficient /= k;
  return coefficient * Math.pow(pGame * (1 - pGame), h);
}

function gameFromMatch(pMatch: number, bestOf: number): number {
  if (bestOf === 1) return pMatch;
  // Solve below 1/2 and mirror: P_boN(1 - p) = 1 - P_boN(p), so both halves are equally exact.
  if (pMatch > 0.5) return 1 - gameFromMatch(1 - pMatch, bestOf);
  if (pMatch === 0) return 0;
  const need = (bestOf + 1) / 2;
  let low = 0;
  let high = 0.5;
  // Start near the answer: linear around 1/2, P ~ C(N, need) p^need near 0.
  let p = pMatch > 0.25
    ? 0.5 + (pMatch - 0.5) / matchSlope(0.5, bestOf)
    : Math.pow(pMatch / binomial(bestOf, need), 1 / need);
  if (!(p > low && p < high)) p = (low + high) / 2;
  for (let i = 0; i < 100; i++) {
    const f = matchFromGame(p, bestOf) - pMatch;
    if (f === 0) return p;
    if (f < 0) low = p;
    else high = p;
    let next = p - f / matchSlope(p, bestOf);
    // Newton leaving the bracket falls back to bisection.
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - p) <= 4e-16 * Math.max(p, 1e-300)) return next;
    p = next;
  }
  return p;
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

function checkProbability(action: string, name: string, value: number): void {
  if (!(value >= 0 && value <= 1)) {
    throw new PredictionError(`${action}: expected ${name} from 0 to 1, got "${value}"`);
  }
}

/**
 * Match win probability for a known rating difference d (home minus away) in a best-of-N match.
 * @example
 * // Defined for best of 5 as the Elo/Glicko logistic curve; other formats go through the game probability:
 * winCurve(200, 5); // 1 / (1 + 10^(-0.5)) = 0.7597
 * winCurve(200, 7); // 0.7947: a longer match favours the favourite more (best of 3: 0.7138)
 */
export function winCurve(ratingDifference: number, bestOf: number): number {
  checkBestOf(bestOf);
  const p5 = 1 / (1 + Math.pow(10, -ratingDifference / 400));
  if (bestOf === REFERENCE_BEST_OF) return p5;
  return matchFromGame(gameFromMatch(p5, REFERENCE_BEST_OF), bestOf);
}

/**
 * Predicts a match: pHome = E[winCurve(D)] with D ~ Normal(r_h - r_a, sqrt(RD_h^2 + RD_a^2)), a 90%
 * interval from the 5% and 95% quantiles of D through the monotone curve, and a confidence label.
 * @example
 * predictMatch({ rating: 1700, deviation: 60, matchCount: 80 }, { rating: 1500, deviation: 60, matchCount: 40 }, 5);
 * // => { pHome: 0.749, ciLow: 0.586, ciHigh: 0.876, confidenceLabel: "medium" }
 */
export function predictMatch(home: PredictionSide, away: PredictionSide, bestOf: number): MatchPrediction {
  checkSide("home", home);
  checkSide("away", away);
  checkBestOf(bestOf);
  const mean = home.rating - away.rating;
  const sd = Math.hypot(home.deviation, away.deviation);
  const curve = (d: number): number => winCurve(d, bestOf);

  const pHome = expectNormal(curve, mean, sd);
  // Clamp: for a very wide, far off-centre D the mean of the curve can sit outside its quantiles.
  const ciLow = Math.min(curve(mean - Z_95 * sd), pHome);
  const ciHigh = Math.max(curve(mean + Z_95 * sd), pHome);
  return { pHome, ciLow, ciHigh, confidenceLabel: confidenceLabel(home, away, ciHigh - ciLow) };
}

/**
 * Label of a prediction: "insufficient" when either side has fewer than 5 rated matches or a deviation
 * above 150; otherwise "high" for an interval at most 0.25 wide, "medium" up to 0.45, "low" beyond.
 * @example
 * confidenceLabel({ rating: 1600, deviation: 80, matchCount: 4 }, { rating: 1500, deviation: 80, matchCount: 50 }, 0.1);
 * // => "insufficient" (the home side has only 4 rated matches)
 */
export function confidenceLabel(home: PredictionSide, away: PredictionSide, width: number): ConfidenceLabel {
  if (Math.min(home.matchCount, away.matchCount) < MIN_MATCHES_FOR_PREDICTION) return "insufficient";
  if (Math.max(home.deviation, away.deviation) > MAX_DEVIATION_FOR_PREDICTION) return "insufficient";
  if (width <= HIGH_CONFIDENCE_MAX_WIDTH) return "high";
  if (width <= MEDIUM_CONFIDENCE_MAX_WIDTH) return "medium";
  return "low";
}

/**
 * A doubles pair as one side: the mean of the two ratings, the root mean square of the two deviations
 * (no shrinking for averaging: how a pair plays together is not known from singles), the smaller match count.
 * @example
 * teamRating({ rating: 1800, deviation: 60, matchCount: 90 }, { rating: 1600, deviation: 80, matchCount: 12 });
 * // => { rating: 1700, deviation: 70.71, matchCount: 12 }
 */
export function teamRating(a: PredictionSide, b: PredictionSide): PredictionSide {
  checkSide("a", a);
  checkSide("b", b);
  return {
    rating: (a.rating + b.rating) / 2,
    deviation: Math.sqrt((a.deviation * a.deviation + b.deviation * b.deviation) / 2),
    matchCount: Math.min(a.matchCount, b.matchCount),
  };
}

/** E[f(X)] for X ~ Normal(mean, sd) by Gauss-Hermite quadrature. */
function expectNormal(f: (x: number) => number, mean: number, sd: number): number {
  if (sd === 0) return f(mean);
  hermiteRule ??= computeHermiteRule(HERMITE_NODES);
  const { nodes, weights, weightSum } = hermiteRule;
  let total = 0;
  for (let i = 0; i < nodes.length; i++) {
    total += (weights[i] ?? 0) * f(mean + Math.SQRT2 * sd * (nodes[i] ?? 0));
  }
  // The weights sum to sqrt(pi) in exact arithmetic; dividing by their sum keeps a constant exact.
  return Math.min(1, Math.max(0, total / weightSum));
}

/** Computed once, on first use. */
let hermiteRule: { nodes: number[]; weights: number[]; weightSum: number } | undefined;

/** Nodes and weights of the n-point Gauss-Hermite rule (weight e^(-x^2)), by Newton on the orthonormal recurrence. */
function computeHermiteRule(n: number): { nodes: number[]; weights: number[]; weightSum: number } {
  const nodes = new Array<number>(n).fill(0);
  const weights = new Array<number>(n).fill(0);
  const pim4 = Math.pow(Math.PI, -0.25);
  const m = Math.floor((n + 1) / 2);
  let z = 0;
  for (let i = 0; i < m; i++) {
    // Initial guesses for the roots, largest first (Numerical Recipes, gauher).
    if (i === 0) z = Math.sqrt(2 * n + 1) - 1.85575 * Math.pow(2 * n + 1, -0.16667);
    else if (i === 1) z -= (1.14 * Math.pow(n, 0.426)) / z;
    else if (i === 2) z = 1.86 * z - 0.86 * (nodes[0] ?? 0);
    else if (i === 3) z = 1.91 * z - 0.91 * (nodes[1] ?? 0);
    else z = 2 * z - (nodes[i - 2] ?? 0);
    let pp = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      let p1 = pim4;
      let p2 = 0;
      for (let j = 0; j < n; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = z * Math.sqrt(2 / (j + 1)) * p2 - Math.sqrt(j / (j + 1)) * p3;
      }
      pp = Math.sqrt(2 * n) * p2;
      const previous = z;
      z = previous - p1 / pp;
      if (Math.abs(z - previous) <= 1e-15) break;
    }
    nodes[i] = z;
    nodes[n - 1 - i] = -z;
    weights[i] = 2 / (pp * pp);
    weights[n - 1 - i] = weights[i] ?? 0;
  }
  // Sum the weights smallest first so that the normalising constant is as exact as the rule.
  const weightSum = [...weights].sort((a, b) => a - b).reduce((sum, w) => sum + w, 0);
  return { nodes, weights, weightSum };
}

function checkSide(what: string, side: PredictionSide): void {
  if (!Number.isFinite(side.rating)) {
    throw new PredictionError(
      `Cannot predict a match: expected a finite "${what}.rating", got "${side.rating}"`,
    );
  }
  if (!Number.isFinite(side.deviation) || side.deviation < 0) {
    throw new PredictionError(
      `Cannot predict a match: expected a non-negative "${what}.deviation", got "${side.deviation}"`,
    );
  }
  if (!Number.isFinite(side.matchCount) || side.matchCount < 0) {
    throw new PredictionError(
      `Cannot predict a match: expected a non-negative "${what}.matchCount", got "${side.matchCount}"`,
    );
  }
}

function checkBestOf(bestOf: number): void {
  if (!Number.isInteger(bestOf) || bestOf < 1 || bestOf % 2 === 0) {
    throw new PredictionError(`Cannot predict a match: expected an odd number of games, got "${bestOf}"`);
  }
}
