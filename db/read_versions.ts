/**
 * Versions of single resources, so that a write to one match does not make every other answer stale: a match's
 * version is its own revision and update time (every write to it, and every consequence such as advancement or
 * a new prediction, changes both), an event's version is the event's revision (every write to the event bumps it),
 * a category's version the global revision of its last write, an event's roster version that of its last write
 * other than a match's, a player's version in an event the versions of the categories the player is entered in,
 * the rankings' version that of the last write of ratings or listings, the event list's that of the last write
 * to a published event's fields (db/revision.ts `bumpRevision`). Null when the resource is not public (then the
 * answer is a 404 anyway).
 *
 * They are read on every poll, 304s included, so on SQLite they go through prepared statements of node:sqlite
 * directly (microseconds, no query builder); on PostgreSQL through Kysely, matches' in one read per generation
 * for every match polled lately (db/match_version_batches.ts).
 *
 * Known limit: a player shared by two events (one federation id) renamed by an import of one event shows the new
 * name in the other event's answers at that event's next write.
 */
import { sql } from "kysely";
import type { StatementSync } from "node:sqlite";
import { MatchVersionBatches } from "./match_version_batches.ts";
import { EVENT_LIST_SCOPE, RANKINGS_SCOPE, ROSTER_SCOPE_PREFIX, SUBEVENT_SCOPE_PREFIX } from "./revision.ts";
import type { Store } from "./store.ts";
import { fingerprint } from "../lib/fingerprint.ts";

/** Reads the versions of a store's resources. */
export interface VersionReader {
  /** `m<revision>.<updated ms>` of a public match, or null. */
  match(id: string): Promise<string | null>;
  /**
   * The version of a match's pages (pages/data.ts `loadMatch`): the match's own version and the names the pages
   * show besides it (event slug and name, category name), which writes to other matches leave alone. Null when
   * the match is not public.
   */
  matchPage(id: string): Promise<string | null>;
  /** `e<revision>` of a published event found by slug, or null. */
  eventBySlug(slug: string): Promise<string | null>;
  /**
   * `s<global revision of its last write>` of a category of a published event (`e<event revision>` for a
   * category not written since its version rows exist), or null.
   */
  subevent(subeventId: string): Promise<string | null>;
  /**
   * `R<global revision of the event's last write other than a match's>` of a published event found by slug
   * (`e<event revision>` before such a write), or null: the version of its players' list, which points leave
   * alone.
   */
  eventRoster(slug: string): Promise<string | null>;
  /**
   * The version of a player's matches in a published event found by slug: `P` and the version of each category
   * the player is entered in (as `subevent` gives it), dots between (an ETag holds no space), so that points in
   * other categories leave it alone; an entry added or taken away changes it. Null when the event is not
   * published.
   */
  eventPlayer(slug: string, playerId: string): Promise<string | null>;
  /** `k<global revision of the last write of ratings or listings>` (`r<global>` before such a write). */
  rankings(): Promise<string>;
  /**
   * `l<global revision of the last write to a published event's fields, or of a publish or unpublish>` (`l0`
   * before such a write): the event list's version, which writes in hidden events and points leave alone.
   */
  eventList(): Promise<string>;
  /**
   * The version of every category of a published event (as `subevent` gives it), by category id, in one read;
   * empty when the event is not published.
   */
  eventSubevents(eventId: string): Promise<Map<string, string>>;
}

const MATCH_SQL = `SELECT m.revision AS revision, m.updated_at AS updated_at FROM matches m
  JOIN events e ON e.id = m.event_id WHERE m.id = ? AND e.status = 'published'`;
const MATCH_PAGE_SQL = `SELECT m.revision AS revision, m.updated_at AS updated_at, e.slug AS slug,
  e.name AS event_name, s.name AS category FROM matches m JOIN events e ON e.id = m.event_id
  JOIN subevents s ON s.id = m.subevent_id WHERE m.id = ? AND e.status = 'published'`;
const EVENT_BY_SLUG_SQL = `SELECT revision FROM events WHERE slug = ? AND status = 'published'`;
const EVENT_LIST_SQL = `SELECT value AS revision FROM revisions WHERE scope = '${EVENT_LIST_SCOPE}'`;
const RANKINGS_SQL = `SELECT (SELECT value FROM revisions WHERE scope = 'global') AS revision,
  (SELECT value FROM revisions WHERE scope = '${RANKINGS_SCOPE}') AS own`;
