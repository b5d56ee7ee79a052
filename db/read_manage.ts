/**
 * Read side of the management API and the operator's pages: every event whatever its status, a match with its
 * points (for the umpire's page), the matches a token may score and an event at a glance. Unlike the public
 * reads (db/read_*.ts) nothing here is filtered by publication: callers are authenticated.
 */
import { playOrder } from "../domain/order_of_play.ts";
import { confirmationColumns, type ResultConfirmation, toConfirmation } from "./read_confirmations.ts";
import { entryName } from "./read_entries.ts";
import { tossColumns, toToss } from "./read_tosses.ts";
import type { Toss } from "../domain/toss.ts";
import { matchRecordColumns, toMatchRecord } from "./read_matches.ts";
import { type Kysely, sql, type Transaction } from "kysely";
import type { PlacedIncident } from "../domain/match_replay.ts";
import { matchHasBegun } from "../domain/match_status.ts";
import {
  effectiveCorrections,
  type GameCorrection,
  placedCorrections,
  type Side,
} from "../domain/scoring.ts";
import {
  loadUmpireRecord,
  parseSetup,
  replayedPoints,
  type StoredRecord,
  type UmpireSetup,
} from "./umpire_record.ts";
import { forUpdate } from "./row_lock.ts";
import type { Dialect } from "./store.ts";
import type { MatchRecord } from "./read_matches.ts";
import {
  type AnnouncementRecord,
  eventBasics,
  type EventBasicsRecord,
  eventColumns,
  storedAnnouncement,
  storedLanguage,
} from "./read_events.ts";
import type { Language } from "../lib/languages.ts";
import type { CategoryFormat, Database, DrawState, EventStatus, MatchRow, Stage } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A match as operators and umpires see it: the public record plus names, revision and service. */
export interface ManageMatchRecord extends MatchRecord {
  eventSlug: string;
  eventName: string;
  categoryName: string;
  homeName: string | null;
  awayName: string | null;
  /** Who served first in game 1; null before the start. */
  firstServer: Side | null;
  /** Grows with every write to the match; a write names the revision it was based on. */
  revision: number;
  /** The people of each side (two in doubles), empty while the side is not known: clashes are per person. */
  homePlayers: Person[];
  awayPlayers: Person[];
  /** The umpire's choices at the start (the side on the left, the doubles order of game 1); null before. */
  setup: UmpireSetup | null;
  /** The device that scores the match (its id is never shown: whoever sends it may score), its label and since when. */
  scorer: { device: string; label: string; since: string } | null;
  /** A tie of a team event itself (played as its matches, each scored; the desk enters its line-ups). */
  teamTie: boolean;
  /** The umpire's confirmation of the result (db/result_confirmation.ts); null while not confirmed. */
  confirmation: ResultConfirmation | null;
  /** The toss before the match (Law 2.13.1, db/match_toss.ts); null while not recorded. */
  toss: Toss | null;
}

/** A player of a side. */
export interface Person {
  id: string;
  name: string;
}

/**
 * A match with what the umpire's page replays: the points in order, the corrections in force (by game) and
 * every correction in the order made, placed among the points (so that an undo queued offline is shown as the
 * server will apply it: a correction made after the last point goes first).
 */
export interface ScoringMatchRecord extends ManageMatchRecord {
  points: Side[];
  /** When each point was recorded. */
  pointTimes: (string | null)[];
  corrections: { game: number; home: number; away: number }[];
  correctionLog: { game: number; home: number; away: number; afterPoints: number }[];
  /** Every action besides the rallies (corrections too), in the order made, each placed among the points. */
  incidents: PlacedIncident[];
}

/** An event in the operator's list, whatever its status. */
export interface ManagedEventRecord extends EventBasicsRecord {
  status: EventStatus;
  revision: number;
  categoryCount: number;
  matchCounts: { scheduled: number; in_progress: number; completed: number };
  /** The desk's announcement, shown on the venue TV and the event page; null when there is none. */
  announcement: AnnouncementRecord | null;
  /** The event's language (lib/languages.ts), null: English. */
  language: Language | null;
}

/** A category in the operator's overview, with the state of its draw. */
export interface ManagedCategoryRecord {
  id: string;
  code: string;
  name: string;
  format: CategoryFormat;
  bestOf: number;
  drawState: DrawState;
  matchCount: number;
  /** Whether a match of its draw has started (then the draw cannot be unlocked). */
  drawStarted: boolean;
  /** A team category's: how many tables its ties are played on at once (docs/scheduling.md, "Ties"). */
  tablesPerTie?: 1 | 2;
}

