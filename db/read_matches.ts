/**
 * Read side of matches for the public API. A match is public when its event is published and, for a knockout
 * match, unless its category's draw is a draft (a draft draw's pairings may still change, so they stay
 * private; knockout matches imported without a draw are public). Rows become plain records with the stored
 * games parsed.
 */
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { OfficiatingView } from "../domain/match_view.ts";
import { parseOfficiating } from "./umpire_record.ts";
import type { CategoryKind, Database, MatchRow, Stage } from "./schema.ts";

/** A stored match with the fields the public API may show. */
export interface MatchRecord {
  id: string;
  eventId: string;
  categoryId: string;
  stage: Stage;
  groupId: string | null;
  groupName: string | null;
  roundNo: number;
  bracketPos: number;
  label: string;
  homeEntryId: string | null;
  awayEntryId: string | null;
  tableNo: number | null;
  scheduledAt: string | null;
  /** When it was called to its table; null until then. */
  calledAt: string | null;
  /** When it is expected to start, kept when the day moved it from its planned time (db/estimate_writes.ts). */
  estimatedStart: string | null;
  /** When the desk skipped it for now (a player late or absent); null when not skipped. */
  skippedAt: string | null;
  status: string;
  resultReason: string | null;
  retirementAfterGame: number | null;
  winnerEntryId: string | null;
  bestOf: number;
  /** Finished games as [home, away] points, in order of play. */
  games: [number, number][];
  currentHome: number;
  currentAway: number;
  /** Who serves the next point ("home" or "away"); null before play. */
  server: string | null;
  startedAt: string | null;
  completedAt: string | null;
  updatedAt: string;
  /** Whether its sides are pairs (a doubles category). */
  doubles: boolean;
  /** What the umpire's record says besides the score (domain/match_view.ts), null when none was kept. */
  officiating: OfficiatingView | null;
  /** The tie (its group or knockout match between two teams) this match is part of, and its order in it. */
  tieId?: string | null;
  tieOrder?: number | null;
  /** The tie's stage, for a match of a tie (whose own stage is "tie"). */
  tieStage?: string | null;
}

/** A match as read with its version. */
export interface VersionedMatchRecord extends MatchRecord {
  /** Equal for two reads of the match exactly when the record is equal (`matchVersion`). */
  version: string;
}

/**
 * A match's version as read with its group's name: every write to a match and every consequence of one
 * (advancement, a new prediction) changes its revision and update time (db/read_versions.ts), and the group's
 * name is the one field of the record that comes from another row.
 */
function matchVersion(revision: number, updatedAt: string, groupName: string | null): string {
  return `${revision}.${updatedAt}.${groupName ?? ""}`;
}

/** A frozen pre-match prediction. */
export interface PredictionRecord {
  pHome: number;
  ciLow: number;
  ciHigh: number;
  confidenceLabel: string;
  createdAt: string;
  /** Null until the match is decided; then "home", "away" or "void" (no result to score it against). */
  outcome: string | null;
}

/** Stored games that cannot be read: the store was written by something other than the write path. */
export class StoredMatchError extends Error {
  override name = "StoredMatchError";
}

/**
 * Whether a match is served, its category joined as `subevents`: group matches always, knockout matches once
 * their draw is not a draft (a draft's matches would show a draw that may still change).
 */
export function servedMatch(eb: ExpressionBuilder<Database, "matches" | "subevents">) {
  return eb.or([eb("matches.stage", "=", "group"), eb("subevents.draw_state", "!=", "draft")]);
}

/** The public matches, their category, event and group joined; nothing selected yet. */
function servedMatches(db: Kysely<Database>) {
  return db.selectFrom("matches")
    .innerJoin("subevents", "subevents.id", "matches.subevent_id")
    .innerJoin("events", "events.id", "matches.event_id")
    .leftJoin("groups", "groups.id", "matches.group_id")
    .where("events.status", "=", "published")
    .where(servedMatch);
}

/** A query of `servedMatches` selecting `O`. */
type ServedQuery<O> = ReturnType<typeof servedMatches> extends SelectQueryBuilder<infer D, infer T, infer _>
  ? SelectQueryBuilder<D, T, O>
  : never;

