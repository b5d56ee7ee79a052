/**
 * Versions of single resources, so that a write to one match does not make every other answer stale: a match's
 * version is its own revision and update time (every write to it, and every consequence such as advancement or
 * a new prediction, changes both) with the names its pages show besides it, an event's version is the event's
 * revision (every write to the event bumps it), a category's version the global revision of its last write, an
 * event's roster version that of its last write other than a match's, a player's version in an event the versions
 * of the categories the player is entered in, the rankings' version that of the last write of ratings or
 * listings, the event list's that of the last write to a published event's fields (db/revision.ts
 * `bumpRevision`). Null when the resource is not public (then the answer is a 404 anyway).
 *
 * Each query is written once, with Kysely. They are read on every poll, 304s included, so on SQLite each is
 * compiled once into a prepared statement of node:sqlite (microseconds, no query building per read); on
 * PostgreSQL they run through Kysely, matches' in one read per generation for every match polled lately
 * (db/match_version_batches.ts).
 *
 * Known limit: a player shared by two events (one federation id) renamed by an import of one event shows the new
 * name in the other event's answers at that event's next write.
 */
import { type Compilable, type Kysely, sql } from "kysely";
import { MatchVersionBatches } from "./match_version_batches.ts";
import { CATEGORY_SCOPE_PREFIX, EVENT_LIST_SCOPE, RANKINGS_SCOPE, ROSTER_SCOPE_PREFIX } from "./revision.ts";
import type { Database } from "./schema.ts";
import type { Store } from "./store.ts";
import { type MatchVersionRow, matchVersionTag } from "./version_tags.ts";

/** Reads the versions of a store's resources. */
export interface VersionReader {
  /**
   * The version of a public match and of its pages: `m<revision>.<updated ms>.<fingerprint>`, the fingerprint of
   * the names its pages show besides it (event slug and name, category name) and of the event's language (its
   * overlays'), which writes to other matches leave alone. Null when the match is not public.
   */
  matchPage(id: string): Promise<string | null>;
  /** `e<revision>` of a published event found by slug, or null. */
  eventBySlug(slug: string): Promise<string | null>;
  /**
   * `s<global revision of its last write>` of a category of a published event (`e<event revision>` for a
   * category not written since its version rows exist), or null.
   */
  category(categoryId: string): Promise<string | null>;
  /**
   * `R<global revision of the event's last write other than a match's>` of a published event found by slug
   * (`e<event revision>` before such a write), or null: the version of its players' list, which points leave
   * alone.
   */
  eventRoster(slug: string): Promise<string | null>;
  /**
   * The version of a player's matches in a published event found by slug: `P` and the version of each category
   * the player is entered in (as `category` gives it), dots between (an ETag holds no space), so that points in
   * other categories leave it alone; an entry added or taken away changes it. Null when the event is not
   * published.
   */
  eventPlayer(slug: string, playerId: string): Promise<string | null>;
  /** `k<global revision of the last write of ratings or listings>` (`r<global>` before such a write). */
  rankings(): Promise<string>;
  /**
   * `l<global revision of the last write to a published event other than a match's, or of a publish or
   * unpublish>` (`l0` before any).
   */
  eventList(): Promise<string>;
  /**
   * The version of every category of a published event (as `category` gives it), by category id, in one read;
   * empty when the event is not published.
   */
  eventCategories(eventId: string): Promise<Map<string, string>>;
}

type Revision = number | bigint | string;
type Row = { revision: Revision; updated_at?: string; own?: Revision | null } | undefined;
type CategoryRow = NonNullable<Row> & { id: string | null };

const matchPageTag = (row: MatchVersionRow | undefined) => row ? matchVersionTag(row) : null;
const eventTag = (row: Row) => row ? `e${row.revision}` : null;
const eventListTag = (row: Row) => `l${row?.revision ?? 0}`;
const rankingsTag = (row: Row) => row?.own == null ? `r${row?.revision ?? 0}` : `k${row.own}`;
const categoryTag = (row: Row) => row ? (row.own == null ? `e${row.revision}` : `s${row.own}`) : null;
const rosterTag = (row: Row) => row ? (row.own == null ? `e${row.revision}` : `R${row.own}`) : null;
const playerTag = (rows: readonly CategoryRow[]) =>
  rows.length === 0
    ? null
    : ["P", ...rows.flatMap((row) => row.id === null ? [] : [categoryTag(row)])].join(".");
const categoryTags = (rows: readonly (NonNullable<Row> & { id: string })[]) =>
  new Map(rows.map((row) => [row.id, categoryTag(row)!]));

