/**
 * The day an instant falls on in the hall's time zone: the server's own (the process's, `TZ`), in which the
 * printed sheets and the demo date their matches. A match after midnight there belongs to the next day.
 * @example hallDay(new Date("2026-10-24T22:10:00Z")) // "2026-10-25" with TZ=Europe/Berlin, "2026-10-24" in UTC
 */
export function hallDay(t: Date): string {
  return `${t.getFullYear()}-${twoDigits(t.getMonth() + 1)}-${twoDigits(t.getDate())}`;
}

/** A number of the calendar or the clock in two digits. */
export function twoDigits(n: number): string {
  return String(n).padStart(2, "0");
}
