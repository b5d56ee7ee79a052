/**
 * The tests' clock: the server's injected clock, the demo's `now` and the pages' clocks all read it, so that
 * the suite runs at any instant the environment chooses. `TEST_NOW` (an ISO date-time with its offset,
 * `2026-10-24T23:50:00+02:00`) starts it at that instant, from which it runs on in real time; without it, it
 * is the machine's clock. The hall's time zone is the process's: `TZ=Europe/Berlin` (Chromium, started by the
 * tests, inherits it). README.md, "Tests", says how to run the suite so.
 */

/** TEST_NOW as given, or undefined (also without the permission to read it). */
function chosenInstant(): string | undefined {
  try {
    return Deno.env.get("TEST_NOW") || undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds from the machine's clock to the tests' clock: 0 unless TEST_NOW is set. */
function offsetFrom(chosen: string | undefined): number {
  if (chosen === undefined) return 0;
  const at = Date.parse(chosen);
  if (!/[T ]\d{2}:\d{2}/.test(chosen) || Number.isNaN(at)) {
    throw new Error(
      `Cannot read TEST_NOW "${chosen}": expected a date-time such as 2026-10-24T23:50:00+02:00`,
    );
  }
  return at - Date.now();
}

const OFFSET_MS = offsetFrom(chosenInstant());

/** Whether TEST_NOW moved the tests' clock away from the machine's. */
export const CLOCK_CHOSEN: boolean = OFFSET_MS !== 0;

/** The tests' time now, in milliseconds since the epoch. */
export function testNowMs(): number {
  return Date.now() + OFFSET_MS;
}

/** The tests' time now: what the server's clock, the demo and the pages are given. */
export function testNow(): Date {
  return new Date(testNowMs());
}
