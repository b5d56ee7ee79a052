/**
 * The score of a team match ("tie") from the results of its individual matches: each match won is one point
 * of the tie score, and the tie is decided when a side reaches the format's wins (ITTF Regulation 3.7.6: a team
 * match ends when one team has won a majority of the individual matches), unless the format plays all its
 * matches.
 * @module
 */

import type { TeamFormat } from "./team_formats.ts";

/** A side of a tie. */
export type TieSide = "home" | "away";

/** What the score needs of one individual match of the tie: its place in the order and its result. */
export interface TieMatchResult {
  /** 1-based order of play within the tie. */
  order: number;
  /** A match status (domain/match_status.ts): "scheduled", "in_progress" or "completed". */
  status: string;
  /** The side that won a completed match; null otherwise. */
  winner: TieSide | null;
}

/** The status of a tie: not begun, being played, or over (decided, and every match the format plays done). */
export type TieStatus = "scheduled" | "in_progress" | "completed";

/** The score of a tie. */
export interface TieScore {
  home: number;
  away: number;
  /** Whether the result is known: a side reached the wins needed, or every match was played. */
  decided: boolean;
  /** The winning side, or null while undecided or when a format that plays all its matches ends level. */
  winner: TieSide | null;
  status: TieStatus;
  /** Orders of the matches still to be played. */
  remaining: number[];
  /** Orders of the matches not needed: a side won the tie before them and the format stops there. */
  notNeeded: number[];
}

/**
 * The tie score from the format and the results so far. Matches after the one that decided the tie are not
 * needed (unless `playAll`), and neither is a match still unfinished when the tie is decided (played at the same
 * time on another table); a result recorded on one of them anyway does not count.
 * @example tieScore(TEAM_FORMATS.wttc, [{ order: 1, status: "completed", winner: "home" }, ...])
 *   // after home wins 1, 2 and 3: { home: 3, away: 0, decided: true, winner: "home", remaining: [],
 *   //   notNeeded: [4, 5], status: "completed" }
 */
export function tieScore(format: TeamFormat, results: readonly TieMatchResult[]): TieScore {
  const byOrder = new Map(results.map((r) => [r.order, r]));
  let home = 0;
  let away = 0;
  let winner: TieSide | null = null;
  let begun = false;
  const counted = new Set<number>();
  for (let order = 1; order <= format.matches.length; order++) {
    const r = byOrder.get(order);
    if (winner !== null && !format.playAll) break;
    if (r && r.status !== "scheduled") begun = true;
    if (r && r.status === "completed" && r.winner !== null) {
      counted.add(order);
      if (r.winner === "home") home++;
      else away++;
      if (winner === null && home >= format.winsNeeded) winner = "home";
      if (winner === null && away >= format.winsNeeded) winner = "away";
    }
  }
  const remaining: number[] = [];
  const notNeeded: number[] = [];
  for (let order = 1; order <= format.matches.length; order++) {
    if (counted.has(order)) continue;
    if (winner !== null && !format.playAll) notNeeded.push(order);
    else remaining.push(order);
  }
  const decided = winner !== null || remaining.length === 0;
  if (winner === null && remaining.length === 0 && home !== away) winner = home > away ? "home" : "away";
  const status: TieStatus = decided && remaining.length === 0
    ? "completed"
    : begun || home + away > 0
    ? "in_progress"
    : "scheduled";
  return { home, away, decided, winner, status, remaining, notNeeded };
}
