/**
 * The values of the format as text: calendar dates and ISO date-times in the years the format takes, and game
 * scores ("11-8"). The management API reads its bodies with the same rules, so that nothing is stored that an
 * import would refuse.
 * @module
 */
import type { Score } from "../domain/scoring.ts";
import type { ProblemWords } from "./problem_codes.ts";

/**
 * The first and last year of a date or (in UTC) of a time. Four digits, as the format writes them and as the
 * API serves them: a time past 9999 in UTC would be served as "+010000-...", which no client's pattern reads.
 * Year 0000 is 1 BC, no year of an event or of a birth.
 */
export const FIRST_YEAR = 1;
/** The last year of a date or (in UTC) of a time; see `FIRST_YEAR`. */
export const LAST_YEAR = 9999;
/** The years a date or time may have, in words for messages: "the years 0001 to 9999". */
export const YEARS_TEXT = `the years ${String(FIRST_YEAR).padStart(4, "0")} to ${LAST_YEAR}`;

/**
 * Whether a YYYY-MM-DD string is a real calendar date (2026-02-30 is not), in any year of four digits; whether
 * the year is one the format takes is `FIRST_YEAR`/`LAST_YEAR`'s question.
 * @example isCalendarDate("0100-02-29") // false: 100 is no leap year (Date.UTC would read 1900)
 */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Not Date.UTC: it reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whether a year is one the format takes (`FIRST_YEAR` to `LAST_YEAR`). */
export function isInYears(year: number): boolean {
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/**
 * What is wrong with a date of the format (YYYY-MM-DD): not a calendar date, or outside the years a date may
 * have; its sentence, and its code and values for a page's words. Null when it is a good date.
 */
export function dateProblem(value: string): { message: string; words: ProblemWords } | null {
  if (!isCalendarDate(value)) {
    return {
      message: `"${value}" is not a calendar date`,
      words: { code: "date-not-calendar", params: { value } },
    };
  }
  if (!isInYears(Number(value.slice(0, 4)))) {
    return {
      message: `"${value}" is outside ${YEARS_TEXT}`,
      words: { code: "date-outside-years", params: { value, ...YEARS } },
    };
  }
  return null;
}

/** The first and last year of a date or time, as a problem's values give them. */
export const YEARS = { first: String(FIRST_YEAR).padStart(4, "0"), last: String(LAST_YEAR) };

/** The instant of an ISO date-time of the format (offset required) in ms, in any year; null when not a real time. */
export function instantOf(value: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(
    value,
  );
  if (!m || !isCalendarDate(m[1]!)) return null;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return null;
  if (m[6] && (Number(m[7]) > 23 || Number(m[8]) > 59)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Parses an ISO date-time of the format (offset required) to an instant in ms; null when it is not a real time
 * or when its UTC year is outside `FIRST_YEAR`..`LAST_YEAR`.
 * @example parseDateTime("2026-03-14T10:30+01:00") // Date.UTC(2026, 2, 14, 9, 30)
 * parseDateTime("9999-12-31T23:59:59-14:00") // null: in UTC it is the year 10000
 */
export function parseDateTime(value: string): number | null {
  const ms = instantOf(value);
  return ms !== null && isInYears(new Date(ms).getUTCFullYear()) ? ms : null;
}

/**
 * Parses a game score "11-8" (home first); null when it is not two whole numbers.
 * @example parseScore("9-11") // { home: 9, away: 11 }
 */
export function parseScore(value: string): Score | null {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(value);
  return m ? { home: Number(m[1]), away: Number(m[2]) } : null;
}

/** Whether a text has the shape of a date (YYYY-MM-DD), real or not. */
export function looksLikeDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}
