/**
 * The scores of the calibration benchmark's predictions against what happened (`deno task calibrate`): log loss,
 * Brier, accuracy and ECE with its bootstrap interval, overall, by confidence label and for the favourite, beside
 * the baseline's; for the replayed matches and for the ties.
 */
import {
  accuracy,
  brier,
  expectedCalibrationError,
  logLoss,
  type ReliabilityBin,
  reliabilityTable,
} from "../domain/calibration.ts";
import { bootstrapInterval } from "../domain/bootstrap.ts";
import type { ConfidenceLabel } from "../domain/prediction.ts";
import type { TieCalibration } from "./calibrate_ties.ts";
import { CalibrateError, type ReplaySource } from "./calibrate_data.ts";
import { LONDON_SOURCE } from "./calibrate_london.ts";
import type { FrozenPrediction, ReplayResult } from "./calibrate_replay.ts";

/** The confidence labels, in the order the report lists them. */
export const LABELS: readonly ConfidenceLabel[] = ["high", "medium", "low", "insufficient"];

/** Proper scores of a set of predictions. */
export interface ScoreLine {
  readonly n: number;
  readonly logLoss: number;
  readonly brier: number;
  readonly accuracy: number;
  /** Expected calibration error over 10 equal-width bins. */
  readonly ece: number;
  /** Its 95% percentile bootstrap interval over the matches (1,000 resamples, seed 1). */
  readonly eceLow: number;
  readonly eceHigh: number;
}

/**
 * Calibration seen from the favourite: its mean predicted probability against how often it won, with two
 * standard errors of the observed rate under the predictions, 2 sqrt(sum p(1-p)) / n. Calibrated when the
 * difference is within them.
 */
export interface FavouriteView {
  readonly predicted: number;
  readonly observed: number;
  readonly twoSe: number;
  readonly calibrated: boolean;
}

/** The scores of one confidence label (or "all"), ours and p_elo on the same matches. */
export interface LabelReport {
  readonly label: ConfidenceLabel | "all";
  readonly n: number;
  readonly ours: ScoreLine | null;
  readonly elo: ScoreLine | null;
  readonly oursFavourite: FavouriteView | null;
  readonly eloFavourite: FavouriteView | null;
  /** Mean width of our 90% interval. */
  readonly meanWidth: number | null;
  readonly reliability: { readonly ours: ReliabilityBin[]; readonly elo: ReliabilityBin[] } | null;
}

/** Checks on the write path: every prediction frozen before its match started, never changed, settled right. */
export interface ReplayIntegrity {
  readonly total: number;
  readonly frozenBeforeStart: number;
  readonly unchanged: number;
  readonly outcomesAgree: number;
}

/** The real-data part of the report, one per data set. */
export interface RealDataReport {
  readonly source: ReplaySource;
  /** The store it ran on (password hidden). */
  readonly store: string;
  readonly replayed: number;
  readonly scored: number;
  readonly points: number;
  readonly seconds: number;
  readonly integrity: ReplayIntegrity;
  /** On the matches with p_elo. */
  readonly ours: ScoreLine;
  readonly elo: ScoreLine;
  /** On every replayed match. */
  readonly oursAll: ScoreLine;
  readonly reliability: { readonly ours: ReliabilityBin[]; readonly elo: ReliabilityBin[] };
  /** The four labels, then "all". */
  readonly labels: readonly LabelReport[];
}

/** Scores of predictions against outcomes (10 bins for the ECE). */
export function scoreLine(ps: readonly number[], ys: readonly number[]): ScoreLine {
  const ece = bootstrapInterval(ps, ys, (p, y) => expectedCalibrationError(p, y), { seed: 1 });
  return {
    n: ps.length,
    logLoss: logLoss(ps, ys),
    brier: brier(ps, ys),
    accuracy: accuracy(ps, ys),
    ece: ece.value,
    eceLow: ece.low,
    eceHigh: ece.high,
  };
}

/**
 * The favourite's view of predictions: mean of max(p, 1 - p) against the favourite's win rate, calibrated when
 * they differ by no more than two standard errors, 2 sqrt(sum p(1-p)) / n (the spread of the observed rate if the
 * predictions are right). An even 0.5 counts home as the favourite.
 * @example
 * favouriteView([0.8, 0.3], [1, 0]); // predicted 0.75, observed 1, twoSe 2 sqrt(0.16 + 0.21) / 2 = 0.608: calibrated
 */
export function favouriteView(ps: readonly number[], ys: readonly number[]): FavouriteView {
  let predicted = 0;
  let observed = 0;
  let variance = 0;
  ps.forEach((p, i) => {
    const fav = Math.max(p, 1 - p);
    predicted += fav;
    observed += (p >= 0.5 ? ys[i] : 1 - (ys[i] ?? 0)) ?? 0;
    variance += fav * (1 - fav);
  });
  const n = ps.length;
  const twoSe = (2 * Math.sqrt(variance)) / n;
  return {
    predicted: predicted / n,
    observed: observed / n,
    twoSe,
    calibrated: Math.abs(observed / n - predicted / n) <= twoSe,
  };
}

const sameFrozen = (a: FrozenPrediction, b: FrozenPrediction) =>
  (Object.keys(a) as (keyof FrozenPrediction)[]).every((k) => a[k] === b[k]) &&
  Object.keys(a).length === Object.keys(b).length;

