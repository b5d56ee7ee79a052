/**
 * The rules of an event's sessions of play (when play goes on, and on which tables) and of the sessions a
 * category plays in, written once for the event file and the management API: a session ends after it starts,
 * lists each table once, and two sessions at the same time do not share a table (a table is in one session at a
 * time, so that the order of play never puts two matches on it at once: domain/scheduler.ts); a category names
 * only sessions of its event, each once.
 * @module
 */

/** A session as the rules read it: its key, its times (milliseconds since the epoch) and its tables. */
export interface SessionSpan {
  id: string;
  start: number;
  end: number;
  tables: readonly number[];
}

/** Which rule of sessions is broken, as a code: an id or a table named twice, a span, two sessions on a table. */
export type SessionProblemCode =
  | "listed-twice"
  | "ends-before-start"
  | "sessions-overlap"
  | "unknown-session";

/** The values a session problem's sentence names (an id, a table, the sessions known), raw. */
export type SessionProblemParams = Readonly<Record<string, string | number | readonly string[]>>;

/** A broken rule: which session (its index in the list), which of its fields, its code and a sentence. */
export interface SessionProblem {
  index: number;
  code: SessionProblemCode;
  params: SessionProblemParams;
  field: "id" | "start" | "end" | "tables";
  message: string;
  /** The table listed twice, or shared with another session at the same time. */
  table?: number;
  /** The index of the other session: the first with the same id, or the one at the same time on `table`. */
  other?: number;
}

/**
 * Every broken rule of a list of sessions, in the order of the list.
 * @example sessionProblems([{ id: "sat", start: 2, end: 1, tables: [1] }])
 * // [{ index: 0, field: "end", message: 'Session "sat" ends before it starts' }]
 */
export function sessionProblems(sessions: readonly SessionSpan[]): SessionProblem[] {
  const problems: SessionProblem[] = [];
  const first = new Map<string, number>();
  sessions.forEach((s, i) => {
    const seen = first.get(s.id);
    if (seen !== undefined) {
      problems.push({
        index: i,
        field: "id",
        code: "listed-twice",
        params: { value: s.id },
        message: `Duplicate session id "${s.id}": also sessions[${seen}]`,
      });
    } else first.set(s.id, i);
    if (!(s.end > s.start)) {
      problems.push({
        index: i,
        field: "end",
        code: "ends-before-start",
        params: { session: s.id },
        message: `Session "${s.id}" ends before it starts`,
      });
    }
    const twice = s.tables.filter((t, k) => s.tables.indexOf(t) !== k);
    if (twice.length > 0) {
      problems.push({
        index: i,
        field: "tables",
        code: "listed-twice",
        params: { value: twice[0]! },
        message: `Table ${twice[0]} is listed twice`,
        table: twice[0],
      });
    }
    for (let j = 0; j < i; j++) {
      const other = sessions[j]!;
      if (!(s.start < other.end && other.start < s.end)) continue;
      const shared = s.tables.find((t) => other.tables.includes(t));
      if (shared === undefined) continue;
      problems.push({
        index: i,
        field: "tables",
        code: "sessions-overlap",
        params: { session: s.id, other: other.id, table: shared },
        message: `Session "${s.id}" and session "${other.id}" (sessions[${j}]) are at the same time ` +
          `and both use table ${shared}: a table is in one session at a time`,
        table: shared,
        other: j,
      });
      break;
    }
  });
  return problems;
}

/** A broken rule of the sessions a category plays in: the key's index in its list, its code and a sentence. */
export interface CategorySessionProblem {
  index: number;
  code: SessionProblemCode;
  params: SessionProblemParams;
  message: string;
}

/**
 * Every broken rule of the sessions a category plays in (`keys`) among the event's (`known`): an unknown session
 * or one named twice, with the index of the key in the list.
 * @example categorySessionProblems(["sun"], ["sat"]) // [{ index: 0, message: 'Unknown session "sun": ...' }]
 */
export function categorySessionProblems(
  keys: readonly string[],
  known: readonly string[],
): CategorySessionProblem[] {
  const problems: CategorySessionProblem[] = [];
  keys.forEach((key, i) => {
    if (!known.includes(key)) {
      const list = known.length === 0
        ? "the event has no sessions"
        : `the event's sessions are ${known.map((k) => `"${k}"`).join(", ")}`;
      problems.push({
        index: i,
        code: "unknown-session",
        params: { value: key, sessions: known },
        message: `Unknown session "${key}": ${list}`,
      });
    } else if (keys.indexOf(key) !== i) {
      problems.push({
        index: i,
        code: "listed-twice",
        params: { value: key },
        message: `Session "${key}" is listed twice`,
      });
    }
  });
  return problems;
}
