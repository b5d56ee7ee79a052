/** Read side of an event's change feed (db/change_log.ts): the changes after a point, in order. */
import type { Kysely } from "kysely";
import { type ChangeKind, feedStartQuery, START_KIND } from "./change_log.ts";
import type { Database } from "./schema.ts";

/** A point in an event's feed: after the change at `seq` of the resource `kind`/`id` (both "" for its start). */
export interface FeedPosition {
  seq: number;
  kind: string;
  id: string;
}

/** A resource that changed: its version now (null when it is gone) and the write (`seq`) that last changed it. */
export interface ChangeRecord {
  kind: ChangeKind;
  id: string;
  version: string | null;
  seq: number;
}

/** The global revision of an event's latest change, read from the end of its index by seq. */
export function feedLatestQuery(db: Kysely<Database>, eventId: string) {
  return db.selectFrom("event_changes").select((eb) => eb.fn.max("seq").as("latest"))
    .where("event_id", "=", eventId);
}

/** Where an event's feed starts and its latest change, or null when the event has no feed (not published). */
export async function feedBounds(
  db: Kysely<Database>,
  eventId: string,
): Promise<{ start: number; latest: number } | null> {
  // Two reads by index: one aggregate of both, the start's with a filter, would read every row of the event.
  const start = await feedStartQuery(db, eventId).executeTakeFirst();
  if (!start) return null;
  const row = await feedLatestQuery(db, eventId).executeTakeFirst();
  if (row?.latest == null) return null;
  return { start: Number(start.seq), latest: Number(row.latest) };
}

/**
 * At most `limit` changes of an event after `after` (from the feed's start when null), in the order of their
 * last change (seq, then kind, then id).
 */
export async function readEventChanges(
  db: Kysely<Database>,
  eventId: string,
  after: FeedPosition | null,
  limit: number,
): Promise<ChangeRecord[]> {
  let q = db.selectFrom("event_changes").select(["kind", "resource_id", "version", "seq"])
    .where("event_id", "=", eventId).where("kind", "<>", START_KIND);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb("seq", ">", after.seq),
        eb.and([
          eb("seq", "=", after.seq),
          eb.or([
            eb("kind", ">", after.kind),
            eb.and([eb("kind", "=", after.kind), eb("resource_id", ">", after.id)]),
          ]),
        ]),
      ])
    );
  }
  const rows = await q.orderBy("seq").orderBy("kind").orderBy("resource_id").limit(limit).execute();
  return rows.map((r) => ({
    kind: r.kind as ChangeKind,
    id: r.resource_id,
    version: r.version,
    seq: Number(r.seq),
  }));
}
