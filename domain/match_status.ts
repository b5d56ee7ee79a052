/**
 * The life of a match: its status, how it ended (result reason) and the legal transitions between them.
 *
 * Pure transitions over a small record; the score itself comes from `scoring.ts`. The table of allowed
 * transitions is in docs/scoring.md.
 * @module
 */

import { isSide, type MatchState, otherSide, type Side } from "./scoring.ts";

/**
 * Every match status: "scheduled" (not started), "in_progress" (play has begun), "completed" (has a winner,
 * by score or by a result reason).
 */
export const MATCH_STATUSES = ["scheduled", "in_progress", "completed"] as const;

/** A match status; see `MATCH_STATUSES`. */
export type MatchStatus = typeof MATCH_STATUSES[number];

/**
 * Every result reason of a match not decided by its score: "walkover" (not played), "retired" (a side gave up
 * during play), "disqualified" (a side was disqualified, before or during play). Null for a normal result.
 */
export const RESULT_REASONS = ["walkover", "retired", "disqualified"] as const;

/** A result reason; see `RESULT_REASONS`. `null` stands for a result decided by the score. */
export type ResultReason = typeof RESULT_REASONS[number];

/** What the standings (domain/standings.ts) need to know about how a match ended. */
export type StandingsStatus = "completed" | "walkover" | "retired" | "scheduled" | "in_progress";

/** The status part of a match; `retirementAfterGame` counts the games finished when a side retired. */
export interface MatchStatusRecord {
  status: MatchStatus;
  resultReason: ResultReason | null;
  winner: Side | null;
  retirementAfterGame: number | null;
}

/** A transition that the current status does not allow; the message names the current status. */
export class MatchStatusError extends Error {
  override name = "MatchStatusError";
}

/** Whether a value is one of `MATCH_STATUSES`. */
export function isMatchStatus(value: unknown): value is MatchStatus {
  return (MATCH_STATUSES as readonly unknown[]).includes(value);
}

/** Whether a value is one of `RESULT_REASONS`. */
export function isResultReason(value: unknown): value is ResultReason {
  return (RESULT_REASONS as readonly unknown[]).includes(value);
}

/**
 * Whether a match has begun: it left "scheduled" (it was started, or decided without play, as by a walkover) or
 * has a start time. A match that has begun keeps its sides: its draw is not made again, and no qualifier or
 * winner of an earlier match is put into it or taken out of it.
 * @example matchHasBegun({ status: "completed", startedAt: null }) // true: a walkover decided it
 */
export function matchHasBegun(match: { status: string; startedAt: string | null }): boolean {
  return match.status !== "scheduled" || match.startedAt !== null;
}

/**
 * Whether play has begun in a match: its start named the first server. A match decided before play (a
 * walkover, a disqualification before the start) has none, so taking its result back leads to "scheduled"
 * (`reopensTo`).
 * @example playHasBegun({ firstServer: null }) // false
 */
export function playHasBegun(match: { firstServer: string | null }): boolean {
  return match.firstServer !== null;
}

/** The record of a match that has not started. */
export function scheduledMatch(): MatchStatusRecord {
  return { status: "scheduled", resultReason: null, winner: null, retirementAfterGame: null };
}

/**
 * Throws a `MatchStatusError` unless the record is coherent: a winner exactly when completed, a reason only
 * when completed, `retirementAfterGame` (a whole number from 0) exactly when the reason is "retired".
 */
export function assertMatchStatusRecord(record: MatchStatusRecord): void {
  const { status, resultReason, winner, retirementAfterGame } = record;
  if (!isMatchStatus(status)) {
    throw new MatchStatusError(
      `Cannot read the match status: expected one of ${list(MATCH_STATUSES)}, got "${status}"`,
    );
  }
  if (resultReason !== null && !isResultReason(resultReason)) {
    throw new MatchStatusError(
      `Cannot read the result reason: expected null or one of ${list(RESULT_REASONS)}, got "${resultReason}"`,
    );
  }
  if (winner !== null && !isSide(winner)) {
    throw new MatchStatusError(`Cannot read the winner: expected null, "home" or "away", got "${winner}"`);
  }
  if (status !== "completed" && (resultReason !== null || winner !== null || retirementAfterGame !== null)) {
    throw new MatchStatusError(
      `Cannot read the match: a match "${status}" has no winner, result reason or retirement yet`,
    );
  }
  if (status === "completed" && winner === null) {
    throw new MatchStatusError(`Cannot read the match: a match "completed" needs a winner`);
  }
  if (resultReason === "retired") {
    if (retirementAfterGame === null || !Number.isInteger(retirementAfterGame) || retirementAfterGame < 0) {
      throw new MatchStatusError(
        `Cannot read the match: a retirement needs "retirementAfterGame" as a whole number from 0, got ` +
          `"${retirementAfterGame}"`,
      );
    }
  } else if (retirementAfterGame !== null) {
    throw new MatchStatusError(`Cannot read the match: "retirementAfterGame" is only set for a retirement`);
  }
}

