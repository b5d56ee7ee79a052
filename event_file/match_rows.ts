/**
 * The stored columns of a match's score and result, from the match as an event file gives it: the games and
 * running game, the points that replay to them (so that the live scorer can resume or undo) and the times; the
 * same for a category's match (event_file/import.ts) and a tie's (event_file/import_teams.ts).
 * @module
 */
import { pointsForScores, type Score, type Side } from "../domain/scoring.ts";
import { type PlacedIncident, replayUmpire, type UmpireState } from "../domain/match_replay.ts";
import { officiatingView } from "../domain/match_view.ts";
import type { ImportProblem, IncidentInput, MatchInput } from "./format.ts";
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
  | "umpireSetup"
  | "incidents"
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
  /**
   * The first of the file's incidents (its index in `incidents`) that does not replay over the points rebuilt from
   * the games, and why: the officiating is then replayed from the points alone, and the import says so.
   */
  unreplayed: { index: number; reason: string } | null;
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
    return {
      games,
      current,
      points: [],
      server: null,
      firstServer,
      winner: null,
      umpire: null,
      unreplayed: null,
    };
  }
  const format = { bestOf, firstServer, doubles };
  const points = pointsForScores(games, current, format);
  const { state, unreplayed } = replayWithIncidents(points, m, format);
  return {
    games,
    current,
    points,
    // Who serves next only means something while the match runs.
    server: m.status === "in_progress" ? state.server : null,
    firstServer,
    winner: state.winner,
    umpire: JSON.stringify(officiatingView(state)),
    unreplayed,
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

/**
 * The replay of a match's points with the umpire's incidents in force and choices at the start the file gives
 * (cards, time-outs, the doubles order), so that the officiating kept with it is the one the umpire left; the
 * points alone when the file's incidents do not replay over the points the import makes from the games (evenly,
 * so a card's penalty points or an order placed by the real rallies may not fit), with the first that does not.
 */
function replayWithIncidents(
  points: Side[],
  m: ScoredInput,
  format: { bestOf: number; firstServer: Side; doubles: boolean },
): { state: UmpireState; unreplayed: MatchScore["unreplayed"] } {
  const placed = (m.incidents ?? []).flatMap((i, index) =>
    i.undoneAt ? [] : [{
      index,
      incident: { ...i.detail, kind: i.kind, afterPoints: i.afterPoints, at: i.at } as PlacedIncident,
    }]
  );
  const setup = m.umpireSetup;
  const full = {
    ...format,
    leftInGameOne: setup?.left ?? "home",
    order: format.doubles && setup?.order
      ? setup.order as NonNullable<Parameters<typeof replayUmpire>[1]["order"]>
      : null,
  };
  const replay = (count: number) =>
    replayUmpire({ points, incidents: placed.slice(0, count).map((p) => p.incident) }, full);
  try {
    return { state: replay(placed.length), unreplayed: null };
  } catch (e) {
    // The first incident the replay refuses: the ones before it replay.
    let count = 1;
    let reason = messageOf(e);
    for (; count < placed.length; count++) {
      try {
        replay(count);
      } catch (first) {
        reason = messageOf(first);
        break;
      }
    }
    return {
      state: replayUmpire({ points }, format),
      unreplayed: { index: placed[Math.min(count, placed.length) - 1]!.index, reason },
    };
  }
}

/** The columns of the desk's and the umpire's record of a match: its call, skip, plan mark and choices at the start. */
export function recordColumns(m: Pick<MatchInput, "calledAt" | "skippedAt" | "planned" | "umpireSetup">) {
  return {
    called_at: normalTime(m.calledAt),
    skipped_at: normalTime(m.skippedAt),
    planned: m.planned ? 1 : 0,
    umpire_setup: m.umpireSetup ? JSON.stringify(m.umpireSetup) : null,
  };
}

/**
 * The import's warning for a match whose incidents do not replay over the points rebuilt from its games: the
 * match (its path in the file, its sides) and the incident, with the rule the replay refused.
 */
export function unreplayedWarning(
  path: string,
  m: Pick<MatchInput, "id" | "home" | "away" | "incidents">,
  score: MatchScore,
): ImportProblem[] {
  const u = score.unreplayed;
  if (!u) return [];
  const incident = m.incidents![u.index]!;
  const named = `${m.home ?? "?"} v ${m.away ?? "?"}${m.id ? ` ("${m.id}")` : ""}`;
  return [{
    path: `${path}.incidents[${u.index}]`,
    message:
      `Match ${named}: its ${incident.kind} after ${incident.afterPoints} points does not replay over the ` +
      `rallies rebuilt from its games (${u.reason}); its officiating is replayed from the rallies alone`,
    // The replay's reason is English (the umpire's rules say it); the page's words name the match and incident.
    code: "incident-unreplayed",
    params: { match: named, kind: incident.kind, afterPoints: incident.afterPoints },
  }];
}

/** The stored rows of a match's incidents (`match_incidents`), in the file's order. */
export function incidentRows(matchId: string, incidents: readonly IncidentInput[] | undefined) {
  return (incidents ?? []).map((i, k) => ({
    match_id: matchId,
    seq: k + 1,
    kind: i.kind,
    detail: JSON.stringify(i.detail ?? {}),
    after_points: i.afterPoints,
    action_no: i.actionNo,
    created_at: normalTime(i.at)!,
    undone_at: normalTime(i.undoneAt),
    undone_by: i.undoneAt ? i.undoneBy ?? "" : null,
  }));
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
