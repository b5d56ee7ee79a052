/**
 * Win probabilities of a tie (a team match of several individual matches, the first side to `winsNeeded`
 * wins takes it): exact, by dynamic programming over the matches still to play, in their order; a match after
 * the tie is decided does not count. Before the tie, from the line-up's match predictions, with an interval and a
 * confidence label like a match's (domain/prediction.ts); during it, live, from the matches left.
 *
 * The matches are taken as independent given their probabilities. How the interval carries each match's
 * uncertainty to the tie (both ends of every match's 90% interval at once) and how it scored on the 2026 World
 * Team Championships: docs/teams.md, docs/calibration.md.
 *
 * @module
 */
import {
  type ConfidenceLabel,
  HIGH_CONFIDENCE_MAX_WIDTH,
  type MatchPrediction,
  MEDIUM_CONFIDENCE_MAX_WIDTH,
  PredictionError,
} from "./prediction.ts";

/** A side of a tie: the team listed first ("home", the A-B-C side of a World Team Championships tie) or second. */
export type TieSide = "home" | "away";

/** How a tie can end from a given score: each side's probability of taking it, and of no side reaching the wins. */
export interface TieOutcome {
  readonly home: number;
  readonly away: number;
  /** Only for formats whose matches can all be played without a side reaching `winsNeeded`. */
  readonly undecided: number;
}

/** A tie prediction: the home side's probability of winning the tie, a 90% interval and a confidence label. */
export interface TiePrediction {
  readonly pHome: number;
  /** Lower end: the tie probability with every remaining match at the low end of its 90% interval. */
  readonly ciLow: number;
  /** Upper end: every remaining match at the high end of its interval. */
  readonly ciHigh: number;
  readonly confidenceLabel: ConfidenceLabel;
}

function fail(message: string): never {
  throw new PredictionError(`Cannot predict the tie: ${message}`);
}

function checkScore(homeWins: number, awayWins: number, winsNeeded: number): void {
  if (!Number.isInteger(winsNeeded) || winsNeeded < 1) {
    fail(`expected the wins needed as a whole number from 1, got "${winsNeeded}"`);
  }
  for (const [name, wins] of [["homeWins", homeWins], ["awayWins", awayWins]] as const) {
    if (!Number.isInteger(wins) || wins < 0) {
      fail(`expected "${name}" as a whole number from 0, got "${wins}"`);
    }
  }
  if (homeWins >= winsNeeded && awayWins >= winsNeeded) {
    fail(`both sides have the ${winsNeeded} wins needed (${homeWins}-${awayWins})`);
  }
}

/**
 * How the tie ends from `homeWins`-`awayWins`, when match i of those left is won by home with probability
 * `pRemaining[i]`, in order of play: the distribution over the scores still open, carried match by match; a score
 * that reaches `winsNeeded` is decided and plays no further match.
 * @example
 * tieOutcome([0.6, 0.6, 0.6, 0.6, 0.6], 0, 0, 3); // home 0.68256 (P(Binomial(5, 0.6) >= 3)), away 0.31744
 * tieOutcome([0.5, 0.5], 0, 0, 2); // home 0.25, away 0.25, undecided 0.5 (1-1 after both)
 */
export function tieOutcome(
  pRemaining: readonly number[],
  homeWins: number,
  awayWins: number,
  winsNeeded: number,
): TieOutcome {
  checkScore(homeWins, awayWins, winsNeeded);
  pRemaining.forEach((p, i) => {
    if (!(p >= 0 && p <= 1)) fail(`expected match ${i + 1}'s probability from 0 to 1, got "${p}"`);
  });
  if (homeWins >= winsNeeded) return { home: 1, away: 0, undecided: 0 };
  if (awayWins >= winsNeeded) return { home: 0, away: 1, undecided: 0 };
  // open[h][a]: probability that the tie stands at h-a, both below winsNeeded, after the matches so far.
  let open = Array.from({ length: winsNeeded }, () => new Array<number>(winsNeeded).fill(0));
  open[homeWins]![awayWins] = 1;
  let home = 0;
  let away = 0;
  for (const p of pRemaining) {
    const next = Array.from({ length: winsNeeded }, () => new Array<number>(winsNeeded).fill(0));
    for (let h = 0; h < winsNeeded; h++) {
      for (let a = 0; a < winsNeeded; a++) {
        const mass = open[h]![a]!;
        if (mass === 0) continue;
        if (h + 1 === winsNeeded) home += mass * p;
        else next[h + 1]![a]! += mass * p;
        if (a + 1 === winsNeeded) away += mass * (1 - p);
        else next[h]![a + 1]! += mass * (1 - p);
      }
    }
    open = next;
  }
  const undecided = open.flat().reduce((sum, mass) => sum + mass, 0);
  return { home, away, undecided };
}