/**
 * Starts play: scheduled -> in_progress.
 * @example startMatch(scheduledMatch()).status // "in_progress"
 */
export function startMatch(current: MatchStatusRecord): MatchStatusRecord {
  requireStatus(current, "start the match", ["scheduled"]);
  return { ...current, status: "in_progress" };
}

/**
 * Throws unless a point can be recorded: only while in progress (`Cannot record a point: match is
 * "completed"`).
 */
export function assertCanRecordPoint(current: MatchStatusRecord): void {
  requireStatus(current, "record a point", ["in_progress"]);
}

/**
 * Throws unless the umpire can record an action of play (a time-out, a card, the expedite system, the order of
 * service): only while in progress (`Cannot show a card: match is "scheduled"`).
 */
export function assertCanUmpire(current: MatchStatusRecord, action: string): void {
  requireStatus(current, action, ["in_progress"]);
}

/**
 * Throws unless the last point or correction can be undone (scoring.ts `undoLastAction`): in progress, or
 * completed by score (not by a result reason).
 */
export function assertCanUndo(current: MatchStatusRecord): void {
  requireStatus(current, "undo the last point or correction", ["in_progress", "completed"]);
  requireNoReason(current, "undo the last point or correction");
}

/** Throws unless a finished game can be corrected: in progress, or completed after play (not by walkover). */
export function assertCanCorrect(current: MatchStatusRecord): void {
  requireStatus(current, "correct a game", ["in_progress", "completed"]);
  if (current.resultReason === "walkover") {
    throw new MatchStatusError(`Cannot correct a game: match is ${describe(current)}`);
  }
}

/**
 * Throws unless a corrected score leaves a match's result standing. A match ended by a result reason (retired,
 * disqualified) is not decided by its games, so a correction that makes the games decide it is refused: the
 * result would then say one thing and the games another (and validateGameScores refuses such a match). A
 * match without a result reason passes: `settleFromScore` brings it in line with the score.
 * @example assertResultStands(retiredAt1All, stateCorrectedTo2Nil) // throws: the games would decide it
 */
export function assertResultStands(current: MatchStatusRecord, state: MatchState): void {
  if (current.resultReason === null || !state.finished) return;
  throw new MatchStatusError(
    `Cannot correct a game: the games would decide the match (${games(state)}), but it ended by result ` +
      `reason "${current.resultReason}"`,
  );
}

/**
 * Throws unless a whole result can be entered from a score sheet: any match not decided by a result reason (a
 * walkover, retirement or disqualification is taken back first, `reopenDecision`).
 */
export function assertCanEnterResult(current: MatchStatusRecord): void {
  requireNoReason(current, "enter a result");
}

/**
 * Completes a match that its score has decided: in_progress -> completed, no result reason, winner from the
 * score.
 * @example completeFromScore(inProgress, decidedState) // { status: "completed", winner: "home", ... }
 */
export function completeFromScore(current: MatchStatusRecord, state: MatchState): MatchStatusRecord {
  requireStatus(current, "complete the match from the score", ["in_progress"]);
  if (!state.finished || state.winner === null) {
    throw new MatchStatusError(
      `Cannot complete the match from the score: the match is not decided (${games(state)})`,
    );
  }
  return { status: "completed", resultReason: null, winner: state.winner, retirementAfterGame: null };
}

/**
 * Reopens a match completed by score after its last point was undone: completed -> in_progress, winner
 * cleared. Throws when the match was completed by a result reason or the score still decides it.
 */
export function reopenAfterUndo(current: MatchStatusRecord, state: MatchState): MatchStatusRecord {
  requireStatus(current, "reopen the match", ["completed"]);
  requireNoReason(current, "reopen the match");
  if (state.finished) {
    throw new MatchStatusError(`Cannot reopen the match: the score still decides it (${games(state)})`);
  }
  return { status: "in_progress", resultReason: null, winner: null, retirementAfterGame: null };
}

/**
 * Where taking back a match's result leads: back in progress when play had begun (`played`: a first server was
 * named; a walkover was never played, whatever a record says of one), scheduled otherwise; null when there is
 * nothing to take back this way (not completed by a result reason: a result of the score is undone point by point).
 * @example reopensTo({ status: "completed", resultReason: "retired" }, true) // "in_progress"
 */
export function reopensTo(
  current: Pick<MatchStatusRecord, "status" | "resultReason">,
  played: boolean,
): "scheduled" | "in_progress" | null {
  if (current.status !== "completed" || current.resultReason === null) return null;
  return played && current.resultReason !== "walkover" ? "in_progress" : "scheduled";
}

/**
 * Takes back a result decided by a reason (a walkover, retirement or disqualification given by mistake):
 * completed -> `reopensTo` (scheduled, or in_progress where the score stood); winner, reason and retirement
 * cleared. A result decided by the score is taken back point by point (undo) instead.
 * @example reopenDecision(walkoverToAway, false) // { status: "scheduled", resultReason: null, winner: null, ... }
 */
