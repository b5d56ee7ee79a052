/**
 * What the store holds under the ids an event file carries (docs/import-format.md, "Ids"): an import keeps an
 * exported row's id unless another event's row has it (a file copied for next year's event, say), and matches a
 * player by id unless that player is known by another federation id.
 * @module
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Ids looked up per query: far below every dialect's limit on bound variables. */
const IDS_PER_QUERY = 1000;

/** The ids a file gives for the rows of its event, by the table they name. */
export interface GivenIds {
  categories: readonly string[];
  entries: readonly string[];
  groups: readonly string[];
  matches: readonly string[];
}

function* chunks(ids: readonly string[]): Generator<string[]> {
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) yield ids.slice(i, i + IDS_PER_QUERY);
}

/** Of the given ids, those that rows of an event other than `eventId` have (in the table each names). */
export async function idsOfOtherEvents(db: Db, eventId: string, given: GivenIds): Promise<Set<string>> {
  const taken = new Set<string>();
  const add = (rows: { id: string }[]) => rows.forEach((r) => taken.add(r.id));
  for (const chunk of chunks(given.categories)) {
    add(
      await db.selectFrom("subevents").select("id").where("id", "in", chunk).where("event_id", "<>", eventId)
        .execute(),
    );
  }
  for (const table of ["entries", "groups"] as const) {
    for (const chunk of chunks(given[table])) {
      add(
        await db.selectFrom(table).innerJoin("subevents", "subevents.id", `${table}.subevent_id`)
          .select(`${table}.id as id`).where(`${table}.id`, "in", chunk)
          .where("subevents.event_id", "<>", eventId).execute(),
      );
    }
  }
  for (const chunk of chunks(given.matches)) {
    add(
      await db.selectFrom("matches").select("id").where("id", "in", chunk).where("event_id", "<>", eventId)
        .execute(),
    );
  }
  return taken;
}

/** Whether the store has an event with this id. */
export async function hasEvent(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom("events").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** The players the store has under the given ids: each one's federation id (null without one). */
export async function federationIdsOfPlayers(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  for (const chunk of chunks(ids)) {
    const rows = await db.selectFrom("players").select(["id", "federation_id"]).where("id", "in", chunk)
      .execute();
    for (const r of rows) found.set(r.id, r.federation_id);
  }
  return found;
}
