/**
 * One umpire's action on a match in play, as a pure step: the match's status, its record and format in; its
 * status, its replayed state and the one change to its record out. The write path (db/match_writes.ts) calls
 * it once per action and stores what it says; nothing here reads or writes. The rules it applies are those of
 * match_status.ts (when an action is allowed, how the score settles the match) and match_replay.ts (the
 * score, service and ends replayed from the record: ITTF Laws 2.13 to 2.15, Regulations 3.4 and 3.5).
 * @module
 */

import {
  assertCanCorrect,
  assertCanRecordPoint,
  assertCanUmpire,
  assertCanUndo,
  assertResultStands,
  disqualify,
  type MatchStatusRecord,
  reopenDecision,
  retire,
  settleFromScore,
} from "./match_status.ts";
import type { CardColour, CardTarget } from "./cards.ts";
import {
  type Incident,
  type MatchRecord,
  type PlacedIncident,
  replayUmpire,
  type UmpireFormat,
  type UmpireState,
  undoLastAction,
} from "./match_replay.ts";
import type { Side } from "./scoring.ts";
import type { PlayerSlot } from "./service_order.ts";

/** An umpire's action on a match whose play has begun. */
export type ScoringAction =
  | { type: "point"; side: Side }
  | { type: "undo" }
  | { type: "correct"; game: number; home: number; away: number }
  | { type: "timeout"; side: Side }
  | { type: "resume" }
  | { type: "card"; side: Side; target: CardTarget; card: CardColour }
  | { type: "expedite"; rallyInterrupted: boolean; byRequest: boolean }
  | { type: "order"; game: number; server: PlayerSlot; receiver?: PlayerSlot }
  | { type: "retire"; side: Side }
  | { type: "disqualify"; side: Side }
  | { type: "reopen" };

/** A match's record as stored: its rallies with their times, its other actions placed among them. */
export type StepRecord = MatchRecord & { pointTimes: (string | null)[]; incidents: PlacedIncident[] };

/** What a step is applied to. */
export interface ScoringState {
  status: MatchStatusRecord;
  record: StepRecord;
  format: UmpireFormat;
  /** When the action is made (ISO 8601): the time of a rally or an incident. */
  now: string;
}

/** The one change a step makes to the record, for the store to make: a rally or an incident added or taken back. */
export type RecordChange =
  /** A rally won by `side`, the record's next one. */
  | { type: "add-point"; side: Side }
  /** The last rally taken back. */
  | { type: "remove-point" }
  /** An incident (a correction too) made after the record's rallies so far. */
  | { type: "add-incident"; incident: Incident }
  /** The last incident taken back. */
  | { type: "remove-incident" }
  /** Nothing: the record stays as it is (a retirement, a disqualification, play resumed after a decision). */
  | { type: "none" };

/** What a step leaves: the match's status, its state replayed once, the change to its record. */
export interface ScoringStep {
  status: MatchStatusRecord;
  state: UmpireState;
  change: RecordChange;
  /** The record after the step, when the step knows it whole (a rally added: the store adds it at the end). */
  record?: StepRecord;
}

/** The words of the status refusals for the incidents (`assertCanUmpire`). */
const INCIDENT_WORDS: Record<Exclude<Incident["kind"], "correction">, string> = {
  timeout: "call a time-out",
  resume: "resume play",
  card: "show a card",
  expedite: "introduce the expedite system",
  order: "set the order of service",
};

/**
 * Applies an umpire's action to a match in play: refuses it (a `MatchStatusError` or a `ScoringError`) when the
 * rules do, else replays the record it makes once and settles the status by the score.
 * @example
 * const step = scoringStep({ status: inPlay, record: { points: [], pointTimes: [], incidents: [] }, format, now },
 *   { type: "point", side: "home" });
 * // step.change: { type: "add-point", side: "home" }; step.state.currentGame: { home: 1, away: 0 }
 */
export function scoringStep(match: ScoringState, action: ScoringAction): ScoringStep {
  const { status, record, format, now } = match;
  switch (action.type) {
    case "point": {
      assertCanRecordPoint(status);
      const made: StepRecord = {
        ...record,
        points: [...record.points, action.side],
        pointTimes: [...record.pointTimes, now],
      };
      const state = replayUmpire(made, format);
      return {
        status: settleFromScore(status, state),
        state,
        change: { type: "add-point", side: action.side },
        record: made,
      };
    }
    case "undo": {
      assertCanUndo(status);
      const undo = undoLastAction(record, format);
      return {
        status: settleFromScore(status, undo.state),
        state: undo.state,
        change: { type: undo.undone === "point" ? "remove-point" : "remove-incident" },
      };
    }
    case "correct": {
      assertCanCorrect(status);
      const incident = incidentOf(action);
      // Kept after the others, not in their place: undo takes it back and the earlier one is in force again.
      const state = replayUmpire(withIncident(record, incident, now), format);
      // A retired or disqualified match keeps its result: games that would now decide it otherwise are refused.
      assertResultStands(status, state);
      return {
        status: status.resultReason === null ? settleFromScore(status, state) : status,
        state,
        change: { type: "add-incident", incident },
      };
    }
    case "timeout":
    case "resume":
    case "card":
    case "expedite":
    case "order": {
      assertCanUmpire(status, INCIDENT_WORDS[action.type]);
      const incident = incidentOf(action);
      const state = replayUmpire(withIncident(record, incident, now), format);
      // A card's penalty points may decide the match.
      return { status: settleFromScore(status, state), state, change: { type: "add-incident", incident } };
    }
    case "retire": {
      const state = replayUmpire(record, format);
      return { status: retire(status, state, action.side), state, change: { type: "none" } };
    }
    case "disqualify": {
      const state = replayUmpire(record, format);
      return { status: disqualify(status, state, action.side), state, change: { type: "none" } };
    }
    case "reopen":
      // Play goes on where it stood when the result was given: the points and corrections are all kept.
      return {
        status: reopenDecision(status, true),
        state: replayUmpire(record, format),
        change: { type: "none" },
      };
  }
}

/** The record with an incident made now, after its rallies so far. */
function withIncident(record: StepRecord, incident: Incident, now: string): MatchRecord {
  return {
    ...record,
    incidents: [...record.incidents, { ...incident, afterPoints: record.points.length, at: now }],
  };
}

/** The incident an action adds to the record. */
function incidentOf(
  action: Extract<ScoringAction, { type: "correct" | "timeout" | "resume" | "card" | "expedite" | "order" }>,
): Incident {
  switch (action.type) {
    case "timeout":
      return { kind: "timeout", side: action.side };
    case "resume":
      return { kind: "resume" };
    case "card":
      return { kind: "card", side: action.side, target: action.target, card: action.card };
    case "expedite":
      return { kind: "expedite", rallyInterrupted: action.rallyInterrupted, byRequest: action.byRequest };
    case "order":
      return {
        kind: "order",
        game: action.game,
        server: action.server,
        ...(action.receiver === undefined ? {} : { receiver: action.receiver }),
      };
    case "correct":
      return { kind: "correction", game: action.game, home: action.home, away: action.away };
  }
}
