/**
 * Whether a management route names a relayed event (api/manage/venue_owned.ts): the slug of the event of the kind
 * and id in its path when the relay publishes it, in one indexed query, so that the venue's own writes (whose
 * store relays nothing in) pay one lookup that finds nothing.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** What a management path names first: an event by slug, a category, a match or a tie by id. */
export type PathTarget = { kind: "event"; slug: string } | { kind: "subevent" | "match" | "tie"; id: string };

/** The slug of the event of `target` when that event is relayed here; null otherwise. */
export async function relayedSlugOf(db: Kysely<Database>, target: PathTarget): Promise<string | null> {
  if (target.kind === "event") {
    const row = await db.selectFrom("relay_events").select("slug").where("slug", "=", target.slug)
      .executeTakeFirst();
    return row?.slug ?? null;
  }
  if (target.kind === "subevent") {
    const row = await db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
      .innerJoin("relay_events", "relay_events.slug", "events.slug")
      .select("events.slug").where("subevents.id", "=", target.id).executeTakeFirst();
    return row?.slug ?? null;
  }
  const row = await db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
    .innerJoin("relay_events", "relay_events.slug", "events.slug")
    .select("events.slug").where("matches.id", "=", target.id).executeTakeFirst();
  return row?.slug ?? null;
}
