/**
 * Read side of categories (subevents) for the public API. A category is public only while its event is
 * published; every lookup here joins the event and checks that.
 */
import type { Kysely } from "kysely";
import type { Database, DrawState, SubeventFormat, SubeventKind } from "./schema.ts";

/** A category of a published event. */
export interface PublicSubeventRecord {
  id: string;
  eventId: string;
  name: string;
  kind: SubeventKind;
  format: SubeventFormat;
  bestOf: number;
  position: number;
  drawState: DrawState;
  drawSize: number | null;
}

/** A category with the counts the event page shows. */
export interface SubeventSummaryRecord extends PublicSubeventRecord {
  entryCount: number;
  groupCount: number;
  /** Each status that occurs among the category's matches (open knockout matches included), once. */
  matchStatuses: string[];
}

function publicSubevents(db: Kysely<Database>) {
  return db.selectFrom("subevents")
    .innerJoin("events", "events.id", "subevents.event_id")
    .where("events.status", "=", "published")
    .select([
      "subevents.id",
      "subevents.event_id",
      "subevents.name",
      "subevents.kind",
      "subevents.format",
      "subevents.best_of",
      "subevents.position",
      "subevents.draw_state",
      "subevents.draw_size",
    ]);
}

type SubeventSelection = {
  id: string;
  event_id: string;
  name: string;
  kind: SubeventKind;
  format: SubeventFormat;
  best_of: number;
  position: number;
  draw_state: DrawState;
  draw_size: number | null;
};

function toRecord(row: SubeventSelection): PublicSubeventRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    name: row.name,
    kind: row.kind,
    format: row.format,
    bestOf: Number(row.best_of),
    position: Number(row.position),
    drawState: row.draw_state,
    drawSize: row.draw_size === null ? null : Number(row.draw_size),
  };
}

/** The category with this id when its event is published, else null. */
export async function findPublicSubevent(
  db: Kysely<Database>,
  id: string,
): Promise<PublicSubeventRecord | null> {
  const row = await publicSubevents(db).where("subevents.id", "=", id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The categories of a published event in their order, with entry and group counts and match statuses. */
export async function listEventSubevents(
  db: Kysely<Database>,
  eventId: string,
): Promise<SubeventSummaryRecord[]> {
  const rows = await publicSubevents(db).where("subevents.event_id", "=", eventId)
    .orderBy("subevents.position").orderBy("subevents.name").orderBy("subevents.id").execute();
  if (rows.length === 0) return [];
  const [entries, groups, statuses] = await Promise.all([
    db.selectFrom("entries").innerJoin("subevents", "subevents.id", "entries.subevent_id")
      .where("subevents.event_id", "=", eventId)
      .select((eb) => ["entries.subevent_id", eb.fn.countAll<number>().as("n")])
      .groupBy("entries.subevent_id").execute(),
    db.selectFrom("groups").innerJoin("subevents", "subevents.id", "groups.subevent_id")
      .where("subevents.event_id", "=", eventId)
      .select((eb) => ["groups.subevent_id", eb.fn.countAll<number>().as("n")])
      .groupBy("groups.subevent_id").execute(),
    db.selectFrom("matches").where("matches.event_id", "=", eventId)
      .select((eb) => ["matches.subevent_id", "matches.status", eb.fn.countAll<number>().as("n")])
      .groupBy(["matches.subevent_id", "matches.status"]).execute(),
  ]);
  const entryCount = new Map(entries.map((r) => [r.subevent_id, Number(r.n)]));
  const groupCount = new Map(groups.map((r) => [r.subevent_id, Number(r.n)]));
  const matchStatuses = new Map<string, string[]>();
  for (const r of statuses) {
    const list = matchStatuses.get(r.subevent_id) ?? [];
    // The category's progress only needs to know which statuses occur, not how often.
    if (Number(r.n) > 0) list.push(r.status);
    matchStatuses.set(r.subevent_id, list);
  }
  return rows.map((row) => ({
    ...toRecord(row),
    entryCount: entryCount.get(row.id) ?? 0,
    groupCount: groupCount.get(row.id) ?? 0,
    matchStatuses: matchStatuses.get(row.id) ?? [],
  }));
}
