/**
 * The simulation part of the calibration benchmark (`deno task calibrate`): tournaments with known true strengths,
 * several seeds pooled, scored by format and by confidence label.
 */
import {
  expectedCalibrationError,
  intervalCoverage,
  logLoss,
  type SimulatedMatch,
  simulateTournaments,
} from "../domain/calibration.ts";
import { type FavouriteView, favouriteView, LABELS } from "./calibrate_scores.ts";

/** Seeds pooled in the simulation by default: one seed alone is mostly binning noise (docs/ratings.md). */
export const DEFAULT_SEEDS = 20;

/** One line of the simulation: a format or a label, pooled over the seeds. */
export interface SimulationLine {
  readonly setting: string;
  readonly n: number;
  readonly ece: number;
  /** Share of matches whose 90% interval holds the true win probability. */
  readonly coverage: number;
  readonly meanWidth: number;
  readonly logLoss: number;
  /** Log loss of the true probabilities: the floor no model can beat on these outcomes. */
  readonly truthLogLoss: number;
  readonly favourite: FavouriteView;
}

/** The simulation part of the report. */
export interface SimulationReport {
  readonly seeds: number;
  /** Best of 3, 5 and 7. */
  readonly formats: readonly SimulationLine[];
  /** Each confidence label, pooled over the three formats. */
  readonly labels: readonly SimulationLine[];
}

function simulationLine(setting: string, sims: readonly SimulatedMatch[]): SimulationLine {
  const ps = sims.map((m) => m.pHome);
  const ys = sims.map((m) => m.outcome);
  const truth = sims.map((m) => m.trueP);
  return {
    setting,
    n: sims.length,
    ece: expectedCalibrationError(ps, ys),
    coverage: intervalCoverage(sims.map((m) => m.ciLow), sims.map((m) => m.ciHigh), truth),
    meanWidth: sims.reduce((s, m) => s + m.ciHigh - m.ciLow, 0) / sims.length,
    logLoss: logLoss(ps, ys),
    truthLogLoss: logLoss(truth, ys),
    favourite: favouriteView(ps, ys),
  };
}

/**
 * Plays `simulateTournaments` (64 players x 6 tournaments x 7 rounds) for seeds 1..`seeds` in best of 3, 5 and 7,
 * and measures ECE and 90% interval coverage of the true win probability per format and per label.
 */
export function simulationReport(seeds = DEFAULT_SEEDS): SimulationReport {
  const byFormat = [3, 5, 7].map((bestOf) => ({
    bestOf,
    sims: Array.from({ length: seeds }, (_, s) => simulateTournaments({ seed: s + 1, bestOf })).flat(),
  }));
  const pooled = byFormat.flatMap((f) => f.sims);
  return {
    seeds,
    formats: byFormat.map((f) => simulationLine(`best of ${f.bestOf}`, f.sims)),
    labels: LABELS.map((label) => ({ label, sims: pooled.filter((m) => m.confidenceLabel === label) }))
      .filter((l) => l.sims.length > 0).map((l) => simulationLine(`label ${l.label}`, l.sims)),
  };
}
