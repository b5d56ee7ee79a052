/** The public rating leaderboard, a page at a time: the API's `/rankings` and the rankings page. */
import { readRankingsPage } from "../db/read_rankings.ts";
import type { Ranking } from "./schemas.ts";
import { serializeRanking } from "./serialize.ts";
import type { View } from "./view.ts";

/** A page of the leaderboard and the length of the whole leaderboard. */
export interface RankingsData {
  rows: Ranking[];
  total: number;
}

/** A page of the leaderboard: `offset` rows in, at most `limit`; ranks count from the top of the leaderboard. */
export const rankingsView: View<{ limit: number; offset: number }, RankingsData> = {
  // A point changes no rating: the rankings have a version of their own, not every write's.
  version: (deps) => deps.versions.rankings(),
  load: async ({ db, leaderboard }, page) => {
    const { rows, total } = await readRankingsPage(db, page, leaderboard);
    return { rows: rows.map((r, i) => serializeRanking(r, page.offset + i + 1)), total };
  },
};