/** A table at a glance: the match on it and the next one. */
export interface TableRecord {
  tableNo: number;
  current: ManageMatchRecord | null;
  next: ManageMatchRecord | null;
}

/** An event at a glance: its categories, its matches and its tables. */
export interface EventOverviewRecord {
  event: ManagedEventRecord;
  categories: ManagedCategoryRecord[];
  matches: ManageMatchRecord[];
  tables: TableRecord[];
}

/** What limits a scorer: an event, a table, both or neither. */
export interface ScoringScope {
  eventId: string | null;
  tableNo: number | null;
}

function matchQuery(db: Db) {
  return db.selectFrom("matches")
    .innerJoin("events", "events.id", "matches.event_id")
    .innerJoin("subevents", "subevents.id", "matches.subevent_id")
    .leftJoin("groups", "groups.id", "matches.group_id")
    .leftJoin("entries as he", "he.id", "matches.home_entry_id")
    .leftJoin("players as hp1", "hp1.id", "he.player1_id")
    .leftJoin("players as hp2", "hp2.id", "he.player2_id")
    .leftJoin("entries as ae", "ae.id", "matches.away_entry_id")
    .leftJoin("players as ap1", "ap1.id", "ae.player1_id")
    .leftJoin("players as ap2", "ap2.id", "ae.player2_id")
    .leftJoin("result_confirmations as rc", "rc.match_id", "matches.id")
    .leftJoin("match_tosses as mt", "mt.match_id", "matches.id")
    .select([
      ...confirmationColumns,
      ...tossColumns,
      ...matchRecordColumns,
      "events.slug as event_slug",
      "events.name as event_name",
      "subevents.name as subevent_name",
      "hp1.id as home_player1",
      "hp2.id as home_player2",
      "ap1.id as away_player1",
      "ap2.id as away_player2",
      "hp1.display_name as home_name1",
      "hp2.display_name as home_name2",
      "ap1.display_name as away_name1",
      "ap2.display_name as away_name2",
      "matches.first_server",
      "matches.umpire_setup",
      "matches.scorer_device",
      "matches.scorer_label",
      "matches.scorer_since",
    ]);
}

/** A row of `matchQuery`, as Kysely infers it from the selection. */
type MatchSelection = Awaited<ReturnType<ReturnType<typeof matchQuery>["executeTakeFirstOrThrow"]>>;

const pairName = (a: string | null, b: string | null) => a === null ? null : entryName([a, b]);
const people = (...pairs: [string | null, string | null][]): Person[] =>
  pairs.flatMap(([id, name]) => id === null || name === null ? [] : [{ id, name }]);

function toRecord(row: MatchSelection): ManageMatchRecord {
  return {
    ...toMatchRecord(row),
    eventSlug: row.event_slug,
    eventName: row.event_name,
    categoryName: row.subevent_name,
    homeName: pairName(row.home_name1, row.home_name2),
    awayName: pairName(row.away_name1, row.away_name2),
    firstServer: row.first_server === "home" || row.first_server === "away" ? row.first_server : null,
    revision: Number(row.revision),
    homePlayers: people([row.home_player1, row.home_name1], [row.home_player2, row.home_name2]),
    awayPlayers: people([row.away_player1, row.away_name1], [row.away_player2, row.away_name2]),
    setup: parseSetup(row.umpire_setup),
    scorer: row.scorer_device === null
      ? null
      : { device: row.scorer_device, label: row.scorer_label ?? "", since: row.scorer_since ?? "" },
    teamTie: row.kind === "team" && row.stage !== "tie",
    confirmation: toConfirmation(row),
    toss: toToss(row),
  };
}

