/**
 * Read side of the public rating leaderboard: listed players (with an entry in a published event) that have a
 * rating, by rating then player id. ratings.listed mirrors players.listed, so the page and the count walk the
 * ratings_leaderboard_idx index (listed, rating desc, player_id) alone: a page costs its offset in index entries
 * plus its length in row reads, and the count reads the index only, whatever the size of the players table.
 */
import type { Kysely } from "kysely";
import { LISTING_SCOPE } from "./revision.ts";
import type { Database } from "./schema.ts";

/** One leaderboard row, before ranks are numbered. */
export interface RankingRecord {
  playerId: string;
  displayName: string;
  association: string | null;
  /** The stored rating, unrounded. */
  rating: number;
  matchCount: number;
  /** The rating's deviation (Glicko-2 RD), unrounded. */
  deviation: number;
}

/** One page of the leaderboard and the number of rows in the whole leaderboard. */
export interface RankingsPage {
  rows: RankingRecord[];
  total: number;
}

/**
 * The query of one page: the page's player ids from the index alone (the subquery skips `offset` entries without
 * reading a row), then the rating and the player of just those rows (tests check its plan).
 */
export function rankingsPageQuery(db: Kysely<Database>, page: { limit: number; offset: number }) {
  const ids = db.selectFrom("ratings").select("player_id").where("listed", "=", 1)
    .orderBy("rating", "desc").orderBy("player_id")
    .limit(page.limit).offset(page.offset);
  return db.selectFrom(ids.as("page"))
    .innerJoin("ratings", "ratings.player_id", "page.player_id")
    .innerJoin("players", "players.id", "page.player_id")
    .select([
      "ratings.player_id",
      "players.display_name",
      "players.association",
      "ratings.rating",
      "ratings.match_count",
      "ratings.deviation",
    ])
    .orderBy("ratings.rating", "desc").orderBy("ratings.player_id");
}

/**
 * The number of listed ratings, kept with the listing version it was counted at: counting reads the whole index,
 * and the number changes only with the listing's version (db/revision.ts `LISTING_SCOPE`: imports, publishing, a
 * player's first rated match), so it is counted once per version, not with every page or every rated match. One
 * per store (db/store_reads.ts).
 */
export class LeaderboardSize {
  #kept: { version: number; total: number } | undefined;

  /** The number of listed ratings now. */
  async of(db: Kysely<Database>): Promise<number> {
    const row = await db.selectFrom("revisions").select("value").where("scope", "=", LISTING_SCOPE)
      .executeTakeFirst();
    const version = row === undefined ? undefined : Number(row.value);
    if (version !== undefined && this.#kept?.version === version) return this.#kept.total;
    const count = await db.selectFrom("ratings").select((eb) => eb.fn.countAll<number>().as("n"))
      .where("listed", "=", 1).executeTakeFirst();
    const total = Number(count?.n ?? 0);
    if (version !== undefined) this.#kept = { version, total };
    return total;
  }
}

/** A page of the leaderboard: `limit` rows after skipping `offset`, best first. */
export async function readRankingsPage(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
  size: LeaderboardSize = new LeaderboardSize(),
): Promise<RankingsPage> {
  const [rows, total] = await Promise.all([rankingsPageQuery(db, page).execute(), size.of(db)]);
  return {
    rows: rows.map((r) => ({
      playerId: r.player_id,
      displayName: r.display_name,
      association: r.association,
      rating: Number(r.rating),
      matchCount: Number(r.match_count),
      deviation: Number(r.deviation),
    })),
    total,
  };
}