const SUBEVENT_SQL = `SELECT e.revision AS revision, r.value AS own FROM subevents s
  JOIN events e ON e.id = s.event_id LEFT JOIN revisions r ON r.scope = '${SUBEVENT_SCOPE_PREFIX}' || s.id
  WHERE s.id = ? AND e.status = 'published'`;

const EVENT_ROSTER_SQL = `SELECT e.revision AS revision, r.value AS own FROM events e
  LEFT JOIN revisions r ON r.scope = '${ROSTER_SCOPE_PREFIX}' || e.id
  WHERE e.slug = ? AND e.status = 'published'`;
// One row per category the player is entered in (one row with a null id when none), ordered so that the version
// reads the same every time; none when the event is not published.
const EVENT_PLAYER_SQL = `SELECT s.id AS id, e.revision AS revision, r.value AS own FROM events e
  LEFT JOIN subevents s ON s.event_id = e.id AND s.id IN
    (SELECT n.subevent_id FROM entries n WHERE n.player1_id = ? OR n.player2_id = ?)
  LEFT JOIN revisions r ON r.scope = '${SUBEVENT_SCOPE_PREFIX}' || s.id
  WHERE e.slug = ? AND e.status = 'published' ORDER BY s.id`;

const EVENT_SUBEVENTS_SQL = `SELECT s.id AS id, e.revision AS revision, r.value AS own FROM subevents s
  JOIN events e ON e.id = s.event_id LEFT JOIN revisions r ON r.scope = '${SUBEVENT_SCOPE_PREFIX}' || s.id
  WHERE s.event_id = ? AND e.status = 'published'`;

type Row = { revision: number | bigint; updated_at?: string; own?: number | bigint | null } | undefined;
type PageRow = (NonNullable<Row> & { slug: string; event_name: string; category: string }) | undefined;

const matchTag = (row: Row) => row ? `m${row.revision}.${Date.parse(row.updated_at!)}` : null;
// The names a match's pages show besides it (event slug and name, category), fingerprinted: a version is part of
// an ETag, whose characters are few.
const matchPageTag = (row: PageRow) =>
  row ? `${matchTag(row)}.${fingerprint(JSON.stringify([row.slug, row.event_name, row.category]))}` : null;
const eventTag = (row: Row) => row ? `e${row.revision}` : null;
const eventListTag = (row: Row) => `l${row?.revision ?? 0}`;
const rankingsTag = (row: Row) => row?.own == null ? `r${row?.revision ?? 0}` : `k${row.own}`;
const subeventTag = (row: Row) => row ? (row.own == null ? `e${row.revision}` : `s${row.own}`) : null;
const rosterTag = (row: Row) => row ? (row.own == null ? `e${row.revision}` : `R${row.own}`) : null;
type CategoryRow = NonNullable<Row> & { id: string | null };
const playerTag = (rows: readonly CategoryRow[]) =>
  rows.length === 0
    ? null
    : ["P", ...rows.flatMap((row) => row.id === null ? [] : [subeventTag(row)])].join(".");
const subeventTags = (rows: readonly (NonNullable<Row> & { id: string })[]) =>
  new Map(rows.map((row) => [row.id, subeventTag(row)!]));

const readers = new WeakMap<Store, VersionReader>();

/** The version reader of a store (one per store, its statements prepared once). */
export function versions(store: Store): VersionReader {
  let reader = readers.get(store);
  if (!reader) readers.set(store, reader = makeReader(store));
  return reader;
}

