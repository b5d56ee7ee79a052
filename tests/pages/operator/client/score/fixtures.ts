/** Matches of the umpire's page for the tests of its parts: the management API's fields they read. */
import type { Side } from "../../../../../domain/scoring.ts";
import {
  type Projection,
  projectMatch,
  type ScoringMatch,
} from "../../../../../pages/operator/client/score/score_projection.ts";

/** A singles match in progress, best of 5, Anna Berg (home) v Ella Fox (away), with `o` over it. */
export function scoringMatch(o: Partial<ScoringMatch> = {}): ScoringMatch {
  return {
    id: "m1",
    status: "in_progress",
    bestOf: 5,
    firstServer: "home",
    doubles: false,
    setup: { left: "home", order: null },
    homeName: "Anna Berg",
    awayName: "Ella Fox",
    homePlayers: [{ id: "p1", name: "Anna Berg" }],
    awayPlayers: [{ id: "p2", name: "Ella Fox" }],
    winnerSide: null,
    resultReasonCode: null,
    startedAt: "2026-11-28T10:00:00.000Z",
    points: [],
    pointTimes: [],
    incidents: [],
    gameScores: [],
    gamesWon: { home: 0, away: 0 },
    currentGame: { home: 0, away: 0 },
    scorer: null,
    ...o,
  } as unknown as ScoringMatch;
}

/** Points won by these sides, in order ("h" home, "a" away). */
export function rallies(text: string): Side[] {
  return [...text].map((c) => (c === "h" ? "home" : "away"));
}

/** The projection of a match whose record holds these points (and incidents), no tap waiting. */
export function projected(points: Side[], o: Partial<ScoringMatch> = {}): { m: ScoringMatch; p: Projection } {
  const m = scoringMatch({ points, pointTimes: points.map(() => null), ...o });
  return { m, p: projectMatch(m, []) };
}
