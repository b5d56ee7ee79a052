/**
 * How a stored match is shown to readers: the score block (games won, running game, finished games), the live
 * block (started, next server) and the progress of a category from the statuses of its matches.
 *
 * Pure: the db layer reads the stored fields (games as `[home, away]` pairs, the running game, the stored
 * server) and the api layer serialises what these functions return.
 * @module
 */

import type { CardRecord } from "./cards.ts";
import type { ExpediteRecord } from "./expedite.ts";
import { type GamePoint, gamePointOf } from "./game_point.ts";
import { singlesSlot, type UmpireState } from "./match_replay.ts";
import { otherSide, type Score, type Side } from "./scoring.ts";
import type { PlayerSlot } from "./service_order.ts";
import type { TimeoutRecord } from "./timeouts.ts";

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

/**
 * What the officials' record says of a match besides its score (domain/match_replay.ts), as it is stored with the
 * match and shown to spectators: the ends, who serves to whom next, the expedite system, time-outs and cards.
 */
export interface OfficiatingView {
  /** The side on the umpire's left now, and in the last possible game the score at which the ends changed. */
  left: Side;
  endsChangedAt: Score | null;
  /** Who serves and who receives the next point (slots: the db layer names the players). */
  serverPlayer: PlayerSlot | null;
  receiverPlayer: PlayerSlot | null;
  expedite: ExpediteRecord | null;
  timeouts: TimeoutRecord[];
  cards: CardRecord[];
}

/** The part of a replayed match that is kept with it for the spectators. */
export function officiatingView(state: UmpireState): OfficiatingView {
  return {
    left: state.left,
    endsChangedAt: state.endsChangedAt,
    serverPlayer: state.serverPlayer,
    receiverPlayer: state.receiverPlayer,
    expedite: state.expedite,
    timeouts: state.timeouts,
    cards: state.cards,
  };
}

/** The officiating block of a match as the public answer shows it: the view, and game or match point. */
export interface OfficiatingBlock extends Omit<OfficiatingView, "left" | "endsChangedAt"> {
  gamePoint: GamePoint | null;
  /** The ends, when the umpire's record says them. */
  ends: { left: Side; changedAt: Score | null } | null;
}

/**
 * The officiating block of a stored match, or null when there is nothing to show: before play, and after it when
 * no time-out, card or expedite system was recorded. A match in play without a stored view (imported, or scored
 * before views were kept) shows its game point and the serving side's player in singles only.
 * @example officiatingBlock({ status: "scheduled", ... }) // null
 */
export function officiatingBlock(match: {
  status: string;
  bestOf: number;
  doubles: boolean;
  server: Side | null;
  score: ScoreView;
  view: OfficiatingView | null;
}): OfficiatingBlock | null {
  const { status, view } = match;
  const inProgress = status === "in_progress";
  const recorded = view !== null &&
    (view.timeouts.length > 0 || view.cards.length > 0 || view.expedite !== null);
  if (!inProgress && !recorded) return null;
  const fallback = !match.doubles && match.server !== null;
  return {
    gamePoint: inProgress
      ? gamePointOf(match.score.currentGame, match.score.gamesWon, match.bestOf, false)
      : null,
    serverPlayer: !inProgress
      ? null
      : view
      ? view.serverPlayer
      : fallback
      ? singlesSlot(match.server!)
      : null,
    receiverPlayer: !inProgress
      ? null
      : view
      ? view.receiverPlayer
      : fallback
      ? singlesSlot(otherSide(match.server!))
      : null,
    ends: view && { left: view.left, changedAt: view.endsChangedAt },
    expedite: view?.expedite ?? null,
    timeouts: view?.timeouts ?? [],
    cards: view?.cards ?? [],
  };
}