function makeReader(store: Store): VersionReader {
  if (store.sqlite) {
    // Committed data only: a version must never be one a transaction in flight may still roll back.
    const raw = store.sqlite.committed;
    const one = (stmt: StatementSync, id: string) => stmt.get(id) as Row;
    const match = raw.prepare(MATCH_SQL);
    const matchPage = raw.prepare(MATCH_PAGE_SQL);
    const bySlug = raw.prepare(EVENT_BY_SLUG_SQL);
    const bySubevent = raw.prepare(SUBEVENT_SQL);
    const rankings = raw.prepare(RANKINGS_SQL);
    const eventList = raw.prepare(EVENT_LIST_SQL);
    const byEvent = raw.prepare(EVENT_SUBEVENTS_SQL);
    const roster = raw.prepare(EVENT_ROSTER_SQL);
    const player = raw.prepare(EVENT_PLAYER_SQL);
    return {
      match: (id) => Promise.resolve(matchTag(one(match, id))),
      matchPage: (id) => Promise.resolve(matchPageTag(matchPage.get(id) as PageRow)),
      eventBySlug: (slug) => Promise.resolve(eventTag(one(bySlug, slug))),
      subevent: (id) => Promise.resolve(subeventTag(one(bySubevent, id))),
      eventRoster: (slug) => Promise.resolve(rosterTag(one(roster, slug))),
      eventPlayer: (slug, playerId) =>
        Promise.resolve(playerTag(player.all(playerId, playerId, slug) as CategoryRow[])),
      rankings: () => Promise.resolve(rankingsTag(rankings.get() as Row)),
      eventList: () => Promise.resolve(eventListTag(eventList.get() as Row)),
      eventSubevents: (eventId) =>
        Promise.resolve(subeventTags(byEvent.all(eventId) as (NonNullable<Row> & { id: string })[])),
    };
  }
  const db = store.db;
  // Read together, one read per generation for every match polled lately (db/match_version_batches.ts).
  const matches = new MatchVersionBatches<NonNullable<PageRow>>(
    () => store.revisions.current(),
    async (ids) => {
      const rows = await db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
        .innerJoin("subevents", "subevents.id", "matches.subevent_id")
        .select([
          "matches.id",
          "matches.revision",
          "matches.updated_at",
          "events.slug",
          "events.name as event_name",
          "subevents.name as category",
        ])
        .where("matches.id", "in", ids).where("events.status", "=", "published").execute();
      return new Map(rows.map((r) => [r.id, r]));
    },
  );
  // The `revisions` scope of a row's category or event (db/revision.ts), to join its version row on.
  const scopeOf = (prefix: string, column: "subevents.id" | "events.id") =>
    sql<string>`${prefix} || ${sql.ref(column)}`;
  // A public category's id, its event's revision and its own version row: SUBEVENT_SQL and EVENT_SUBEVENTS_SQL.
  const publicSubeventVersions = () =>
    db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
      .leftJoin(
        "revisions",
        (join) => join.on("revisions.scope", "=", scopeOf(SUBEVENT_SCOPE_PREFIX, "subevents.id")),
      )
      .select(["subevents.id", "events.revision", "revisions.value as own"])
      .where("events.status", "=", "published");
  return {
    match: async (id) => matchTag((await matches.row(id)) ?? undefined),
    matchPage: async (id) => matchPageTag((await matches.row(id)) ?? undefined),
    eventBySlug: async (slug) =>
      eventTag(
        await db.selectFrom("events").select("revision").where("slug", "=", slug)
          .where("status", "=", "published").executeTakeFirst(),
      ),
    rankings: async () =>
      rankingsTag((await sql<NonNullable<Row>>`${sql.raw(RANKINGS_SQL)}`.execute(db)).rows[0]),
    eventList: async () =>
      eventListTag(
        await db.selectFrom("revisions").select("value as revision").where("scope", "=", EVENT_LIST_SCOPE)
          .executeTakeFirst(),
      ),
    subevent: async (id) =>
      subeventTag(await publicSubeventVersions().where("subevents.id", "=", id).executeTakeFirst()),
    // EVENT_ROSTER_SQL and EVENT_PLAYER_SQL.
    eventRoster: async (slug) =>
      rosterTag(
        await db.selectFrom("events")
          .leftJoin("revisions", (join) =>
            join.on("revisions.scope", "=", scopeOf(ROSTER_SCOPE_PREFIX, "events.id")))
          .select(["events.revision", "revisions.value as own"])
          .where("events.slug", "=", slug).where("events.status", "=", "published").executeTakeFirst(),
      ),
    eventPlayer: async (slug, playerId) =>
      playerTag(
        await db.selectFrom("events")
          .leftJoin("subevents", (join) =>
            join.onRef("subevents.event_id", "=", "events.id").on((eb) =>
              eb(
                "subevents.id",
                "in",
                eb.selectFrom("entries").select("entries.subevent_id").where((eb) =>
                  eb.or([eb("entries.player1_id", "=", playerId), eb("entries.player2_id", "=", playerId)])
                ),
              )
            ))
          .leftJoin("revisions", (join) =>
            join.on("revisions.scope", "=", scopeOf(SUBEVENT_SCOPE_PREFIX, "subevents.id")))
          .select(["subevents.id as id", "events.revision", "revisions.value as own"])
          .where("events.slug", "=", slug).where("events.status", "=", "published")
          .orderBy("subevents.id").execute(),
      ),
    eventSubevents: async (eventId) =>
      subeventTags(await publicSubeventVersions().where("subevents.event_id", "=", eventId).execute()),
  };
}
