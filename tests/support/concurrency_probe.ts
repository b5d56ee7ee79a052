/** Tasks that record how many of them run at once, for tests of what limits concurrency. */
export interface ConcurrencyProbe {
  /** The tasks' numbers in the order they started. */
  started: number[];
  /** The most tasks that ran at once so far. */
  most(): number;
  /** Task `i`: records its start, runs for 2 ms, then gives what `end` returns (or throws what it throws). */
  task<T>(i: number, end: () => T): () => Promise<T>;
}

/** A new probe, nothing run yet. */
export function concurrencyProbe(): ConcurrencyProbe {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  return {
    started,
    most: () => most,
    task: (i, end) => async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 2));
      running--;
      return end();
    },
  };
}