/** The version queries, each a function of its parameters, written once for both stores. */
function versionQueries(db: Kysely<Database>) {
  // The `revisions` scope of a row's category or event (db/revision.ts), to join its version row on.
  const scopeOf = (prefix: string, column: "subevents.id" | "events.id") =>
    sql<string>`${prefix} || ${sql.ref(column)}`;
  // A public category's id, its event's revision and its own version row.
  const publicCategoryVersions = () =>
    db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
      .leftJoin(
        "revisions",
        (join) => join.on("revisions.scope", "=", scopeOf(CATEGORY_SCOPE_PREFIX, "subevents.id")),
      )
      .select(["subevents.id", "events.revision", "revisions.value as own"])
      .where("events.status", "=", "published");
  return {
    matchPages: (ids: readonly string[]) =>
      db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
        .innerJoin("subevents", "subevents.id", "matches.subevent_id")
        .select([
          "matches.id",
          "matches.revision",
          "matches.updated_at",
          "events.slug",
          "events.name as event_name",
          "events.language",
          "subevents.name as category",
        ])
        .where("matches.id", "in", [...ids]).where("events.status", "=", "published"),
    eventBySlug: (slug: string) =>
      db.selectFrom("events").select("revision").where("slug", "=", slug).where("status", "=", "published"),
    rankings: () =>
      db.selectNoFrom((eb) => [
        eb.selectFrom("revisions").select("value").where("scope", "=", "global").as("revision"),
        eb.selectFrom("revisions").select("value").where("scope", "=", RANKINGS_SCOPE).as("own"),
      ]),
    eventList: () =>
      db.selectFrom("revisions").select("value as revision").where("scope", "=", EVENT_LIST_SCOPE),
    category: (id: string) => publicCategoryVersions().where("subevents.id", "=", id),
    eventRoster: (slug: string) =>
      db.selectFrom("events")
        .leftJoin("revisions", (join) =>
          join.on("revisions.scope", "=", scopeOf(ROSTER_SCOPE_PREFIX, "events.id")))
        .select(["events.revision", "revisions.value as own"])
        .where("events.slug", "=", slug).where("events.status", "=", "published"),
    // One row per category the player is entered in (one row with a null id when none), ordered so that the
    // version reads the same every time; none when the event is not published.
    eventPlayer: (slug: string, playerId: string) =>
      db.selectFrom("events")
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
          join.on("revisions.scope", "=", scopeOf(CATEGORY_SCOPE_PREFIX, "subevents.id")))
        .select(["subevents.id as id", "events.revision", "revisions.value as own"])
        .where("events.slug", "=", slug).where("events.status", "=", "published")
        .orderBy("subevents.id"),
    eventCategories: (eventId: string) => publicCategoryVersions().where("subevents.event_id", "=", eventId),
  };
}

/**
 * A query compiled once into a prepared statement of SQLite's committed-data connection, run with its
 * parameters: the query is compiled with a placeholder for each parameter, whose places among the compiled
 * parameters are kept.
 */
function prepared<A extends string[]>(
  store: Store,
  query: (...args: A) => Compilable,
  arity: A["length"],
): { get(...args: A): unknown; all(...args: A): unknown[] } {
  const marks = Array.from({ length: arity }, (_, i) => `\u0000version-parameter-${i}`) as A;
  const compiled = query(...marks).compile();
  // Committed data only: a version must never be one a transaction in flight may still roll back.
  const statement = store.sqlite!.committed.prepare(compiled.sql);
  const at = compiled.parameters.map((p) => marks.indexOf(p as string));
  const bind = (args: A) => compiled.parameters.map((p, i) => at[i]! >= 0 ? args[at[i]!] : p) as never[];
  return {
    get: (...args) => statement.get(...bind(args)),
    all: (...args) => statement.all(...bind(args)),
  };
}

/** The version reader of a store, made once per store (db/store_reads.ts). */
export function makeVersionReader(store: Store): VersionReader {
  const q = versionQueries(store.db);
  if (store.sqlite) {
    const matchPage = prepared(store, (id: string) => q.matchPages([id]), 1);
    const bySlug = prepared(store, q.eventBySlug, 1);
    const byCategory = prepared(store, q.category, 1);
    const rankings = prepared(store, q.rankings, 0);
    const eventList = prepared(store, q.eventList, 0);
    const byEvent = prepared(store, q.eventCategories, 1);
    const roster = prepared(store, q.eventRoster, 1);
    const player = prepared(store, q.eventPlayer, 2);
    return {
      matchPage: (id) => Promise.resolve(matchPageTag(matchPage.get(id) as MatchVersionRow | undefined)),
      eventBySlug: (slug) => Promise.resolve(eventTag(bySlug.get(slug) as Row)),
      category: (id) => Promise.resolve(categoryTag(byCategory.get(id) as Row)),
      eventRoster: (slug) => Promise.resolve(rosterTag(roster.get(slug) as Row)),
      eventPlayer: (slug, playerId) =>
        Promise.resolve(playerTag(player.all(slug, playerId) as CategoryRow[])),
      rankings: () => Promise.resolve(rankingsTag(rankings.get() as Row)),
      eventList: () => Promise.resolve(eventListTag(eventList.get() as Row)),
      eventCategories: (eventId) =>
        Promise.resolve(categoryTags(byEvent.all(eventId) as (NonNullable<Row> & { id: string })[])),
    };
  }
  // Read together, one read per generation for every match polled lately (db/match_version_batches.ts).
  const matches = new MatchVersionBatches<MatchVersionRow>(
    () => store.revisions.current(),
    async (ids) => new Map((await q.matchPages(ids).execute()).map((r) => [r.id, r])),
  );
  return {
    matchPage: async (id) => matchPageTag((await matches.row(id)) ?? undefined),
    eventBySlug: async (slug) => eventTag(await q.eventBySlug(slug).executeTakeFirst()),
    rankings: async () => rankingsTag((await q.rankings().executeTakeFirst()) as Row),
    eventList: async () => eventListTag(await q.eventList().executeTakeFirst()),
    category: async (id) => categoryTag(await q.category(id).executeTakeFirst()),
    eventRoster: async (slug) => rosterTag(await q.eventRoster(slug).executeTakeFirst()),
    eventPlayer: async (slug, playerId) => playerTag(await q.eventPlayer(slug, playerId).execute()),
    eventCategories: async (eventId) => categoryTags(await q.eventCategories(eventId).execute()),
  };
}