/**
 * The home side's probability of winning the tie from `homeWins`-`awayWins` (see `tieOutcome`).
 * @example
 * tieWinProbability([0.5, 0.5, 0.5, 0.5, 0.5], 0, 0, 3); // 0.5
 * tieWinProbability([0.6, 0.6, 0.6, 0.6], 1, 0, 3); // 0.8208: 2 of the 4 left before the other side's 3
 */
export function tieWinProbability(
  pRemaining: readonly number[],
  homeWins: number,
  awayWins: number,
  winsNeeded: number,
): number {
  return tieOutcome(pRemaining, homeWins, awayWins, winsNeeded).home;
}

/** The score of the matches already played, home wins first. */
function scoreOf(played: readonly TieSide[]): [number, number] {
  const homeWins = played.filter((side) => side === "home").length;
  return [homeWins, played.length - homeWins];
}

/**
 * Predicts a tie from the predictions of its matches in order of play (the line-up decides who meets whom), after
 * the results `played` of its first matches (none before the tie). `pHome` is `tieWinProbability` of the matches'
 * pHome; the 90% interval evaluates it with every remaining match at the low end of its own interval, then at the
 * high end: the tie probability grows with each match probability, so these are the interval's exact ends when
 * the matches' errors go together (they share players and one rating model), and wider than with independent
 * errors, never narrower. The label: "insufficient" when the remaining matches labelled "insufficient" are
 * enough for either side to reach its wins (the rated matches alone leave the tie open); otherwise by the width
 * of the interval, with a match's limits (at most 0.25 "high", at most 0.45 "medium", else "low"). A decided tie
 * is certain: pHome 1 or 0, "high".
 * @example
 * const m = { pHome: 0.6, ciLow: 0.5, ciHigh: 0.7, confidenceLabel: "high" } as const;
 * predictTie([m, m, m, m, m], 3); // pHome 0.68256, ciLow 0.5, ciHigh 0.83692, "medium" (width 0.337)
 */
export function predictTie(
  matches: readonly MatchPrediction[],
  winsNeeded: number,
  played: readonly TieSide[] = [],
): TiePrediction {
  if (played.length > matches.length) {
    fail(`${played.length} results are given for a tie of ${matches.length} matches`);
  }
  const [homeWins, awayWins] = scoreOf(played);
  const remaining = matches.slice(played.length);
  const at = (pick: (m: MatchPrediction) => number) =>
    tieWinProbability(remaining.map(pick), homeWins, awayWins, winsNeeded);
  const pHome = at((m) => m.pHome);
  if (homeWins >= winsNeeded || awayWins >= winsNeeded) {
    return { pHome, ciLow: pHome, ciHigh: pHome, confidenceLabel: "high" };
  }
  const ciLow = Math.min(at((m) => m.ciLow), pHome);
  const ciHigh = Math.max(at((m) => m.ciHigh), pHome);
  const unrated = remaining.filter((m) => m.confidenceLabel === "insufficient").length;
  const closest = Math.min(winsNeeded - homeWins, winsNeeded - awayWins);
  const width = ciHigh - ciLow;
  const confidenceLabel: ConfidenceLabel = unrated >= closest
    ? "insufficient"
    : width <= HIGH_CONFIDENCE_MAX_WIDTH
    ? "high"
    : width <= MEDIUM_CONFIDENCE_MAX_WIDTH
    ? "medium"
    : "low";
  return { pHome, ciLow, ciHigh, confidenceLabel };
}

/**
 * The live probability that the home side wins the tie: before the tie and after each result of `results` (so
 * one more value than results), each from the matches left, with `pHome[i]` the probability that home wins match
 * i. A value after the tie is decided is 1 or 0.
 * @example
 * liveTieProbabilities([0.6, 0.6, 0.6, 0.6, 0.6], ["home", "away", "home", "home"], 3);
 * // [0.68256, 0.8208, 0.648, 0.84, 1]
 */
export function liveTieProbabilities(
  pHome: readonly number[],
  results: readonly TieSide[],
  winsNeeded: number,
): number[] {
  if (results.length > pHome.length) {
    fail(`${results.length} results are given for a tie of ${pHome.length} matches`);
  }
  return Array.from({ length: results.length + 1 }, (_, k) => {
    const [homeWins, awayWins] = scoreOf(results.slice(0, k));
    if (homeWins >= winsNeeded || awayWins >= winsNeeded) return homeWins >= winsNeeded ? 1 : 0;
    return tieWinProbability(pHome.slice(k), homeWins, awayWins, winsNeeded);
  });
}

/**
 * What a tie's prediction takes for a match that has none (a player without a rating): an even chance, anything
 * possible, "insufficient", so that the tie's interval and label say how little is known.
 */
export const UNKNOWN_MATCH: MatchPrediction = {
  pHome: 0.5,
  ciLow: 0,
  ciHigh: 1,
  confidenceLabel: "insufficient",
};