/**
 * A category's matches in their order: group stage first (by round, group, position), then the knockout by round
 * and bracket position.
 */
function inCategoryOrder<O>(q: ServedQuery<O>): ServedQuery<O> {
  return q.orderBy(sql`case when ${sql.ref("matches.stage")} = 'group' then 0 else 1 end`)
    .orderBy("matches.round_no")
    .orderBy(sql`coalesce(${sql.ref("groups.position")}, 0)`)
    .orderBy("matches.bracket_pos")
    .orderBy("matches.id");
}

/**
 * The columns a `MatchRecord` is read from (`toMatchRecord`), the match's group joined as `groups` and its
 * category as `subevents`: the public reads here and the operator's (db/read_manage.ts) read the same record.
 */
export const matchRecordColumns = [
  "matches.id",
  "matches.event_id",
  "matches.subevent_id",
  "matches.stage",
  "matches.group_id",
  "groups.name as group_name",
  "matches.round_no",
  "matches.bracket_pos",
  "matches.label",
  "matches.home_entry_id",
  "matches.away_entry_id",
  "matches.table_no",
  "matches.scheduled_at",
  "matches.called_at",
  "matches.estimated_start",
  "matches.skipped_at",
  "matches.status",
  "matches.result_reason",
  "matches.retirement_after_game",
  "matches.winner_entry_id",
  "matches.best_of",
  "matches.games",
  "matches.current_home",
  "matches.current_away",
  "matches.server",
  "matches.started_at",
  "matches.completed_at",
  "matches.updated_at",
  "matches.revision",
  "matches.umpire",
  "subevents.kind",
  "matches.tie_id",
  "matches.tie_order",
  "matches.tie_match_type",
  "matches.tie_stage",
] as const;

/** A row selecting `matchRecordColumns`. */
type MatchRecordRow =
  & Pick<
    MatchRow,
    | "id"
    | "event_id"
    | "subevent_id"
    | "stage"
    | "group_id"
    | "round_no"
    | "bracket_pos"
    | "label"
    | "home_entry_id"
    | "away_entry_id"
    | "table_no"
    | "scheduled_at"
    | "called_at"
    | "estimated_start"
    | "skipped_at"
    | "status"
    | "result_reason"
    | "retirement_after_game"
    | "winner_entry_id"
    | "best_of"
    | "games"
    | "current_home"
    | "current_away"
    | "server"
    | "started_at"
    | "completed_at"
    | "updated_at"
    | "umpire"
    | "tie_id"
    | "tie_order"
    | "tie_match_type"
    | "tie_stage"
  >
  & { group_name: string | null; kind: CategoryKind };

function publicMatches(db: Kysely<Database>) {
  return servedMatches(db).select(matchRecordColumns);
}

/** A row of `publicMatches`, as Kysely infers it from the selection. */
type MatchSelection = Awaited<ReturnType<ReturnType<typeof publicMatches>["executeTakeFirstOrThrow"]>>;

/** Parses the stored games (`[[home, away], ...]`); throws a StoredMatchError for anything else. */
export function parseStoredGames(matchId: string, text: string): [number, number][] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const isCount = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!Array.isArray(value) || !value.every((g) => Array.isArray(g) && g.length === 2 && g.every(isCount))) {
    throw new StoredMatchError(`Cannot read the games of match "${matchId}": expected [[home, away], ...]`);
  }
  return value as [number, number][];
}

const intOrNull = (v: number | null) => v === null ? null : Number(v);

