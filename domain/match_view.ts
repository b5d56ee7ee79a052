/**
 * How a stored match is shown to readers: the score block (games won, running game, finished games), the live
 * block (started, next server) and the progress of a category from the statuses of its matches.
 *
 * Pure: the db layer reads the stored fields (games as `[home, away]` pairs, the running game, the stored
 * server) and the api layer serialises what these functions return.
 * @module
 */

import type { Score, Side } from "./scoring.ts";

/** The score of a match as the public API shows it. */
export interface ScoreView {
  /** Games won by each side, counted from `gameScores`. */
  gamesWon: Score;
  /** Points in the running game. */
  currentGame: Score;
  /** Finished games in order of play. */
  gameScores: Score[];
}

/** What the live block needs besides the score. */
export interface LiveInput {
  status: string;
  startedAt: string | null;
  server: string | null;
  bestOf: number;
}

/** The live block of a match: whether play has begun, the score and who serves next. */
export interface LiveView {
  started: boolean;
  gamesWon: Score;
  currentGame: Score;
  /** Who serves the next point; null unless the match is in progress. */
  currentServer: Side | null;
  bestOf: number;
}

/** The progress of a category, derived from its matches. */
export type CategoryStatus = "scheduled" | "in_progress" | "completed";

/**
 * The score block of a match from its stored finished games and running game; a game counts for the side
 * with more points (stored games are finished games, checked by domain/scoring when written).
 * @example scoreView([[11, 9], [8, 11], [11, 4]], { home: 3, away: 2 }).gamesWon // { home: 2, away: 1 }
 */
export function scoreView(games: readonly (readonly [number, number])[], current: Score): ScoreView {
  const gameScores = games.map(([home, away]) => ({ home, away }));
  const gamesWon = {
    home: gameScores.filter((g) => g.home > g.away).length,
    away: gameScores.filter((g) => g.away > g.home).length,
  };
  return { gamesWon, currentGame: { home: current.home, away: current.away }, gameScores };
}

/**
 * The live block of a match. Play has begun once the match is in progress, has a start time, or was completed
 * with games on the board (a result imported without a start time was still played; a walkover never was); the
 * next server is shown only while the match is in progress.
 * @example liveView({ status: "scheduled", startedAt: null, server: null, bestOf: 5 }, score).started // false
 */
export function liveView(match: LiveInput, score: ScoreView): LiveView {
  const inProgress = match.status === "in_progress";
  const server = match.server === "home" || match.server === "away" ? match.server : null;
  return {
    started: inProgress || match.startedAt !== null ||
      (match.status === "completed" && score.gameScores.length > 0),
    gamesWon: score.gamesWon,
    currentGame: score.currentGame,
    currentServer: inProgress ? server : null,
    bestOf: match.bestOf,
  };
}

/**
 * The progress of a category from the statuses of all its matches (open ones included): completed when it
 * has matches and all are completed, in progress once any match has started or finished, scheduled before.
 * @example categoryStatus(["completed", "scheduled"]) // "in_progress": a later round is still to be played
 */
export function categoryStatus(statuses: Iterable<string>): CategoryStatus {
  let any = false;
  let allCompleted = true;
  let begun = false;
  for (const status of statuses) {
    any = true;
    if (status !== "completed") allCompleted = false;
    if (status !== "scheduled") begun = true;
  }
  if (any && allCompleted) return "completed";
  return begun ? "in_progress" : "scheduled";
}
