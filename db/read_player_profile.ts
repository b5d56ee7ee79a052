/**
 * Read side of a player across events (the API's `/players/{id}` and the page `/p/{id}`). A player is one row of
 * `players`, shared by every event that enters them: a player the event files name by federation id has the same
 * id in every event of the store (db/ids.ts `federationPlayerId`, keyed by the store's secret); one without a
 * federation id is a player of one event (`stableId("player", slug, key)`). A player is public once they have a
 * public entry in a published event (db/read_players.ts); only published events' matches and ratings are read.
 */
import { type Kysely, sql } from "kysely";
import { CATEGORY_SCOPE_PREFIX } from "./revision.ts";
import type { Database } from "./schema.ts";

/** A player's current rating and its place on the leaderboard. */
export interface PlayerRatingRecord {
  rating: number;
  deviation: number;
  matchCount: number;
  /** Place on the public leaderboard (from 1); null when the player is not on it. */
  rank: number | null;
}

/** A player as their profile shows them. */
export interface PlayerBasicsRecord {
  id: string;
  displayName: string;
  association: string | null;
  /** Null before the player's first rated match (and with no rating row). */
  rating: PlayerRatingRecord | null;
  /** The country code ("GER"); null when not known. */
  country: string | null;
}

/** A player's rating after one of their rated matches. */
export interface RatingPointRecord {
  matchId: string;
  at: string;
  rating: number;
  deviation: number;
}

/** A published event the player has an entry in, newest first. */
export interface PlayerEventRecord {
  id: string;
  slug: string;
  name: string;
  startDate: string;
  endDate: string;
}

/** The player's name, club and rating (private columns are never selected); null when unknown. */
export async function findPlayerBasics(db: Kysely<Database>, id: string): Promise<PlayerBasicsRecord | null> {
  const row = await db.selectFrom("players").leftJoin("ratings", "ratings.player_id", "players.id")
    .select([
      "players.id",
      "players.display_name",
      "players.association",
      "players.country",
      "ratings.rating",
      "ratings.deviation",
      "ratings.match_count",
      "ratings.listed",
    ])
    .where("players.id", "=", id).executeTakeFirst();
  if (!row) return null;
  let rating: PlayerRatingRecord | null = null;
  if (row.rating !== null && row.deviation !== null && row.match_count !== null) {
    const r = Number(row.rating);
    // The leaderboard's order (rating descending, then player id), counted on its index.
    const above = Number(row.listed) === 1
      ? await db.selectFrom("ratings").select((eb) => eb.fn.countAll<number>().as("n"))
        .where("listed", "=", 1)
        .where((eb) =>
          eb.or([eb("rating", ">", r), eb.and([eb("rating", "=", r), eb("player_id", "<", id)])])
        )
        .executeTakeFirstOrThrow()
      : null;
    rating = {
      rating: r,
      deviation: Number(row.deviation),
      matchCount: Number(row.match_count),
      rank: above === null ? null : Number(above.n) + 1,
    };
  }
  return {
    id: row.id,
    displayName: row.display_name,
    association: row.association,
    rating,
    country: row.country,
  };
}

/** The player's rating after each of their rated matches (of published events), oldest first. */
export async function readRatingHistory(db: Kysely<Database>, id: string): Promise<RatingPointRecord[]> {
  const rows = await db.selectFrom("rating_history")
    .innerJoin("matches", "matches.id", "rating_history.match_id")
    .innerJoin("events", "events.id", "matches.event_id")
    .select([
      "rating_history.match_id",
      "rating_history.at",
      "rating_history.rating_after",
      "rating_history.deviation_after",
    ])
    .where("rating_history.player_id", "=", id).where("events.status", "=", "published")
    .orderBy("rating_history.seq").execute();
  return rows.map((r) => ({
    matchId: r.match_id,
    at: r.at,
    rating: Number(r.rating_after),
    deviation: Number(r.deviation_after),
  }));
}

/** The published events the player has an entry in (public or not yet: callers keep the public ones). */
export async function listPlayerEventCandidates(
  db: Kysely<Database>,
  id: string,
): Promise<PlayerEventRecord[]> {
  const rows = await db.selectFrom("events")
    .select(["events.id", "events.slug", "events.name", "events.start_date", "events.end_date"])
    .where("events.status", "=", "published")
    .where((eb) =>
      eb.exists(
        eb.selectFrom("entries").innerJoin("subevents", "subevents.id", "entries.subevent_id")
          .select("entries.id").whereRef("subevents.event_id", "=", "events.id")
          .where((eb) => eb.or([eb("entries.player1_id", "=", id), eb("entries.player2_id", "=", id)])),
      )
    )
    .orderBy("events.start_date", "desc").orderBy("events.name").orderBy("events.id").execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    startDate: r.start_date,
    endDate: r.end_date,
  }));
}

/**
 * The version of what the profiles of these players show: `p`, then the version of every category of a
 * published event they are entered in (as db/read_versions.ts gives a category's), dots between; null when none
 * is. Their matches, names and events change only with writes to those categories; their ratings with the
 * rankings' version, which callers add.
 */
export async function playersVersion(db: Kysely<Database>, ids: readonly string[]): Promise<string | null> {
  const rows = await db.selectFrom("subevents")
    .innerJoin("events", "events.id", "subevents.event_id")
    .leftJoin(
      "revisions",
      (join) =>
        join.on("revisions.scope", "=", sql<string>`${CATEGORY_SCOPE_PREFIX} || ${sql.ref("subevents.id")}`),
    )
    .select(["subevents.id", "events.revision", "revisions.value as own"])
    .where("events.status", "=", "published")
    .where((eb) =>
      eb.exists(
        eb.selectFrom("entries").select("entries.id").whereRef("entries.subevent_id", "=", "subevents.id")
          .where((eb) =>
            eb.or([eb("entries.player1_id", "in", [...ids]), eb("entries.player2_id", "in", [...ids])])
          ),
      )
    )
    .orderBy("subevents.id").execute();
  if (rows.length === 0) return null;
  return ["p", ...rows.map((r) => r.own == null ? `e${r.revision}` : `s${r.own}`)].join(".");
}

/** Where a category is played: its event's id, slug and name and its own name. */
export interface CategoryPlaceRecord {
  event: { id: string; slug: string; name: string };
  categoryName: string;
}

/** The place of each of these categories (of published events), by category id. */
export async function readCategoryPlaces(
  db: Kysely<Database>,
  categoryIds: readonly string[],
): Promise<Map<string, CategoryPlaceRecord>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
    .select([
      "subevents.id",
      "subevents.name",
      "events.id as event_id",
      "events.slug",
      "events.name as event_name",
    ])
    .where("subevents.id", "in", [...new Set(categoryIds)]).where("events.status", "=", "published")
    .execute();
  return new Map(rows.map((r) => [r.id, {
    event: { id: r.event_id, slug: r.slug, name: r.event_name },
    categoryName: r.name,
  }]));
}