/** The record of a row selecting `matchRecordColumns`: plain numbers, the games parsed. */
export function toMatchRecord(row: MatchRecordRow): MatchRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    categoryId: row.subevent_id,
    stage: row.stage,
    groupId: row.group_id,
    groupName: row.group_name,
    roundNo: Number(row.round_no),
    bracketPos: Number(row.bracket_pos),
    label: row.label,
    homeEntryId: row.home_entry_id,
    awayEntryId: row.away_entry_id,
    tableNo: intOrNull(row.table_no),
    scheduledAt: row.scheduled_at,
    calledAt: row.called_at,
    estimatedStart: row.estimated_start,
    skippedAt: row.skipped_at,
    status: row.status,
    resultReason: row.result_reason,
    retirementAfterGame: intOrNull(row.retirement_after_game),
    winnerEntryId: row.winner_entry_id,
    bestOf: Number(row.best_of),
    games: parseStoredGames(row.id, row.games),
    currentHome: Number(row.current_home),
    currentAway: Number(row.current_away),
    server: row.server,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    updatedAt: row.updated_at,
    doubles: row.kind === "doubles" || row.tie_match_type === "doubles",
    officiating: parseOfficiating(row.umpire),
    tieId: row.tie_id ?? null,
    tieOrder: row.tie_order === undefined ? null : intOrNull(row.tie_order),
    tieStage: row.tie_stage ?? null,
  };
}

function toRecord(row: MatchSelection): VersionedMatchRecord {
  return { ...toMatchRecord(row), version: matchVersion(row.revision, row.updated_at, row.group_name) };
}

/**
 * Every public match of a category, open ones included: group stage first (by round, group, position), then
 * the knockout by round and bracket position.
 */
export async function listCategoryMatches(
  db: Kysely<Database>,
  categoryId: string,
): Promise<VersionedMatchRecord[]> {
  const rows = await inCategoryOrder(publicMatches(db).where("matches.subevent_id", "=", categoryId))
    .execute();
  return rows.map(toRecord);
}

/** A public match of a category as `listCategoryMatchVersions` lists it: its place in the list and version. */
export interface MatchVersionRecord {
  id: string;
  version: string;
}

/**
 * The ids and versions of a category's public matches in `listCategoryMatches` order: a list whose matches
 * mostly did not change since it was last read is read again with this (no games, no names) and the matches
 * whose version moved (`listCategoryMatchesById`).
 */
export async function listCategoryMatchVersions(
  db: Kysely<Database>,
  categoryId: string,
): Promise<MatchVersionRecord[]> {
  const rows = await inCategoryOrder(
    servedMatches(db).where("matches.subevent_id", "=", categoryId)
      .select(["matches.id", "matches.revision", "matches.updated_at", "groups.name as group_name"]),
  ).execute();
  return rows.map((r) => ({ id: r.id, version: matchVersion(r.revision, r.updated_at, r.group_name) }));
}

/** The public matches of a category with these ids (in no particular order; ids not public are left out). */
export async function listCategoryMatchesById(
  db: Kysely<Database>,
  categoryId: string,
  ids: readonly string[],
): Promise<VersionedMatchRecord[]> {
  if (ids.length === 0) return [];
  const rows = await publicMatches(db).where("matches.subevent_id", "=", categoryId)
    .where("matches.id", "in", [...ids]).execute();
  return rows.map(toRecord);
}

/** The ids of a player's entries in an event (public or not: callers keep to public matches anyway). */
function playerEntryIds(db: Kysely<Database>, eventId: string, playerId: string) {
  return db.selectFrom("entries").innerJoin("subevents", "subevents.id", "entries.subevent_id")
    .where("subevents.event_id", "=", eventId)
    .where((eb) => eb.or([eb("entries.player1_id", "=", playerId), eb("entries.player2_id", "=", playerId)]))
    .select("entries.id");
}

/** A page of a list and the length of the whole list. */
export interface MatchPage {
  rows: MatchRecord[];
  total: number;
}

/**
 * A page of the public matches of an event whose two sides are known, among `statuses` (all when null) and, with
 * `player`, those the player plays in (singles, or in a pair): its categories in their order, each as
 * `listCategoryMatches` orders it; with the number of such matches in all.
 */
