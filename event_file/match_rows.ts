/**
 * The stored columns of a match's score and result, from the match as an event file gives it: the games and
 * running game, the points that replay to them (so that the live scorer can resume or undo) and the times; the
 * same for a category's match (event_file/import.ts) and a tie's (event_file/import_teams.ts).
 * @module
 */
import { pointsForScores, type Score, type Side } from "../domain/scoring.ts";
import { replayUmpire } from "../domain/match_replay.ts";
import { officiatingView } from "../domain/match_view.ts";
import type { MatchInput } from "./format.ts";
import { parseScore } from "./parse.ts";

/** What a match's stored score is made from: a category's match or a tie's. */
export type ScoredInput = Pick<
  MatchInput,
  | "status"
  | "games"
  | "current"
  | "firstServer"
  | "scheduledAt"
  | "resultReason"
  | "retirementAfterGame"
  | "startedAt"
  | "completedAt"
>;

export interface MatchScore {
  games: Score[];
  current: Score;
  points: Side[];
  server: Side | null;
  firstServer: Side | null;
  winner: Side | null;
  /** What the replay says of the officiating (ends, service), as the write path keeps it; null before play. */
  umpire: string | null;
}

/**
 * The stored score of a match: its games and running game, and the points that replay to them (so that the live
 * scorer can resume or undo), built by domain/scoring's `pointsForScores`.
 */
export function matchScore(m: ScoredInput, bestOf: number, doubles: boolean): MatchScore {
  const games = (m.games ?? []).map((g) => parseScore(g)!);
  const current = (m.current ? parseScore(m.current) : null) ?? { home: 0, away: 0 };
  const played = m.status !== "scheduled" && (games.length > 0 || current.home + current.away > 0);
  const firstServer: Side | null = m.firstServer ?? (played || m.status === "in_progress" ? "home" : null);
  if (!firstServer || (!played && m.status !== "in_progress")) {
    return { games, current, points: [], server: null, firstServer, winner: null, umpire: null };
  }
  const format = { bestOf, firstServer, doubles };
  const points = pointsForScores(games, current, format);
  const state = replayUmpire({ points }, format);
  return {
    games,
    current,
    points,
    // Who serves next only means something while the match runs.
    server: m.status === "in_progress" ? state.server : null,
    firstServer,
    winner: state.winner,
    umpire: JSON.stringify(officiatingView(state)),
  };
}

/** A file's date-time (any offset) as stored: UTC with milliseconds. */
export function normalTime(value: string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/**
 * The columns of a match row that its result and score make, `at` the import's time (the default of a start or
 * completion time the file leaves out).
 */
export function resultColumns(m: ScoredInput, score: MatchScore, at: string) {
  return {
    scheduled_at: normalTime(m.scheduledAt),
    status: m.status,
    result_reason: m.status === "completed" ? m.resultReason ?? null : null,
    retirement_after_game: m.resultReason === "retired" ? m.retirementAfterGame ?? score.games.length : null,
    first_server: score.firstServer,
    games: JSON.stringify(score.games.map((g) => [g.home, g.away])),
    // As the match write path stores them: the running game only while the match runs (the points keep the
    // unfinished game of a retirement).
    current_home: m.status === "in_progress" ? score.current.home : 0,
    current_away: m.status === "in_progress" ? score.current.away : 0,
    server: score.server,
    umpire: score.umpire,
    started_at: m.status === "in_progress" ? normalTime(m.startedAt) ?? at : normalTime(m.startedAt),
    completed_at: m.status === "completed" ? normalTime(m.completedAt) ?? at : null,
  };
}
