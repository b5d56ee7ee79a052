/**
 * A match's umpire record as stored: its rallies (`match_points`), its corrections (`game_corrections`) and its
 * other incidents (`match_incidents`), read back as the one record domain/match_replay.ts replays, and the
 * umpire's choices at the start (`matches.umpire_setup`). Corrections and incidents are ordered together by the
 * match revision each made (`action_no`); a correction made before that was kept comes first.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import {
  type Incident,
  INCIDENT_KINDS,
  type IncidentKind,
  type MatchRecord,
  type PlacedIncident,
  type UmpireFormat,
} from "../domain/match_replay.ts";
import { isSide, pointsForScores, type Side } from "../domain/scoring.ts";
import { type DoublesOrder, isPlayerSlot } from "../domain/service_order.ts";
import type { OfficiatingView } from "../domain/match_view.ts";
import type { Database, MatchRow } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The umpire's choices at the start: the side on the umpire's left in game 1, the doubles order of game 1. */
export interface UmpireSetup {
  left: Side;
  order: DoublesOrder | null;
}

/** Where an incident of the record is stored, to take it back. */
export interface IncidentRef {
  table: "game_corrections" | "match_incidents";
  seq: number;
}

/** A match's record as stored, with where each incident lives (parallel to `record.incidents`). */
export interface StoredRecord {
  record: MatchRecord & { pointTimes: (string | null)[]; incidents: PlacedIncident[] };
  refs: IncidentRef[];
  /** The next `seq` of each table. */
  nextSeq: { game_corrections: number; match_incidents: number };
}

/** Reads the umpire's choices at the start; null when the match has none (not started, or started before). */
export function parseSetup(text: string | null): UmpireSetup | null {
  if (text === null) return null;
  const value = JSON.parse(text) as {
    left?: unknown;
    order?: { server?: unknown; receiver?: unknown } | null;
  };
  const order = value.order && isPlayerSlot(value.order.server) && isPlayerSlot(value.order.receiver)
    ? { server: value.order.server, receiver: value.order.receiver }
    : null;
  return { left: isSide(value.left) ? value.left : "home", order };
}

/** Reads the officiating view kept with a match (domain/match_view.ts); null when none was kept. */
export function parseOfficiating(text: string | null): OfficiatingView | null {
  return text === null ? null : JSON.parse(text) as OfficiatingView;
}

/** How the replay must read a match: its format, whether it is doubles, and the choices at the start. */
export function umpireFormat(
  m: Pick<MatchRow, "best_of" | "first_server" | "umpire_setup">,
  doubles: boolean,
) {
  const setup = parseSetup(m.umpire_setup);
  const format: UmpireFormat = {
    bestOf: Number(m.best_of),
    firstServer: m.first_server === "away" ? "away" : "home",
    doubles,
    leftInGameOne: setup?.left ?? "home",
    order: doubles ? setup?.order ?? null : null,
  };
  return format;
}

/** Whether a match is doubles: its category's kind is, or it is a doubles of a tie (`tieMatchType`). */
export function isDoubles(categoryKind: string, tieMatchType?: string | null): boolean {
  return tieMatchType === "doubles" || categoryKind === "doubles";
}

/** The stored detail of an incident: its fields but the kind. */
export function incidentDetail(incident: Incident): string {
  const { kind: _kind, ...detail } = incident;
  return JSON.stringify(detail);
}

/** An incident read back from its kind and detail. */
export function parseIncident(kind: string, detail: string): Incident {
  if (!(INCIDENT_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`Cannot read an incident of kind "${kind}"`);
  }
  return { kind: kind as IncidentKind, ...JSON.parse(detail) } as Incident;
}

/** A row of the three tables of a match's record read as one (`loadUmpireRecord`): the columns of each. */
interface RecordRow {
  source: string;
  seq: number;
  side: string | null;
  game: number | null;
  home: number | null;
  away: number | null;
  kind: string | null;
  detail: string | null;
  after_points: number | null;
  action_no: number | null;
  created_at: string;
  undone_at: string | null;
}

