/**
 * Reads the producer's on-air state of an event's stream (domain/stream_state.ts), and which published event an
 * overlay belongs to, so that the overlay obeys that event's state.
 */
import type { Kysely, Transaction } from "kysely";
import {
  DEFAULT_STREAM_STATE,
  SLATE_WORDS,
  type SlateKind,
  STREAM_GRAPHICS,
  type StreamState,
} from "../domain/stream_state.ts";
import type { Database, StreamStateTable } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The on-air state of the event with this id; the default while the producer changed nothing. */
export async function readStreamState(db: Db, eventId: string): Promise<StreamState> {
  return (await readStreamStateRow(db, eventId)).state;
}

/** The state with its version (`a` and the time of its last change; `a-` before any), read together. */
export async function readStreamStateRow(
  db: Db,
  eventId: string,
): Promise<{ state: StreamState; version: string }> {
  const row = await db.selectFrom("stream_states").selectAll().where("event_id", "=", eventId)
    .executeTakeFirst();
  return row
    ? { state: toStreamState(row), version: `a${row.updated_at}` }
    : { state: DEFAULT_STREAM_STATE, version: "a-" };
}

/** The version of the state of the published event with this slug (readStreamStateRow's); null when none. */
export async function streamStateVersion(db: Db, slug: string): Promise<string | null> {
  const row = await db.selectFrom("events").leftJoin("stream_states", "stream_states.event_id", "events.id")
    .select("stream_states.updated_at").where("events.slug", "=", slug).where(
      "events.status",
      "=",
      "published",
    )
    .executeTakeFirst();
  return row ? `a${row.updated_at ?? "-"}` : null;
}

/** A stored row as the state; a graphic or slate the code no longer knows is left out. */
export function toStreamState(row: StreamStateTable): StreamState {
  const on = new Set(row.on_air.split(","));
  const onAir = Object.fromEntries(STREAM_GRAPHICS.map((g) => [g, on.has(g)])) as StreamState["onAir"];
  const kind = (row.slate_kind in SLATE_WORDS ? row.slate_kind : "custom") as SlateKind;
  const sponsor = row.sponsor_image === null && row.sponsor_text === null
    ? null
    : { imageUrl: row.sponsor_image, text: row.sponsor_text };
  const picks = {
    standingsCategoryId: row.standings_category_id ?? null,
    standingsGroupId: row.standings_group_id ?? null,
    bracketCategoryId: row.bracket_category_id ?? null,
  };
  return { onAir, slate: { kind, text: row.slate_text }, sponsor, picks };
}

/** What an overlay shows, named by its URL: an event by slug, a match (a tie too) or a category by id. */
export type StreamTarget = { slug: string } | { matchId: string } | { categoryId: string };

/** The published event an overlay belongs to (its id and slug), or null when there is none. */
export async function streamEventOf(
  db: Db,
  target: StreamTarget,
): Promise<{ id: string; slug: string } | null> {
  let query = db.selectFrom("events").select(["events.id", "events.slug"]).where(
    "events.status",
    "=",
    "published",
  );
  if ("slug" in target) query = query.where("events.slug", "=", target.slug);
  else if ("categoryId" in target) {
    query = query.innerJoin("subevents", "subevents.event_id", "events.id")
      .where("subevents.id", "=", target.categoryId.toLowerCase());
  } else {
    query = query.innerJoin("subevents", "subevents.event_id", "events.id")
      .innerJoin("matches", "matches.subevent_id", "subevents.id")
      .where("matches.id", "=", target.matchId.toLowerCase());
  }
  return await query.executeTakeFirst() ?? null;
}

/** What the producer's panel previews each graphic with: the featured match, a category and a tie of the event. */
export async function streamPreviewIds(db: Db, eventId: string) {
  const event = await db.selectFrom("events").select("featured_match_id").where("id", "=", eventId)
    .executeTakeFirst();
  const category = await db.selectFrom("subevents").select("id").where("event_id", "=", eventId)
    .orderBy("position").executeTakeFirst();
  const tie = await db.selectFrom("ties").innerJoin("subevents", "subevents.id", "ties.subevent_id")
    .select("ties.match_id").where("subevents.event_id", "=", eventId).orderBy("subevents.position").orderBy(
      "ties.match_id",
    )
    .executeTakeFirst();
  return {
    featuredMatchId: event?.featured_match_id ?? null,
    categoryId: category?.id ?? null,
    tieId: tie?.match_id ?? null,
  };
}

/**
 * What the producer may pick for the standings and bracket graphics: the event's categories in order, each with
 * its groups and whether it has a knockout draw (locked or not: the overlay shows it once locked).
 */
export async function streamChoices(db: Db, eventId: string) {
  const categories = await db.selectFrom("subevents").select(["id", "name", "format"])
    .where("event_id", "=", eventId).orderBy("position").execute();
  const groups = categories.length === 0
    ? []
    : await db.selectFrom("groups").select(["id", "name", "subevent_id"])
      .where("subevent_id", "in", categories.map((c) => c.id)).orderBy("position").execute();
  return categories.map((c) => ({
    id: c.id,
    name: c.name,
    knockout: c.format !== "groups",
    groups: groups.filter((g) => g.subevent_id === c.id).map((g) => ({ id: g.id, name: g.name })),
  }));
}
