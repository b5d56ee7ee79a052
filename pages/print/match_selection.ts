/**
 * Which matches a batch of match sheets holds, from the query: one match (`match`), or the event's matches not
 * finished, narrowed by category, knockout round, group, table and a session (a day, and hours within it).
 */
import { hallDay, twoDigits } from "../../lib/hall_day.ts";
import type { Match } from "../view_types.ts";

/** The filters of a batch; every one given must hold. */
export interface MatchSelection {
  match?: string;
  category?: string;
  round?: number;
  group?: string;
  table?: number;
  /** YYYY-MM-DD of the session, in the server's time zone. */
  day?: string;
  /** HH:MM, the session's first and last start times (inclusive). */
  from?: string;
  to?: string;
}

const WHOLE = /^[1-9]\d{0,3}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The selection from the query; values that do not parse are left out. */
export function parseMatchSelection(q: Record<string, string | undefined>): MatchSelection {
  const s: MatchSelection = {};
  if (q.match) s.match = q.match.toLowerCase();
  if (q.category) s.category = q.category.toLowerCase();
  if (q.round && WHOLE.test(q.round)) s.round = Number(q.round);
  if (q.group) s.group = q.group;
  if (q.table && WHOLE.test(q.table)) s.table = Number(q.table);
  if (q.day && DAY.test(q.day)) s.day = q.day;
  if (q.from && CLOCK.test(q.from)) s.from = q.from;
  if (q.to && CLOCK.test(q.to)) s.to = q.to;
  return s;
}

/** A time as the hall's clock reads it: the day and HH:MM in the server's time zone. */
export function localDayAndClock(iso: string): { day: string; clock: string } {
  const at = new Date(iso);
  return { day: hallDay(at), clock: `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}` };
}

/** Whether a match's time falls in the selection's session; a match without a time is in no session. */
export function inSession(m: Pick<Match, "scheduledAt">, s: MatchSelection): boolean {
  if (s.day === undefined && s.from === undefined && s.to === undefined) return true;
  if (m.scheduledAt === null) return false;
  const { day, clock } = localDayAndClock(m.scheduledAt);
  return (s.day === undefined || day === s.day) && (s.from === undefined || clock >= s.from) &&
    (s.to === undefined || clock <= s.to);
}

/**
 * Whether a match belongs to the batch: the one asked for by id (finished or not), else a match not finished
 * that every filter given lets through.
 * @example selects({ round: 2, table: 3 }, { stage: "knockout", roundNo: 2, tableNo: 3, status: "scheduled", ... }) // true
 */
export function selects(s: MatchSelection, m: Match): boolean {
  if (s.match !== undefined) return m.id === s.match;
  return m.status !== "completed" &&
    (s.category === undefined || m.subeventId === s.category) &&
    (s.round === undefined || (m.stage === "knockout" && m.roundNo === s.round)) &&
    (s.group === undefined || m.groupId === s.group) &&
    (s.table === undefined || m.tableNo === s.table) &&
    inSession(m, s);
}