export function reopenDecision(current: MatchStatusRecord, played: boolean): MatchStatusRecord {
  requireStatus(current, "take back the result", ["completed"]);
  const status = reopensTo(current, played);
  if (status === null) {
    throw new MatchStatusError(
      `Cannot take back the result: the score decided it; undo its last point instead`,
    );
  }
  return { status, resultReason: null, winner: null, retirementAfterGame: null };
}

/**
 * Brings the status of a match played to a score in line with its new score (after a point, an undo or a
 * correction): completed with the winner when decided, in progress otherwise.
 * Throws when the match is scheduled or was completed by a result reason.
 */
export function settleFromScore(current: MatchStatusRecord, state: MatchState): MatchStatusRecord {
  requireStatus(current, "apply the score", ["in_progress", "completed"]);
  requireNoReason(current, "apply the score");
  if (state.finished && state.winner !== null) {
    return { status: "completed", resultReason: null, winner: state.winner, retirementAfterGame: null };
  }
  return { status: "in_progress", resultReason: null, winner: null, retirementAfterGame: null };
}

/**
 * Awards a walkover before play: scheduled -> completed, reason "walkover", `winner` wins.
 * @example walkover(scheduledMatch(), "away") // { status: "completed", resultReason: "walkover", ... }
 */
export function walkover(current: MatchStatusRecord, winner: Side): MatchStatusRecord {
  requireSide(winner, "record a walkover", "winner");
  requireStatus(current, "record a walkover", ["scheduled"]);
  return { status: "completed", resultReason: "walkover", winner, retirementAfterGame: null };
}

/**
 * Records that `retiring` gave up during play: in_progress -> completed, reason "retired", the other side
 * wins, `retirementAfterGame` = games finished at that moment.
 * @example retire(inProgress, stateAt2Games, "home") // { winner: "away", retirementAfterGame: 2, ... }
 */
export function retire(current: MatchStatusRecord, state: MatchState, retiring: Side): MatchStatusRecord {
  requireSide(retiring, "record a retirement", "retiring side");
  requireStatus(current, "record a retirement", ["in_progress"]);
  requireUndecided(state, "record a retirement");
  return {
    status: "completed",
    resultReason: "retired",
    winner: otherSide(retiring),
    retirementAfterGame: state.gameScores.length,
  };
}

/**
 * Records that `disqualified` was disqualified, before or during play: scheduled or in_progress -> completed,
 * reason "disqualified", the other side wins. `retirementAfterGame` stays null (it is not a retirement).
 */
export function disqualify(
  current: MatchStatusRecord,
  state: MatchState,
  disqualified: Side,
): MatchStatusRecord {
  requireSide(disqualified, "record a disqualification", "disqualified side");
  requireStatus(current, "record a disqualification", ["scheduled", "in_progress"]);
  requireUndecided(state, "record a disqualification");
  return {
    status: "completed",
    resultReason: "disqualified",
    winner: otherSide(disqualified),
    retirementAfterGame: null,
  };
}

/**
 * Maps a match's status and result reason to the input of the standings (ITTF Statutes 3.7.5: 0 match points
 * for the loser of an unplayed or unfinished match). `finishedGames` is the number of games finished in the
 * match.
 * @example standingsStatus("completed", "disqualified", 0) // "walkover": no game finished
 * @example standingsStatus("completed", "disqualified", 2) // "retired": an unfinished match
 */
export function standingsStatus(
  status: MatchStatus,
  reason: ResultReason | null,
  finishedGames: number,
): StandingsStatus {
  if (status !== "completed") {
    if (reason !== null) {
      throw new MatchStatusError(
        `Cannot rank the match: a match "${status}" has no result reason, got "${reason}"`,
      );
    }
    return status;
  }
  switch (reason) {
    case null:
      return "completed";
    case "walkover":
      return "walkover";
    case "retired":
      return "retired";
    case "disqualified":
      return finishedGames === 0 ? "walkover" : "retired";
  }
}

function requireStatus(current: MatchStatusRecord, action: string, allowed: readonly MatchStatus[]): void {
  if (!allowed.includes(current.status)) {
    throw new MatchStatusError(`Cannot ${action}: match is ${describe(current)}`);
  }
}

function requireNoReason(current: MatchStatusRecord, action: string): void {
  if (current.resultReason !== null) {
    throw new MatchStatusError(`Cannot ${action}: match is ${describe(current)}`);
  }
}

function requireUndecided(state: MatchState, action: string): void {
  if (state.finished) {
    throw new MatchStatusError(`Cannot ${action}: the match is already decided (${games(state)})`);
  }
}

function requireSide(side: Side, action: string, what: string): void {
  if (!isSide(side)) {
    throw new MatchStatusError(`Cannot ${action}: expected ${what} "home" or "away", got "${side}"`);
  }
}

function describe(current: MatchStatusRecord): string {
  const reason = current.resultReason === null ? "" : ` (result reason "${current.resultReason}")`;
  return `"${current.status}"${reason}`;
}

function games(state: MatchState): string {
  return `${state.gamesWon.home}-${state.gamesWon.away}`;
}

function list(values: readonly string[]): string {
  return values.map((value) => `"${value}"`).join(", ");
}
