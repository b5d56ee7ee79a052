/**
 * Setting a match started by mistake back to "scheduled": the desk's correction of a start that should not have
 * happened (the wrong match called, the wrong players at the table). A match in progress whose score is still
 * 0-0 in its first game may go back; once a point is recorded (a rally, or penalty points of a card,
 * Regulation 3.5.2) the match has been played and its record is kept, unless an admin discards its points in
 * one confirmed step (`discardPoints`: the wrong players played, the match starts again from nothing). A
 * finished match's result is taken back first, or replaced by a whole result.
 */

/** What the rule reads of a match: its status, the rallies recorded and its score. */
export interface ResettableMatch {
  status: string;
  /** Rallies recorded (penalty points are not rallies: the score says them). */
  points: number;
  /** Games finished. */
  games: number;
  currentHome: number;
  currentAway: number;
}

/**
 * Why the match cannot be set back to not started, or null when it can.
 * @example resetRefusal({ status: "in_progress", points: 0, games: 0, currentHome: 0, currentAway: 0 }) // null
 * @example resetRefusal({ status: "in_progress", points: 3, games: 0, currentHome: 2, currentAway: 1 })
 * // "points have been scored (2-1 in game 1): undo them first"
 */
export function resetRefusal(m: ResettableMatch, discardPoints = false): string | null {
  if (m.status !== "in_progress") {
    return m.status === "scheduled" ? "it has not started" : "it is finished: take the result back first";
  }
  if (discardPoints) return null;
  if (m.points > 0 || m.games > 0 || m.currentHome > 0 || m.currentAway > 0) {
    return `points have been scored (${m.currentHome}-${m.currentAway} in game ${
      m.games + 1
    }): undo them first`;
  }
  return null;
}
