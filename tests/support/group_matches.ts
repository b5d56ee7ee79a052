/**
 * Group matches for the standings tests (tests/domain/standings_test.ts, standings_rules_test.ts). Scores are
 * written from the home player's side, "11-9" meaning home 11, away 9.
 */
import type { GroupMatch } from "../../domain/standings.ts";

/** A game's score from "11-9". */
export function game(score: string): [number, number] {
  const [home, away] = score.split("-").map(Number);
  if (home === undefined || away === undefined) throw new Error(`Bad test score "${score}"`);
  return [home, away];
}

/** A completed match; the winner is whoever won more of the games. */
export function played(home: string, away: string, ...scores: string[]): GroupMatch {
  const games = scores.map(game);
  const homeGames = games.filter(([h, a]) => h > a).length;
  return { home, away, games, status: "completed", winner: homeGames * 2 > games.length ? home : away };
}

/**
 * Games played in order until one side has won `toWin` (a full match), for property tests: `homeWins[i]` says
 * who takes game i, `scores[i]` its winner's and loser's points (11-0 when missing).
 */
export function playUntilWon(
  homeWins: readonly boolean[],
  scores: readonly (readonly [number, number])[],
  toWin: number,
): { games: [number, number][]; homeWon: boolean } {
  const games: [number, number][] = [];
  let homeGames = 0, awayGames = 0;
  for (const [i, home] of homeWins.entries()) {
    if (homeGames === toWin || awayGames === toWin) break;
    const [w, l] = scores[i] ?? [11, 0];
    games.push(home ? [w, l] : [l, w]);
    if (home) homeGames++;
    else awayGames++;
  }
  return { games, homeWon: homeGames === toWin };
}
