/**
 * The rules of the file's sessions that its schema cannot say (domain/event_sessions.ts): real times, a session
 * that ends after it starts, each table once, no table in two sessions at the same time, and categories that
 * name only the file's sessions, each once.
 */
import { categorySessionProblems, sessionProblems, type SessionSpan } from "../domain/event_sessions.ts";
import type { Add } from "./check_context.ts";
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
    add(`sessions[${indexes[p.index]}].${p.field}`, message);
  }
  eachObject(root.categories, (category, i) => {
    const list = arr(category.sessions);
    const at = list.flatMap((k, j) => typeof k === "string" ? [j] : []);
    const named = at.map((j) => list[j] as string);
    for (const p of categorySessionProblems(named, keys)) {
      add(`categories[${i}].sessions[${at[p.index]}]`, p.message);
    }
  });
}
