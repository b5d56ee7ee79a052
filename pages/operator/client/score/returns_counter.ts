/**
 * The receiver's good returns under the expedite system, counted by the umpire on the page: the 13th wins the
 * receiver the point (Law 2.15.4). The count belongs to the rally under way, so it starts again whenever the score
 * moves; it is kept on the phone. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import type { Projection } from "./score_projection.ts";

/** Where the phone keeps a match's count. */
export function returnsKey(matchId: string): string {
  return `tt.returns.${matchId}`;
}

/**
 * The rally a count belongs to: the games finished and the running game's score.
 * @example rallyOf(p) // "1:3:4"
 */
export function rallyOf(p: Projection): string {
  return `${p.state.gameScores.length}:${p.state.currentGame.home}:${p.state.currentGame.away}`;
}

/** The returns counted in the rally under way; 0 once the score has moved. */
export function returns(store: Storage, matchId: string, p: Projection): number {
  try {
    const kept = JSON.parse(store.getItem(returnsKey(matchId)) ?? "null");
    return kept && kept.at === rallyOf(p) ? Number(kept.count) || 0 : 0;
  } catch {
    return 0;
  }
}

/** Keeps the count of the rally under way. */
export function setReturns(store: Storage, matchId: string, p: Projection, count: number): void {
  store.setItem(returnsKey(matchId), JSON.stringify({ at: rallyOf(p), count }));
}
