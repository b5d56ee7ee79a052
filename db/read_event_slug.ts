/** The slug of the event a management route names, by the kind and id in its path (api/manage/venue_owned.ts). */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** What a management path names first: an event by slug, a category, a match or a tie by id. */
export type PathTarget = { kind: "event"; slug: string } | { kind: "subevent" | "match" | "tie"; id: string };

/** The slug of the event of `target`, or null when there is none. */
export async function eventSlugOf(db: Kysely<Database>, target: PathTarget): Promise<string | null> {
  if (target.kind === "event") return target.slug;
  if (target.kind === "subevent") {
    const row = await db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
      .select("events.slug").where("subevents.id", "=", target.id).executeTakeFirst();
    return row?.slug ?? null;
  }
  const row = await db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
    .select("events.slug").where("matches.id", "=", target.id).executeTakeFirst();
  return row?.slug ?? null;
}
