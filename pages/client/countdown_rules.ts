/**
 * When a timed element of a page is shown, and the time it counts down, from a clock reading: one rule for the
 * server's render (its clock when it makes the page) and the browser's script (the viewer's clock, every
 * moment after; pages/client/countdowns.ts), so that both agree.
 *
 * Inlined into the pages with countdowns (pages/client_script.ts `moduleScript`): every declaration is exported.
 */

/**
 * Whether an element is shown at `now` (ms since the epoch): before `until`, and from `after` on, when given. A
 * time that does not parse hides the element (a page never shows a time-out it cannot date).
 * @example shownAt("2026-11-28T10:01:00Z", null, Date.parse("2026-11-28T10:00:30Z")) // true
 * @example shownAt(null, "2026-11-28T10:01:00Z", Date.parse("2026-11-28T10:00:30Z")) // false
 */
export function shownAt(until: string | null, after: string | null, now: number): boolean {
  const before = until === null || now < Date.parse(until);
  const past = after === null || now >= Date.parse(after);
  return before && past;
}

/**
 * The time left until `until` (ISO 8601) at `now`, as minutes and seconds rounded up ("0:42"), "0:00" once
 * past, "" for a time that does not parse.
 * @example countdownText("2026-11-28T10:01:00Z", Date.parse("2026-11-28T10:00:17.5Z")) // "0:43"
 */
export function countdownText(until: string, now: number): string {
  const end = Date.parse(until);
  if (Number.isNaN(end)) return "";
  const seconds = Math.max(0, Math.ceil((end - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
