/**
 * An event's order of play as planned now (domain/scheduler.ts over db/read_schedule.ts): what the command
 * `deno task schedule` prints and what the management API's plan answers, made once here for both. A preview:
 * nothing is written.
 */
import type { Kysely } from "kysely";
import { readScheduleSource, type ScheduleLabel } from "../db/read_schedule.ts";
import type { Database } from "../db/schema.ts";
import { defaultDurationMs, type Plan, schedule, type Session } from "../domain/scheduler.ts";

/** What a plan is asked for with: the sessions, the rest and the buffer, and when it starts. */
export interface PlanRequest {
  sessions: Session[];
  restMs: number;
  bufferMs: number;
  now: number;
  /** The sessions each category plays in, by its id (stored with the event); absent: every session. */
  categorySessions?: ReadonlyMap<string, readonly string[]>;
}

/** A plan with the words of its matches. */
export interface PlannedEvent {
  event: { slug: string; name: string };
  plan: Plan;
  labels: ReadonlyMap<string, ScheduleLabel>;
}

/**
 * The plan of the event `slug`; null when no event has that slug. Throws ScheduleError (its message says what
 * is wrong) for sessions that cannot be planned with.
 */
export async function planOrderOfPlay(
  db: Kysely<Database>,
  slug: string,
  request: PlanRequest,
): Promise<PlannedEvent | null> {
  const source = await readScheduleSource(db, slug);
  if (!source) return null;
  const plan = schedule({
    sessions: request.sessions,
    categories: source.categories.map((c) => ({
      ...c,
      sessions: request.categorySessions?.get(c.id) ?? c.sessions,
    })),
    matches: source.matches,
    options: {
      restMs: request.restMs,
      bufferMs: request.bufferMs,
      durationMs: defaultDurationMs,
      now: request.now,
    },
  });
  return { event: { slug: source.event.slug, name: source.event.name }, plan, labels: source.labels };
}

/** The plan as data: times in ISO 8601 UTC, each match with its category, stage and sides. */
export function orderOfPlayJson({ plan, labels }: PlannedEvent) {
  return {
    finish: plan.finish === null ? null : new Date(plan.finish).toISOString(),
    utilization: Math.round(plan.utilization * 1000) / 1000,
    matches: plan.matches.map((p) => ({
      id: p.id,
      table: p.table,
      start: new Date(p.start).toISOString(),
      end: new Date(p.end).toISOString(),
      fixed: p.fixed,
      ...(p.secondTable === undefined ? {} : { secondTable: p.secondTable }),
      ...(p.tieId === undefined ? {} : { tieId: p.tieId }),
      ...labels.get(p.id),
    })),
    unplaced: plan.unplaced.map((u) => ({ ...u, ...labels.get(u.id) })),
    conflicts: plan.conflicts,
  };
}
