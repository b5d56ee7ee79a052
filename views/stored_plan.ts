/**
 * The order of play planned with the sessions stored with the event (db/read_event_sessions.ts) and the sessions
 * each category plays in: what `deno task schedule` without `--session` and the management API's plan without
 * `sessions` make.
 */
import type { Kysely } from "kysely";
import { readEventSessions, scheduleSessions } from "../db/read_event_sessions.ts";
import type { Database } from "../db/schema.ts";
import { ScheduleError } from "../domain/scheduler.ts";
import { type PlannedEvent, planOrderOfPlay, type PlanRequest } from "./order_of_play.ts";

/** What is said when the event has no sessions stored. */
export const NO_STORED_SESSIONS =
  "the event has no sessions: add them on /manage (Order of play), in its event file or with " +
  "PUT /api/manage/events/{slug}/sessions, or give them to this plan";

/**
 * The plan of the event `slug` in its stored sessions; null when no event has that slug. Throws ScheduleError
 * when the event has no sessions stored.
 */
export async function planInStoredSessions(
  db: Kysely<Database>,
  slug: string,
  request: Omit<PlanRequest, "sessions" | "categorySessions">,
): Promise<PlannedEvent | null> {
  const stored = await readEventSessions(db, slug);
  if (!stored) return null;
  if (stored.sessions.length === 0) throw new ScheduleError(NO_STORED_SESSIONS, "no-sessions");
  return await planOrderOfPlay(db, slug, { ...request, ...scheduleSessions(stored) });
}
