/**
 * Revisions: numbers that grow with every write. "global" grows with each write to the store, an event's own
 * `revision` with each write to that event, a category's version (`s:<id>`) with each write to that category,
 * an event's roster version (`roster:<id>`) with each write to that event but a match's, the rankings' version
 * with each write of public ratings or listings, the listing's with each write that may change the leaderboard's
 * size, the event list's (`events`) with each write to a published event but a match's (and with a publish or an
 * unpublish).
 * ETags and in-process caches derive from them, so a write must bump them in the same transaction as the data it
 * changes.
 */
import { type ExpressionBuilder, type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";
import { feedReads, logEventChanges } from "./change_log.ts";
import type { Database } from "./schema.ts";

/** What a write may leave alone; everything else is assumed changed. */
export interface BumpOptions {
  /** The write changed no rating and no listing: the rankings keep their version. */
  rankingsUnchanged?: boolean;
  /** The write added no player to the leaderboard and took none off: its size keeps its version. */
  listingUnchanged?: boolean;
  /**
   * The write changed no entry, player, category or draw of the event, only matches: its roster (who plays, in
   * which categories, db/read_players.ts) keeps its version, and so does the event list.
   */
  rosterUnchanged?: boolean;
  /** The event was published before this write (one that unpublished or archived it): its public answers move. */
  wasPublished?: boolean;
  /**
   * The only matches the write changed, when it knows them all (a point: its own match): the change feed then
   * reads these alone rather than every match of the categories (db/change_log.ts).
   */
  onlyMatches?: readonly string[];
}

/**
 * Bumps the global revision and, when given, the event's revision and the version of the event's categories that
 * the write changed (`categoryIds`; all of the event's when not given), and the rankings' version unless the
 * write says it left them alone; call inside the write's transaction.
 *
 * Public versions count public changes only: a write to an event that is not published and was not (a draft,
 * an archived event) leaves the rankings', the listing's and the event list's versions alone, so that their
 * ETags say nothing about hidden events (such a write changes no public player: db/held_identities.ts, and no
 * rating: db/ratings_store.ts); the event list's also stays through match-only writes, which change none of
 * its fields.
 *
 * A category's version is a row `s:<id>` of `revisions` holding the global revision of the category's last
 * write: a point in one category then leaves the answers of the others valid, and a category deleted and made
 * again by an import never reuses a version. The rows are written after the global row, which every write locks
 * first, so on PostgreSQL they add no lock order of their own.
 */
export async function bumpRevision(
  trx: Transaction<Database> | Kysely<Database>,
  eventId?: string,
  categoryIds?: readonly string[],
  options: BumpOptions = {},
): Promise<number> {
  // The event as this write leaves it (its status, its names, its language, its new revision), for the change feed.
  const event = eventId
    ? await trx.updateTable("events").set({ revision: sql`revision + 1` }).where("id", "=", eventId)
      .returning(["id", "slug", "name", "language", "status", "revision"]).executeTakeFirst()
    : undefined;
  const global = trx.updateTable("revisions").set({ value: sql`value + 1` }).where("scope", "=", "global");
  // A write naming one match reads what its feed needs with this statement (db/change_log.ts `feedReads`).
  const only = options.onlyMatches?.length === 1 ? options.onlyMatches[0] : undefined;
  const read = eventId && only !== undefined
    ? await global.returning(["value", ...feedReads(trx, eventId, rosterScope(eventId), only)])
      .executeTakeFirstOrThrow()
    : undefined;
  const value = Number((read ?? await global.returning("value").executeTakeFirstOrThrow()).value);
  const visible = eventId === undefined || options.wasPublished === true || event?.status === "published";
  const scopes = [
    ...(options.rankingsUnchanged || !visible ? [] : [RANKINGS_SCOPE]),
    ...(options.listingUnchanged || !visible ? [] : [LISTING_SCOPE]),
    ...(visible && !(eventId && options.rosterUnchanged) ? [EVENT_LIST_SCOPE] : []),
  ];
  if (eventId) {
    const ids = categoryIds ??
      (await trx.selectFrom("subevents").select("id").where("event_id", "=", eventId).execute()).map((r) =>
        r.id
      );
    scopes.push(...ids.map(categoryScope));
    if (!options.rosterUnchanged) scopes.push(rosterScope(eventId));
  }
  if (scopes.length > 0) {
    await trx.insertInto("revisions").values(scopes.map((scope) => ({ scope, value })))
      .onConflict((oc) => oc.column("scope").doUpdateSet({ value }))
      .execute();
  }
  // The event's change feed follows in the same transaction, so that no write can leave it behind.
  if (eventId) {
    await logEventChanges(trx, {
      eventId,
      event: event && { ...event, revision: Number(event.revision) },
      seq: value,
      categoryIds,
      rosterScope: rosterScope(eventId),
      categoryScope,
      matchIds: options.onlyMatches,
      read,
    });
  }
  return value;
}

/** The `revisions` scope of the event list's version (the published events and their fields). */
export const EVENT_LIST_SCOPE = "events";

/** The `revisions` scope of the rankings' version (ratings and listings). */
export const RANKINGS_SCOPE = "rankings";

/** The `revisions` scope of the version of the leaderboard's size (its count of listed ratings). */
export const LISTING_SCOPE = "listing";

/** What a category's `revisions` scope starts with (the category's id follows). */
export const CATEGORY_SCOPE_PREFIX = "s:";

/** The `revisions` scope of a category's version. */
export function categoryScope(categoryId: string): string {
  return CATEGORY_SCOPE_PREFIX + categoryId;
}

/** What an event's roster `revisions` scope starts with (the event's id follows). */
export const ROSTER_SCOPE_PREFIX = "roster:";

/**
 * The `revisions` scope of an event's roster version: its public players and their categories change with
 * imports, draws and the desk's edits, never with a point, so their answers outlive the points of the hall.
 */
export function rosterScope(eventId: string): string {
  return ROSTER_SCOPE_PREFIX + eventId;
}

/** The global revision: the key of every cache that may depend on anything in the store. */
export async function globalRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("revisions").select("value").where("scope", "=", "global")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * Recomputes `players.listed` (has an entry in a published event) and its copy `ratings.listed`; call after
 * import, publish or unpublish.
 */
export async function refreshListedPlayers(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  const published = trx.selectFrom("entries")
    .innerJoin("subevents", "subevents.id", "entries.subevent_id")
    .innerJoin("events", "events.id", "subevents.event_id")
    .where("events.status", "=", "published")
    // A team's entry is played by a player row that stands for the team (docs/teams.md): never listed.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("teams").select("teams.entry_id").whereRef("teams.entry_id", "=", "entries.id"),
        ),
      )
    );
  await trx.updateTable("players").set({
    listed: sql<number>`case when ${sql.ref("players.id")} in (${
      published.select("entries.player1_id")
    }) or ${sql.ref("players.id")} in (${
      published.select("entries.player2_id").where("entries.player2_id", "is not", null)
    }) then 1 else 0 end`,
  }).execute();
  // The leaderboard reads the copy on ratings; only rows whose flag changed are written.
  await trx.updateTable("ratings")
    .set((eb) => ({ listed: playerListed(eb) }))
    .where((eb) => eb("ratings.listed", "<>", playerListed(eb)))
    .execute();
}

/** The players.listed of a ratings row, as a correlated subquery. */
function playerListed(eb: ExpressionBuilder<Database, "ratings">) {
  return eb.selectFrom("players").select("players.listed").whereRef("players.id", "=", "ratings.player_id");
}

/** An arbitrary, fixed key of the PostgreSQL advisory lock of the writes that recompute `listed`. */
const LISTING_LOCK_KEY = 7_240_312;

/**
 * Call first in a transaction that will publish, unpublish or import (and so recompute `players.listed`): on
 * PostgreSQL such transactions take turns, so that each recomputation sees the others' committed statuses (two
 * concurrent publishes would otherwise each write a `listed` that misses the other's event) and their updates of
 * every player's row cannot deadlock. SQLite has one writer at a time already.
 */
export async function lockListing(trx: Transaction<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_advisory_xact_lock(${LISTING_LOCK_KEY})`.execute(trx);
  }
}
