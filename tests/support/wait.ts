/**
 * Waiting in tests: for a condition, never for a number of milliseconds, and never a claim about how fast
 * something happened (that is the benchmark's job, bench/). The suite must pass on a laptop whose cores are busy
 * with something else, where everything may take many times longer than on a quiet machine.
 */

/**
 * How long a test waits for a condition before it fails. Only a safety net, so that a broken test fails
 * instead of hanging: generous enough for a machine many times slower than a quiet one, never a promise of
 * the product's.
 */
export const PATIENCE_MS = 120_000;

/**
 * Checks `condition` every `everyMs` until it holds; throws, naming `what`, once PATIENCE_MS have gone by.
 * @example await until(() => acked.length >= 1, "a first write acknowledged")
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  everyMs = 20,
): Promise<void> {
  const giveUpAt = performance.now() + PATIENCE_MS;
  while (!(await condition())) {
    if (performance.now() > giveUpAt) throw new Error(`Waited ${PATIENCE_MS / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