export async function listEventMatches(
  db: Kysely<Database>,
  eventId: string,
  options: { statuses: readonly string[] | null; player?: string | null; limit: number; offset: number },
): Promise<MatchPage> {
  const player = options.player ?? null;
  // A player's matches are found first from their entries in this event's categories (which fix the event),
  // by the entry indexes, and then read by id: asked in one query with the event, SQLite reads every match of
  // the event by its index instead (25 times slower on the bench's event: docs/benchmarks.md).
  const ids = player === null
    ? null
    : (await db.selectFrom("matches").select("matches.id").where((eb) =>
      eb.or([
        eb("matches.home_entry_id", "in", playerEntryIds(db, eventId, player)),
        eb("matches.away_entry_id", "in", playerEntryIds(db, eventId, player)),
      ])
    ).execute()).map((r) => r.id);
  if (ids !== null && ids.length === 0) return { rows: [], total: 0 };
  const base = () => {
    const q = publicMatches(db)
      .where("matches.home_entry_id", "is not", null).where("matches.away_entry_id", "is not", null)
      .where((eb) => ids === null ? eb("matches.event_id", "=", eventId) : eb("matches.id", "in", ids));
    return options.statuses ? q.where("matches.status", "in", [...options.statuses]) : q;
  };
  const [rows, count] = await Promise.all([
    base()
      .orderBy("subevents.position").orderBy("subevents.id")
      .orderBy(sql`case when ${sql.ref("matches.stage")} = 'group' then 0 else 1 end`)
      .orderBy("matches.round_no")
      .orderBy(sql`coalesce(${sql.ref("groups.position")}, 0)`)
      .orderBy("matches.bracket_pos")
      .orderBy("matches.id")
      .limit(options.limit).offset(options.offset)
      .execute(),
    base().clearSelect().select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRecord), total: Number(count.n) };
}

/** The public match with this id, or null (unknown, unpublished event or draft draw). */
export async function findPublicMatch(db: Kysely<Database>, id: string): Promise<MatchRecord | null> {
  const row = await publicMatches(db).where("matches.id", "=", id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The frozen prediction of a match, or null when none was made. */
export async function findPrediction(
  db: Kysely<Database>,
  matchId: string,
): Promise<PredictionRecord | null> {
  const row = await db.selectFrom("predictions")
    .select(["p_home", "ci_low", "ci_high", "confidence_label", "created_at", "outcome"])
    .where("match_id", "=", matchId).executeTakeFirst();
  if (!row) return null;
  return {
    pHome: Number(row.p_home),
    ciLow: Number(row.ci_low),
    ciHigh: Number(row.ci_high),
    confidenceLabel: row.confidence_label,
    createdAt: row.created_at,
    outcome: row.outcome,
  };
}

/** The ids of a player's entries in every event (singles, and pairs with any partner). */
function entriesOfPlayer(db: Kysely<Database>, playerId: string) {
  return db.selectFrom("entries").select("entries.id")
    .where((eb) => eb.or([eb("entries.player1_id", "=", playerId), eb("entries.player2_id", "=", playerId)]));
}

/**
 * A page of a player's public matches whose two sides are known, across published events (one event's with
 * `eventId`, those against `opponentId` with it), newest first: by when the match ended, else began, else is
 * scheduled, else was made; with the number of such matches in all.
 */
export async function listPlayerMatches(
  db: Kysely<Database>,
  playerId: string,
  options: { eventId: string | null; opponentId: string | null; limit: number; offset: number },
): Promise<MatchPage> {
  const base = () => {
    let q = publicMatches(db)
      .where("matches.home_entry_id", "is not", null).where("matches.away_entry_id", "is not", null)
      .where((eb) => {
        const mine = entriesOfPlayer(db, playerId);
        const theirs = options.opponentId === null ? null : entriesOfPlayer(db, options.opponentId);
        return eb.or([
          eb.and([
            eb("matches.home_entry_id", "in", mine),
            ...(theirs ? [eb("matches.away_entry_id", "in", theirs)] : []),
          ]),
          eb.and([
            eb("matches.away_entry_id", "in", mine),
            ...(theirs ? [eb("matches.home_entry_id", "in", theirs)] : []),
          ]),
        ]);
      });
    if (options.eventId !== null) q = q.where("matches.event_id", "=", options.eventId);
    return q;
  };
  const when = sql`coalesce(${sql.ref("matches.completed_at")}, ${sql.ref("matches.started_at")}, ${
    sql.ref("matches.scheduled_at")
  }, ${sql.ref("matches.created_at")})`;
  const [rows, count] = await Promise.all([
    base().orderBy(when, "desc").orderBy("matches.id", "desc").limit(options.limit).offset(options.offset)
      .execute(),
    base().clearSelect().select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRecord), total: Number(count.n) };
}
