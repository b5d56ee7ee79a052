/** Percentiles and summaries of latency samples (milliseconds), by the nearest-rank method. */

/** What a set of samples comes to. */
export interface Summary {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * The nearest-rank percentile of ascending `sorted` values; NaN when there are none.
 * @example percentile([1, 2, 3, 4], 50) // 2
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Count, mean, p50, p90, p99 and max of the samples (NaN for an empty set, count 0). */
export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.length === 0 ? NaN : sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return {
    count: sorted.length,
    mean,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? NaN : sorted[sorted.length - 1]!,
  };
}
