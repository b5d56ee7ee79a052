/**
 * What the umpire's page shows: the server's record of the match with the taps still waiting in the outbox
 * replayed on top, by the rules' one source (domain/match_replay.ts, run in the browser), so that a reload or an
 * offline spell shows exactly what the server will have once the taps are sent. Every declaration is exported so
 * that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { matchPayload } from "../../../../api/manage/serialize.ts";
import type { Clash } from "../../../../domain/clashes.ts";
import {
  type LastAction,
  lastAction,
  type MatchRecord,
  type PlacedIncident,
  replayUmpire,
  type UmpireFormat,
  type UmpireState,
  undoLastAction,
} from "../../../../domain/match_replay.ts";
import { ScoringError, type Side } from "../../../../domain/scoring.ts";
import type { PlayerSlot } from "../../../../domain/service_order.ts";
import type { OutboxItem } from "./outbox.ts";

/** A match as the management API sends it to the umpire's page (with its record). */
export type ScoringMatch = Extract<ReturnType<typeof matchPayload>["match"], { points: unknown }> & {
  /** Before the start: what starting it now would clash with (domain/clashes.ts). */
  clashesOnStart?: Clash[];
};

/** The match as the page shows it. */
export interface Projection {
  /** The replayed state: score, service, ends, time-outs, cards, expedite, game point. */
  state: UmpireState;
  /** The record replayed (the server's and the waiting taps'), for what Undo would take back. */
  record: MatchRecord;
  format: UmpireFormat;
  started: boolean;
  /** Decided by a result reason (walkover, retirement, disqualification): nothing more to score. */
  byReason: boolean;
  /** What Undo takes back; null when there is nothing (the button is then disabled). */
  last: LastAction | null;
  /** Keys of waiting taps the rules will refuse (an undo with nothing left to undo...). */
  refused: string[];
}

/** How the server's match is replayed: its format and the umpire's choices at the start. */
export function formatOf(m: ScoringMatch): UmpireFormat {
  return {
    bestOf: m.bestOf,
    firstServer: m.firstServer ?? "home",
    doubles: m.doubles,
    leftInGameOne: m.setup?.left ?? "home",
    order: m.doubles ? m.setup?.order ?? null : null,
  };
}

/**
 * The server's match with the waiting taps replayed on top, each as the server will apply it; a tap the rules
 * refuse at its turn is left out and named in `refused` (the server will refuse it too).
 */
export function projectMatch(m: ScoringMatch, queue: readonly OutboxItem[]): Projection {
  let format = formatOf(m);
  let started = m.status !== "scheduled";
  let record: MatchRecord = {
    points: [...m.points],
    pointTimes: [...m.pointTimes],
    incidents: [...m.incidents] as PlacedIncident[],
  };
  const byReason = m.status === "completed" && m.resultReasonCode !== null;
  const refused: string[] = [];
  let state = replayed(record, format, m);
  for (const item of byReason ? [] : queue) {
    const next = applyTap(item, record, format, started, state);
    if (next === null) {
      refused.push(item.key);
      continue;
    }
    try {
      state = replayed(next.record, next.format, m);
    } catch (e) {
      if (!(e instanceof ScoringError)) throw e;
      refused.push(item.key);
      continue;
    }
    ({ record, format, started } = next);
  }
  return { state, record, format, started, byReason, last: started ? lastAction(record) : null, refused };
}

/** The record and format after one waiting tap, or null when it cannot apply (the server will refuse it). */
export function applyTap(
  item: OutboxItem,
  record: MatchRecord,
  format: UmpireFormat,
  started: boolean,
  state: UmpireState,
): { record: MatchRecord; format: UmpireFormat; started: boolean } | null {
  const b = item.body as Record<string, unknown>;
  const placed = (incident: Record<string, unknown>): MatchRecord => ({
    ...record,
    incidents: [
      ...(record.incidents ?? []),
      { ...incident, afterPoints: record.points.length, at: item.at } as PlacedIncident,
    ],
  });
  if (item.type === "start") {
    if (started) return null;
    const firstServer: Side = b.firstServer === "away" ? "away" : "home";
    const order = typeof b.server === "string" && typeof b.receiver === "string"
      ? { server: b.server as PlayerSlot, receiver: b.receiver as PlayerSlot }
      : null;
    return {
      record,
      started: true,
      format: { ...format, firstServer, leftInGameOne: b.left === "away" ? "away" : "home", order },
    };
  }
  if (!started || item.type === "takeover") {
    return item.type === "takeover" ? { record, format, started } : null;
  }
  if (state.finished && item.type !== "undo" && item.type !== "correct") return null;
  switch (item.type) {
    case "point":
      return {
        format,
        started,
        record: {
          ...record,
          points: [...record.points, b.side === "away" ? "away" : "home"],
          pointTimes: [...(record.pointTimes ?? []), item.at],
        },
      };
    case "undo":
      return lastAction(record) === null
        ? null
        : { format, started, record: undoLastAction(record, format).record };
    case "correct":
      return {
        format,
        started,
        record: placed({ kind: "correction", game: b.game, home: b.home, away: b.away }),
      };
    case "timeout":
    case "resume":
    case "card":
    case "expedite":
    case "order":
      return { format, started, record: placed({ kind: item.type, ...b }) };
    default:
      return null;
  }
}

/**
 * The replay of a record; a match whose stored games the record does not hold (a result ended by a reason that
 * does not replay) shows the server's games.
 */
export function replayed(record: MatchRecord, format: UmpireFormat, m: ScoringMatch): UmpireState {
  const state = replayUmpire(record, format);
  if (record.points.length > 0 || m.gameScores.length === 0) return state;
  return { ...state, gameScores: m.gameScores, gamesWon: m.gamesWon, currentGame: m.currentGame };
}

/** Whether an action can be taken now: the replay with it added is accepted by the rules. */
export function allowed(p: Projection, item: Omit<OutboxItem, "key" | "matchId" | "label">): boolean {
  const next = applyTap({ ...item, key: "", matchId: "", label: "" }, p.record, p.format, p.started, p.state);
  if (next === null) return false;
  try {
    replayUmpire(next.record, next.format);
    return true;
  } catch (e) {
    if (e instanceof ScoringError) return false;
    throw e;
  }
}