/**
 * Every rally, correction and incident in force of a match, in the order made: one statement (a union of the
 * three tables, each read by its primary key), as a point reads it inside its write.
 */
export async function loadUmpireRecord(db: Db, matchId: string): Promise<StoredRecord> {
  const none = <T>() => sql<T | null>`null`;
  const rows = await db.selectFrom("match_points").where("match_id", "=", matchId).select([
    sql<string>`'p'`.as("source"),
    "seq",
    "side",
    none<number>().as("game"),
    none<number>().as("home"),
    none<number>().as("away"),
    none<string>().as("kind"),
    none<string>().as("detail"),
    none<number>().as("after_points"),
    none<number>().as("action_no"),
    "created_at",
    none<string>().as("undone_at"),
  ]).$castTo<RecordRow>().unionAll(
    db.selectFrom("game_corrections").where("match_id", "=", matchId).select([
      sql<string>`'c'`.as("source"),
      "seq",
      none<string>().as("side"),
      "game",
      "home",
      "away",
      none<string>().as("kind"),
      none<string>().as("detail"),
      "after_points",
      "action_no",
      "created_at",
      none<string>().as("undone_at"),
    ]).$castTo<RecordRow>(),
  ).unionAll(
    db.selectFrom("match_incidents").where("match_id", "=", matchId).select([
      sql<string>`'i'`.as("source"),
      "seq",
      none<string>().as("side"),
      none<number>().as("game"),
      none<number>().as("home"),
      none<number>().as("away"),
      "kind",
      "detail",
      "after_points",
      "action_no",
      "created_at",
      "undone_at",
    ]).$castTo<RecordRow>(),
  ).execute();
  const bySeq = (source: string) =>
    rows.filter((r) => r.source === source).sort((a, b) => Number(a.seq) - Number(b.seq));
  const points = bySeq("p");
  const corrections = bySeq("c");
  // Undone incidents are kept for the referee (with their `seq`) but replayed no more.
  const incidents = bySeq("i");
  const inForce = incidents.filter((i) => i.undone_at === null);
  const made = [
    ...corrections.map((c) => ({
      order: c.action_no === null ? -1 : Number(c.action_no),
      ref: { table: "game_corrections" as const, seq: Number(c.seq) },
      incident: {
        kind: "correction" as const,
        game: Number(c.game),
        home: Number(c.home),
        away: Number(c.away),
        ...(c.after_points === null ? {} : { afterPoints: Number(c.after_points) }),
        at: c.created_at,
      } as PlacedIncident,
    })),
    ...inForce.map((i) => ({
      order: Number(i.action_no),
      ref: { table: "match_incidents" as const, seq: Number(i.seq) },
      incident: {
        ...parseIncident(i.kind!, i.detail!),
        afterPoints: Number(i.after_points),
        at: i.created_at,
      },
    })),
  ].sort((a, b) => a.order - b.order || (a.ref.table === b.ref.table ? a.ref.seq - b.ref.seq : 0));
  return {
    record: {
      points: points.map((p) => p.side as Side),
      pointTimes: points.map((p) => p.created_at),
      incidents: made.map((m) => m.incident),
    },
    refs: made.map((m) => m.ref),
    nextSeq: {
      game_corrections: Math.max(0, ...corrections.map((c) => Number(c.seq))) + 1,
      match_incidents: Math.max(0, ...incidents.map((i) => Number(i.seq))) + 1,
    },
  };
}

/**
 * The points of a result entered as game scores (an import) with no points recorded: those that replay to it, so
 * that the umpire can go on scoring, undo or correct it like any other match. None for a match not begun.
 */
export function replayedPoints(m: {
  games: readonly { home: number; away: number }[];
  current: { home: number; away: number };
  bestOf: number;
  firstServer: Side | null;
}): Side[] {
  if (m.games.length === 0 && m.current.home + m.current.away === 0) return [];
  return pointsForScores(m.games, m.current, { bestOf: m.bestOf, firstServer: m.firstServer ?? "home" });
}
