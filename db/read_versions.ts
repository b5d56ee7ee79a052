/**
 * Versions of single resources, so that a write to one match does not make every other answer stale: a match's
 * version is its own revision and update time (every write to it, and every consequence such as advancement or
 * a new prediction, changes both), an event's and its categories' version is the event's revision (every write to
 * the event bumps it). Null when the resource is not public (then the answer is a 404 anyway).
 *
 * Known limit: a player shared by two events (one federation id) renamed by an import of one event shows the new
 * name in the other event's answers at that event's next write.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** The version of a public match: `m<revision>.<updated ms>`, or null. */
export async function matchVersion(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
    .select(["matches.revision", "matches.updated_at"])
    .where("matches.id", "=", id).where("events.status", "=", "published").executeTakeFirst();
  return row ? `m${row.revision}.${Date.parse(row.updated_at)}` : null;
}

/** The version of a published event found by slug: `e<revision>`, or null. */
export async function eventVersionBySlug(db: Kysely<Database>, slug: string): Promise<string | null> {
  const row = await db.selectFrom("events").select(["revision"])
    .where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
  return row ? `e${row.revision}` : null;
}

/** The version of a category of a published event: its event's `e<revision>`, or null. */
export async function eventVersionBySubevent(
  db: Kysely<Database>,
  subeventId: string,
): Promise<string | null> {
  const row = await db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
    .select(["events.revision"])
    .where("subevents.id", "=", subeventId).where("events.status", "=", "published").executeTakeFirst();
  return row ? `e${row.revision}` : null;
}
