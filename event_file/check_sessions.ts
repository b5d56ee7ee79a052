/**
 * The rules of the file's sessions that its schema cannot say (domain/event_sessions.ts): real times, a session
 * that ends after it starts, each table once, no table in two sessions at the same time, and categories that
 * name only the file's sessions, each once.
 */
import { categorySessionProblems, sessionProblems, type SessionSpan } from "../domain/event_sessions.ts";
import type { SessionProblem } from "../domain/event_sessions.ts";
import type { Add } from "./check_context.ts";
import type { ProblemWords } from "./problem_codes.ts";
import { checkTime } from "./check_result.ts";
import { arr, eachObject, type Obj, str } from "./read_json.ts";

/** Checks the event's sessions and the sessions each category names. */
export function checkSessions(root: Obj, add: Add): void {
  const spans: SessionSpan[] = [];
  const indexes: number[] = [];
  const keys: string[] = [];
  eachObject(root.sessions, (session, i) => {
    const path = `sessions[${i}]`;
    const id = str(session.id);
    if (id !== undefined) keys.push(id);
    const start = checkTime(session, "start", path, add);
    const end = checkTime(session, "end", path, add);
    const tables = arr(session.tables).filter((t): t is number => Number.isInteger(t));
    if (id !== undefined && start !== null && end !== null) {
      spans.push({ id, start, end, tables });
      indexes.push(i);
    }
  });
  for (const p of sessionProblems(spans)) {
    // Indexes in messages are those of the file, not of the sessions whose times could be read.
    const message = p.message.replace(/sessions\[(\d+)\]/, (_, k) => `sessions[${indexes[Number(k)]}]`);
    add(`sessions[${indexes[p.index]}].${p.field}`, message, sessionWords(p, spans, indexes));
  }
  eachObject(root.categories, (category, i) => {
    const list = arr(category.sessions);
    const at = list.flatMap((k, j) => typeof k === "string" ? [j] : []);
    const named = at.map((j) => list[j] as string);
    for (const p of categorySessionProblems(named, keys)) {
      const session = named[p.index]!;
      const words: ProblemWords = keys.includes(session)
        ? { code: "session-twice", params: { session } }
        : keys.length === 0
        ? { code: "unknown-session-none", params: { session } }
        : { code: "unknown-session", params: { session, known: keys.map((k) => `"${k}"`).join(", ") } };
      add(`categories[${i}].sessions[${at[p.index]}]`, p.message, words);
    }
  });
}

/** The code and values of a session's problem (domain/event_sessions.ts), with the file's indexes. */
function sessionWords(
  p: SessionProblem,
  spans: readonly SessionSpan[],
  indexes: readonly number[],
): ProblemWords {
  const id = spans[p.index]!.id;
  if (p.field === "id") {
    const first = spans.findIndex((s) => s.id === id);
    return { code: "duplicate-session-id", params: { id, first: `sessions[${indexes[first]}]` } };
  }
  if (p.field === "end") return { code: "session-ends-before-start", params: { id } };
  if (p.other === undefined) return { code: "session-table-twice", params: { table: p.table ?? "" } };
  return {
    code: "session-table-shared",
    params: { id, other: spans[p.other]!.id, first: `sessions[${indexes[p.other]}]`, table: p.table ?? "" },
  };
}