/** Scores a replay: ours and p_elo on the matches that have p_elo, overall, by bin and by confidence label. */
export function scoreReplay(
  replay: ReplayResult,
  store: string,
  source: ReplaySource = LONDON_SOURCE,
): RealDataReport {
  const all = replay.matches;
  const rated = all.filter((m) => m.pElo !== null);
  if (rated.length === 0) throw new CalibrateError("Cannot score the replay: no match has a p_elo");
  const ours = rated.map((m) => m.pHome);
  const elo = rated.map((m) => m.pElo ?? 0.5);
  const ys = rated.map((m) => m.outcome);
  const labels = [...LABELS, "all" as const].map((label): LabelReport => {
    const subset = rated.filter((m) => label === "all" || m.label === label);
    if (subset.length === 0) {
      return {
        label,
        n: 0,
        ours: null,
        elo: null,
        oursFavourite: null,
        eloFavourite: null,
        meanWidth: null,
        reliability: null,
      };
    }
    const p = subset.map((m) => m.pHome);
    const pe = subset.map((m) => m.pElo ?? 0.5);
    const y = subset.map((m) => m.outcome);
    return {
      label,
      n: subset.length,
      ours: scoreLine(p, y),
      elo: scoreLine(pe, y),
      oursFavourite: favouriteView(p, y),
      eloFavourite: favouriteView(pe, y),
      meanWidth: subset.reduce((s, m) => s + m.ciHigh - m.ciLow, 0) / subset.length,
      reliability: { ours: reliabilityTable(p, y), elo: reliabilityTable(pe, y) },
    };
  });
  return {
    source,
    store,
    replayed: all.length,
    scored: rated.length,
    points: replay.points,
    seconds: replay.seconds,
    integrity: {
      total: all.length,
      frozenBeforeStart:
        all.filter((m) => m.startedAt !== null && Date.parse(m.createdAt) <= Date.parse(m.startedAt))
          .length,
      unchanged: all.filter((m) => sameFrozen(m.frozen, m.final)).length,
      outcomesAgree: all.filter((m) => m.storedOutcome === (m.outcome === 1 ? "home" : "away")).length,
    },
    ours: scoreLine(ours, ys),
    elo: scoreLine(elo, ys),
    oursAll: scoreLine(all.map((m) => m.pHome), all.map((m) => m.outcome)),
    reliability: { ours: reliabilityTable(ours, ys), elo: reliabilityTable(elo, ys) },
    labels,
  };
}

/** One stage of the ties: ours and the baseline on the ties the baseline predicts. */
export interface TieStageLine {
  readonly stage: string;
  readonly n: number;
  readonly ours: ScoreLine;
  readonly elo: ScoreLine;
}

/** The pre-tie predictions of one confidence label (or "all"). */
export interface TieLabelLine {
  readonly label: ConfidenceLabel | "all";
  readonly n: number;
  readonly ours: ScoreLine;
  readonly oursFavourite: FavouriteView;
  readonly meanWidth: number;
}

/** The tie-level part of the report. */
export interface TieReport {
  readonly calibration: Omit<TieCalibration, "predictions">;
  /** Before the tie, every tie (ours only: the baseline misses a player's Elo on some). */
  readonly preAll: ScoreLine;
  readonly stages: readonly TieStageLine[];
  readonly reliability: { readonly ours: ReliabilityBin[]; readonly elo: ReliabilityBin[] };
  readonly labels: readonly TieLabelLine[];
}

/** Scores the tie-level predictions: per stage against the baseline, reliability and labels before the tie. */
export function scoreTies(calibration: TieCalibration): TieReport {
  const { predictions, ...rest } = calibration;
  const paired = predictions.filter((p) => p.elo !== null);
  const line = (stage: string, subset: typeof predictions): TieStageLine[] =>
    subset.length === 0 ? [] : [{
      stage,
      n: subset.length,
      ours: scoreLine(subset.map((p) => p.ours), subset.map((p) => p.outcome)),
      elo: scoreLine(subset.map((p) => p.elo ?? 0.5), subset.map((p) => p.outcome)),
    }];
  const pre = predictions.filter((p) => p.stage === 0);
  const prePaired = paired.filter((p) => p.stage === 0);
  const labels = [...LABELS, "all" as const].flatMap((label): TieLabelLine[] => {
    const subset = pre.filter((p) => label === "all" || p.pre?.confidenceLabel === label);
    if (subset.length === 0) return [];
    const ps = subset.map((p) => p.ours);
    const ys = subset.map((p) => p.outcome);
    return [{
      label,
      n: subset.length,
      ours: scoreLine(ps, ys),
      oursFavourite: favouriteView(ps, ys),
      meanWidth: subset.reduce((sum, p) => sum + (p.pre ? p.pre.ciHigh - p.pre.ciLow : 0), 0) / subset.length,
    }];
  });
  return {
    calibration: rest,
    preAll: scoreLine(pre.map((p) => p.ours), pre.map((p) => p.outcome)),
    stages: [
      ...line("before the tie", prePaired),
      ...[1, 2, 3, 4].flatMap((k) => line(`after match ${k}`, paired.filter((p) => p.stage === k))),
      ...line("live, after matches 1-4 pooled", paired.filter((p) => p.stage > 0)),
    ],
    reliability: {
      ours: reliabilityTable(prePaired.map((p) => p.ours), prePaired.map((p) => p.outcome)),
      elo: reliabilityTable(prePaired.map((p) => p.elo ?? 0.5), prePaired.map((p) => p.outcome)),
    },
    labels,
  };
}