/** The match with this id (any event, any status), or null. */
export async function readManageMatch(db: Db, id: string): Promise<ManageMatchRecord | null> {
  const row = await matchQuery(db).where("matches.id", "=", id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/**
 * The match with everything the umpire's page replays, or null: its rallies and their times, and every other
 * action in the order made. A result entered as game scores (an import) has no points yet: it gets the points
 * that replay to it, as the write path will store them on its first write.
 */
export async function readScoringMatch(db: Db, id: string): Promise<ScoringMatchRecord | null> {
  const match = await readManageMatch(db, id);
  if (!match) return null;
  const { record } = await loadUmpireRecord(db, id);
  return scoringMatchOf(match, record);
}

/** The match and its stored record (db/umpire_record.ts) as the umpire's page replays them (`readScoringMatch`). */
export function scoringMatchOf(match: ManageMatchRecord, record: StoredRecord["record"]): ScoringMatchRecord {
  let points = [...record.points];
  let pointTimes = record.pointTimes;
  if (points.length === 0 && record.incidents.length === 0) {
    try {
      points = replayedPoints({
        games: match.games.map(([home, away]) => ({ home, away })),
        current: { home: match.currentHome, away: match.currentAway },
        bestOf: match.bestOf,
        firstServer: match.firstServer,
      });
    } catch {
      // A result ended by a reason may not replay (a retirement mid-game); the page then shows the games only.
      points = [];
    }
    pointTimes = points.map(() => null);
  }
  // The page replays the corrections in force; the ones they replaced matter to an undo only.
  const made: GameCorrection[] = record.incidents.flatMap((i) =>
    i.kind === "correction"
      ? [{
        game: i.game,
        home: i.home,
        away: i.away,
        ...(i.afterPoints === undefined ? {} : { afterPoints: i.afterPoints }),
      }]
      : []
  );
  return {
    ...match,
    points,
    pointTimes,
    corrections: effectiveCorrections(made),
    correctionLog: placedCorrections(made, points),
    incidents: record.incidents,
  };
}

/**
 * The match a write changes, as stored (`MatchRow`) and as operators see it (`manageMatchOf`), read in one
 * statement that locks its row on PostgreSQL (db/row_lock.ts): the write checks the caller's scope, names the
 * match in its refusals and builds its answer from it. Undefined when the match does not exist.
 */
export async function lockManageMatch(
  trx: Transaction<Database>,
  dialect: Dialect,
  id: string,
  key?: string,
) {
  // The write's idempotency key, when it has one, is read with the row (no key is empty: db/idempotency_keys.ts).
  const query = matchQuery(trx).selectAll("matches")
    .leftJoin("idempotency_keys as ik", (join) => join.on("ik.key", "=", key ?? ""))
    .select(["ik.created_at as key_created_at", "ik.request as key_request", "ik.response as key_response"])
    .where("matches.id", "=", id);
  return await forUpdate(query, dialect, "matches").executeTakeFirst();
}

/** A match locked by `lockManageMatch`. */
export type LockedMatch = NonNullable<Awaited<ReturnType<typeof lockManageMatch>>>;

/** The stored columns of a locked match (`lockManageMatch`): its row without what the joins added. */
export function storedMatchOf(locked: LockedMatch): MatchRow {
  const {
    group_name: _group,
    kind: _kind,
    event_slug: _slug,
    event_name: _event,
    subevent_name: _category,
    home_player1: _hp1,
    home_player2: _hp2,
    away_player1: _ap1,
    away_player2: _ap2,
    home_name1: _hn1,
    home_name2: _hn2,
    away_name1: _an1,
    away_name2: _an2,
    confirmed_by: _cb,
    confirmed_role: _cr,
    confirmed_at: _ca,
    confirmed_revision: _cv,
    toss_winner: _tw,
    toss_choice: _tc,
    key_created_at: _kc,
    key_request: _kr,
    key_response: _ks,
    ...row
  } = locked;
  return row;
}

/** The match as operators see it, from its locked row (`lockManageMatch`), its stored columns as `row` has them. */
export function manageMatchOf(locked: LockedMatch, row: MatchRow): ManageMatchRecord {
  return toRecord({ ...locked, ...row });
}

/** The matches in progress of these events, on any table: what a match about to start may clash with. */
export async function listLiveMatches(db: Db, eventIds: readonly string[]): Promise<ManageMatchRecord[]> {
  if (eventIds.length === 0) return [];
  const rows = await matchQuery(db).where("matches.status", "=", "in_progress")
    .where("matches.event_id", "in", [...eventIds]).execute();
  return rows.map(toRecord);
}

/**
 * The matches a scorer may score, by table then time: scheduled (both sides known) and in progress, of events
 * that are not archived, within the token's event and table when it is limited.
 */
export async function listScorableMatches(db: Db, scope: ScoringScope): Promise<ManageMatchRecord[]> {
  let q = matchQuery(db)
    .where("events.status", "!=", "archived")
    .where((eb) =>
      eb.or([
        eb("matches.status", "=", "in_progress"),
        eb.and([
          eb("matches.status", "=", "scheduled"),
          eb("matches.home_entry_id", "is not", null),
          eb("matches.away_entry_id", "is not", null),
        ]),
      ])
    );
  if (scope.eventId !== null) q = q.where("matches.event_id", "=", scope.eventId);
  if (scope.tableNo !== null) q = q.where("matches.table_no", "=", scope.tableNo);
  // A tie of a team event is played as its matches, which are scored; the tie itself is not (docs/teams.md).
  q = q.where((eb) => eb.or([eb("subevents.kind", "!=", "team"), eb("matches.stage", "=", "tie")]));
  const rows = await q
    .orderBy(sql`case when ${sql.ref("matches.table_no")} is null then 1 else 0 end`)
    .orderBy("matches.table_no")
    .orderBy(sql`case when ${sql.ref("matches.status")} = 'in_progress' then 0 else 1 end`)
    .orderBy(sql`coalesce(${sql.ref("matches.scheduled_at")}, '9999')`)
    .orderBy("matches.round_no").orderBy("matches.bracket_pos").orderBy("matches.id")
    .limit(500)
    .execute();
  return rows.map(toRecord);
}

function eventQuery(db: Db) {
  return db.selectFrom("events").select((eb) => {
    const count = (status: string) =>
      eb.selectFrom("matches").whereRef("matches.event_id", "=", "events.id").where(
        "matches.status",
        "=",
        status,
      )
        .select((s) => s.fn.countAll<number>().as("n"));
    return [
      ...eventColumns(eb),
      "events.status",
      "events.revision",
      count("scheduled").as("scheduled_count"),
      count("in_progress").as("in_progress_count"),
      count("completed").as("completed_count"),
    ];
  });
}

/** A row of `eventQuery`, as Kysely infers it from the selection. */
type EventSelection = Awaited<ReturnType<ReturnType<typeof eventQuery>["executeTakeFirstOrThrow"]>>;

function toEvent(row: EventSelection): ManagedEventRecord {
  return {
    ...eventBasics(row),
    status: row.status,
    revision: Number(row.revision),
    categoryCount: Number(row.category_count ?? 0),
    matchCounts: {
      scheduled: Number(row.scheduled_count ?? 0),
      in_progress: Number(row.in_progress_count ?? 0),
      completed: Number(row.completed_count ?? 0),
    },
    announcement: storedAnnouncement(row),
    language: storedLanguage(row.language),
  };
}

/** Every event whatever its status (drafts included), latest start first. */
export async function listManagedEvents(db: Db): Promise<ManagedEventRecord[]> {
  const rows = await eventQuery(db).orderBy("events.start_date", "desc").orderBy("events.name")
    .orderBy("events.id").execute();
  return rows.map(toEvent);
}

/** The event with this slug whatever its status, or null. */
export async function findManagedEvent(db: Db, slug: string): Promise<ManagedEventRecord | null> {
  const row = await eventQuery(db).where("events.slug", "=", slug).executeTakeFirst();
  return row ? toEvent(row) : null;
}

/** The matches that make up a category's draw: the knockout when it has one, else every match. */
export function drawStages(format: CategoryFormat): Stage[] {
  return format === "groups" ? ["group"] : ["knockout"];
}

/** Whether a match of the category's draw has started (or finished): its draw may then not be unlocked. */
export async function drawHasStarted(db: Db, categoryId: string, format: CategoryFormat): Promise<boolean> {
  const rows = await db.selectFrom("matches").select(["status", "started_at"]).where(
    "subevent_id",
    "=",
    categoryId,
  )
    .where("stage", "in", drawStages(format)).execute();
  return rows.some((m) => matchHasBegun({ status: m.status, startedAt: m.started_at }));
}

/**
 * An event at a glance: categories with their draw state, every match (in order of play) and, per table,
 * the match being played and the next one scheduled there. Null when no event has this slug.
 */
export async function readEventOverview(
  db: Db,
  slug: string,
  hallTables = 0,
): Promise<EventOverviewRecord | null> {
  const event = await findManagedEvent(db, slug);
  if (!event) return null;
  const subRows = await db.selectFrom("subevents").selectAll().where("event_id", "=", event.id)
    .orderBy("position").orderBy("id").execute();
  const matchRows = await matchQuery(db).where("matches.event_id", "=", event.id)
    .orderBy(sql`coalesce(${sql.ref("matches.scheduled_at")}, '9999')`)
    .orderBy("matches.round_no").orderBy("matches.bracket_pos").orderBy("matches.id")
    .execute();
  // The one order of play (domain/order_of_play.ts): the desk's lists and tables as the public "Up next".
  const matches = matchRows.map(toRecord).sort(playOrder);
  const categories: ManagedCategoryRecord[] = subRows.map((s) => {
    const stages = drawStages(s.format);
    const own = matches.filter((m) => m.categoryId === s.id);
    return {
      id: s.id,
      code: s.code,
      name: s.name,
      format: s.format,
      bestOf: Number(s.best_of),
      drawState: s.draw_state,
      matchCount: own.length,
      drawStarted: own.some((m) => stages.includes(m.stage) && matchHasBegun(m)),
      ...(s.kind === "team"
        ? { tablesPerTie: Number(s.tables_per_tie) === 2 ? 2 as const : 1 as const }
        : {}),
    };
  });
  return { event, categories, matches, tables: tablesOf(matches, hallTables) };
}

/**
 * Per table: the match in progress there (the latest started when several) and the next scheduled match with
 * both sides known and not skipped for now (the first in `matches`' order). Tables are those named by any match, and tables 1 to `hallTables` (the hall's
 * tables as the desk gave them, so that a table no match names yet shows as free).
 */
export function tablesOf(matches: readonly ManageMatchRecord[], hallTables = 0): TableRecord[] {
  const named = matches.flatMap((m) => m.tableNo === null ? [] : [m.tableNo]);
  const hall = Array.from({ length: hallTables }, (_, i) => i + 1);
  const numbers = [...new Set([...hall, ...named])].sort((a, b) => a - b);
  return numbers.map((tableNo) => {
    const here = matches.filter((m) => m.tableNo === tableNo);
    const live = here.filter((m) => m.status === "in_progress")
      .sort((a, b) => (b.startedAt ?? "").localeCompare(a.startedAt ?? ""));
    const next = here.filter((m) =>
      m.status === "scheduled" && m.homeEntryId !== null && m.awayEntryId !== null && m.skippedAt === null
    );
    return { tableNo, current: live[0] ?? null, next: next[0] ?? null };
  });
}

/** What the desk looks for among an event's matches (`listEventMatches`); every part is optional. */
export interface EventMatchFilter {
  /** Any of these statuses. */
  statuses?: readonly string[];
  /** A category, by id or code. */
  category?: string;
  tableNo?: number;
  /** Part of a player's name, any case. */
  player?: string;
  /** Part of a player's name, the category's name, the stage ("Quarter-final") or the group's name, any case. */
  search?: string;
  limit: number;
  offset: number;
}

/** A page of an event's matches and how many match the filter in all. */
export interface EventMatchPage {
  matches: ManageMatchRecord[];
  total: number;
}

/** A LIKE pattern for "contains `text`", any case, its wildcards escaped (with `escape '\'`). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * An event's matches that pass the filter, a page of them: in progress first, then scheduled by time, then the
 * results newest finished first (a result with no finish time last), so that every match can be found however
 * many the event has.
 */
export async function listEventMatches(
  db: Db,
  eventId: string,
  filter: EventMatchFilter,
): Promise<EventMatchPage> {
  const like = (column: string, pattern: string) =>
    sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  const names = ["hp1.display_name", "hp2.display_name", "ap1.display_name", "ap2.display_name"];
  let q = matchQuery(db).where("matches.event_id", "=", eventId);
  if (filter.statuses && filter.statuses.length > 0) {
    q = q.where("matches.status", "in", [...filter.statuses]);
  }
  if (filter.category !== undefined) {
    const category = filter.category;
    q = q.where((eb) => eb.or([eb("subevents.id", "=", category), eb("subevents.code", "=", category)]));
  }
  if (filter.tableNo !== undefined) q = q.where("matches.table_no", "=", filter.tableNo);
  if (filter.player !== undefined) {
    const pattern = containing(filter.player);
    q = q.where((eb) => eb.or(names.map((n) => like(n, pattern))));
  }
  if (filter.search !== undefined) {
    const pattern = containing(filter.search);
    const columns = [...names, "subevents.name", "subevents.code", "matches.label", "groups.name"];
    q = q.where((eb) => eb.or(columns.map((n) => like(n, pattern))));
  }
  const counted = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const status = sql.ref("matches.status");
  const rows = await q
    .orderBy(sql`case when ${status} = 'in_progress' then 0 when ${status} = 'scheduled' then 1 else 2 end`)
    .orderBy(
      sql`case when ${status} = 'completed' and ${sql.ref("matches.completed_at")} is null then 1 else 0 end`,
    )
    .orderBy(sql`case when ${status} = 'completed' then ${sql.ref("matches.completed_at")} end`, "desc")
    .orderBy(sql`coalesce(${sql.ref("matches.scheduled_at")}, '9999')`)
    .orderBy("matches.round_no").orderBy("matches.bracket_pos").orderBy("matches.id")
    .limit(filter.limit).offset(filter.offset)
    .execute();
  return { matches: rows.map(toRecord), total: Number(counted.n) };
}
