/**
 * Read side of the public rating leaderboard: listed players (with an entry in a published event) that have a
 * rating, by rating then player id. The page query walks the ratings_leaderboard_idx index (rating desc,
 * player_id), so a page costs its offset plus its length, not the size of the table.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** One leaderboard row, before ranks are numbered. */
export interface RankingRecord {
  playerId: string;
  displayName: string;
  association: string | null;
  /** The stored rating, unrounded. */
  rating: number;
  matchCount: number;
}

/** One page of the leaderboard and the number of rows in the whole leaderboard. */
export interface RankingsPage {
  rows: RankingRecord[];
  total: number;
}

function listedRatings(db: Kysely<Database>) {
  return db.selectFrom("ratings")
    .innerJoin("players", "players.id", "ratings.player_id")
    .where("players.listed", "=", 1);
}

/** The query of one page, in the order of the ratings_leaderboard_idx index (tests check its plan). */
export function rankingsPageQuery(db: Kysely<Database>, page: { limit: number; offset: number }) {
  return listedRatings(db).select([
    "ratings.player_id",
    "players.display_name",
    "players.association",
    "ratings.rating",
    "ratings.match_count",
  ])
    .orderBy("ratings.rating", "desc").orderBy("ratings.player_id")
    .limit(page.limit).offset(page.offset);
}

/** A page of the leaderboard: `limit` rows after skipping `offset`, best first. */
export async function readRankingsPage(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<RankingsPage> {
  const [rows, count] = await Promise.all([
    rankingsPageQuery(db, page).execute(),
    listedRatings(db).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      playerId: r.player_id,
      displayName: r.display_name,
      association: r.association,
      rating: Number(r.rating),
      matchCount: Number(r.match_count),
    })),
    total: Number(count?.n ?? 0),
  };
}
