/** The published event a page's watched resource belongs to, whose change stream the page listens to. */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** What a page watches: a match (or a tie, which is a match of its own), a category or an event, by id. */
export type WatchedResource = { kind: "match" | "category" | "event"; id: string };

/** The slug of the published event of a match or category, or null when there is none. */
export async function publishedEventSlugOf(db: Kysely<Database>, r: WatchedResource): Promise<string | null> {
  const owner = r.kind === "match"
    ? db.selectFrom("matches").select("event_id").where("id", "=", r.id)
    : r.kind === "category"
    ? db.selectFrom("subevents").select("event_id").where("id", "=", r.id)
    : db.selectFrom("events").select("id as event_id").where("id", "=", r.id);
  const row = await db.selectFrom("events").select("slug").where("status", "=", "published")
    .where("id", "in", owner).executeTakeFirst();
  return row?.slug ?? null;
}
