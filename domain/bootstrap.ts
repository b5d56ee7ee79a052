/**
 * Percentile bootstrap intervals of a score of predictions (Efron and Tibshirani, "An Introduction to the
 * Bootstrap", 1993, ch. 13): the matches are resampled with replacement, the score computed on each resample.
 * Randomness comes in as a seed.
 */

import { mulberry32 } from "./lot.ts";

/** Raised when the inputs of a bootstrap do not fit together. */
export class BootstrapError extends Error {
  override name = "BootstrapError";
}

/** Options of `bootstrapInterval`. */
export interface BootstrapOptions {
  /** Seed of the PRNG (default 1). */
  readonly seed?: number;
  /** Resamples (default 1000). */
  readonly samples?: number;
  /** Coverage of the interval (default 0.95: from the 2.5% to the 97.5% quantile). */
  readonly level?: number;
}

/** A score and its bootstrap interval. */
export interface BootstrapInterval {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/**
 * The score of `ps` against `outcomes` and its percentile bootstrap interval over resampled matches.
 * @example
 * bootstrapInterval([0.9, 0.2, 0.7, 0.6], [1, 0, 0, 1], expectedCalibrationError, { seed: 3 });
 * // { value: 0.35, low: 0.15, high: 0.575 }: the ECE of the four, and where resampling them puts it
 */
export function bootstrapInterval(
  ps: readonly number[],
  outcomes: readonly number[],
  score: (ps: readonly number[], outcomes: readonly number[]) => number,
  options: BootstrapOptions = {},
): BootstrapInterval {
  const samples = options.samples ?? 1000;
  const level = options.level ?? 0.95;
  if (ps.length !== outcomes.length || ps.length === 0) {
    throw new BootstrapError(
      `Cannot bootstrap a score: expected as many outcomes as probabilities, at least one, got "${ps.length}" and "${outcomes.length}"`,
    );
  }
  if (!Number.isInteger(samples) || samples < 1) {
    throw new BootstrapError(
      `Cannot bootstrap a score: expected a positive number of samples, got "${samples}"`,
    );
  }
  if (!(level > 0 && level < 1)) {
    throw new BootstrapError(`Cannot bootstrap a score: expected a level between 0 and 1, got "${level}"`);
  }
  const random = mulberry32(options.seed ?? 1);
  const n = ps.length;
  const values: number[] = [];
  const p = new Array<number>(n).fill(0);
  const y = new Array<number>(n).fill(0);
  for (let s = 0; s < samples; s++) {
    for (let i = 0; i < n; i++) {
      const k = Math.floor(random() * n);
      p[i] = ps[k] ?? 0;
      y[i] = outcomes[k] ?? 0;
    }
    values.push(score(p, y));
  }
  values.sort((a, b) => a - b);
  const quantile = (q: number) =>
    values[Math.min(samples - 1, Math.max(0, Math.round(q * (samples - 1))))] ?? 0;
  return { value: score(ps, outcomes), low: quantile((1 - level) / 2), high: quantile((1 + level) / 2) };
}
