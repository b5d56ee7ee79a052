/**
 * The running game's playing time on the umpire's page, without its time-outs: what the expedite system's 10
 * minutes count (Law 2.15.1). A game starts when the umpire confirms the one before (kept on the phone); on a
 * phone that did not, its play began by its first point, and at most the interval between games after the last
 * game ended (`playBegan`): the break is never counted as play. Every declaration is exported so that the page can
 * inline this module (pages/client_script.ts `moduleScript`).
 */
import type { Projection, ScoringMatch } from "./score_projection.ts";

/** Where the phone keeps when a game of a match started (the umpire's "Next game"). */
export function gameStartKey(matchId: string, game: number): string {
  return `tt.gamestart.${matchId}.${game}`;
}

/** The time played in the running game at `now` (ms since the epoch), in ms, its time-outs taken off. */
export function gamePlayed(store: Storage, p: Projection, m: ScoringMatch, now: number): number {
  const game = p.state.gameNumber;
  const kept = store.getItem(gameStartKey(m.id, game));
  const start = kept ?? (game === 1 ? m.startedAt : playBegan(p));
  if (start === null) return 0;
  let paused = 0;
  for (const t of p.state.timeouts) {
    if (t.gameNumber !== game || t.at === null || t.endsAt === null) continue;
    paused += Math.max(0, Math.min(now, Date.parse(t.endsAt)) - Date.parse(t.at));
  }
  return Math.max(0, now - Date.parse(start) - paused);
}

/** The longest interval between two games of a match (ITTF Regulation 3.4.4.1: "up to 1 minute"). */
export const GAME_INTERVAL_MS = 60_000;

/**
 * When play of the running game (not the first) began, as its record tells: null at 0-0 (not yet, as far as
 * the phone knows), else the earlier of its first point and the last game's end plus the interval.
 */
export function playBegan(p: Projection): string | null {
  const { home, away } = p.state.currentGame;
  const scored = home + away;
  if (scored === 0) return null;
  const first = p.record.pointTimes?.[p.record.points.length - scored] ?? null;
  const ended = p.state.gameStartedAt;
  if (first === null || ended === null) return first ?? ended;
  return new Date(Math.min(Date.parse(first), Date.parse(ended) + GAME_INTERVAL_MS)).toISOString();
}

/**
 * A duration as minutes and seconds.
 * @example minutes(605_000) // "10:05"
 */
export function minutes(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
