/**
 * An event's sessions of play and the sessions each of its categories plays in (db/session_writes.ts writes
 * them), as records and as the scheduler's input (domain/scheduler.ts).
 */
import type { Kysely } from "kysely";
import type { ScheduleCategory, Session } from "../domain/scheduler.ts";
import type { Database } from "./schema.ts";

/** A stored session: its key, its name, its times (ISO 8601 UTC) and its tables, ascending. */
export interface StoredSession {
  id: string;
  name: string | null;
  start: string;
  end: string;
  tables: number[];
}

/** A category with the sessions it plays in (null: every session of the event). */
export interface CategorySessions {
  id: string;
  name: string;
  sessions: string[] | null;
}

/** What an event's sessions are: the sessions in order and each category's, in the categories' order. */
export interface EventSessions {
  sessions: StoredSession[];
  categories: CategorySessions[];
}

/** The sessions of the event with this id, in order. */
export async function readSessionsOf(db: Kysely<Database>, eventId: string): Promise<StoredSession[]> {
  const rows = await db.selectFrom("event_sessions").selectAll().where("event_id", "=", eventId)
    .orderBy("position").execute();
  return rows.map((r) => ({
    id: r.key,
    name: r.name,
    start: r.starts_at,
    end: r.ends_at,
    tables: JSON.parse(r.tables) as number[],
  }));
}

/** The sessions of the event `slug` and of its categories; null when no event has that slug. */
export async function readEventSessions(db: Kysely<Database>, slug: string): Promise<EventSessions | null> {
  const event = await db.selectFrom("events").select("id").where("slug", "=", slug).executeTakeFirst();
  if (!event) return null;
  const categories = await db.selectFrom("subevents").select(["id", "name", "sessions"])
    .where("event_id", "=", event.id).orderBy("position").orderBy("id").execute();
  return {
    sessions: await readSessionsOf(db, event.id),
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      sessions: c.sessions == null ? null : JSON.parse(c.sessions) as string[],
    })),
  };
}

/**
 * The stored sessions as the scheduler takes them: the sessions, and the sessions of each category by its id
 * (empty: every session).
 */
export function scheduleSessions(stored: EventSessions): {
  sessions: Session[];
  categorySessions: Map<ScheduleCategory["id"], string[]>;
} {
  return {
    sessions: stored.sessions.map((s) => ({
      id: s.id,
      start: Date.parse(s.start),
      end: Date.parse(s.end),
      tables: s.tables,
    })),
    categorySessions: new Map(stored.categories.map((c) => [c.id, c.sessions ?? []])),
  };
}

/** The category `id` with the sessions it plays in, and the keys of its event's sessions; null when none. */
export async function readCategorySessions(
  db: Kysely<Database>,
  id: string,
): Promise<{ category: CategorySessions; sessions: string[] } | null> {
  const row = await db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
    .select("events.slug").where("subevents.id", "=", id).executeTakeFirst();
  const found = row ? await readEventSessions(db, row.slug) : null;
  const category = found?.categories.find((c) => c.id === id);
  return found && category ? { category, sessions: found.sessions.map((s) => s.id) } : null;
}
