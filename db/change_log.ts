/**
 * The change feed of each published event, written by every write in its own transaction: db/revision.ts
 * `bumpRevision`, which every write calls last, logs here what the write changed, so that no write can leave
 * the feed behind.
 *
 * The log is compacted: one row per public resource of the event (the event, its players' list, each category,
 * each match), holding the resource's version (as db/read_versions.ts gives it, so a resource is in the feed
 * exactly when its ETag moved) and the global revision (`seq`) of the last write that changed it; a resource
 * gone (a match of a draw made again) keeps its row with a null version. What changed since a write is then the
 * rows with a greater `seq`, each once, at its latest version, in the order of their last change: a reader
 * resuming from any point sees every change after it, and never a gap.
 *
 * Only a published event has a feed: a write to a hidden event (a draft, an archived or unpublished one) logs
 * nothing and removes what was logged, and the write that publishes it (again) logs everything at once and marks
 * where the feed starts (a row of kind "start"); a cursor from before that mark is too old.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";
import { servedMatch } from "./read_matches.ts";
import { matchVersionTag } from "./version_tags.ts";

type Db = Transaction<Database> | Kysely<Database>;

/** The kinds of resource in an event's feed. */
export const CHANGE_KINDS = ["event", "players", "subevent", "match"] as const;
export type ChangeKind = typeof CHANGE_KINDS[number];

/** The kind of the row that marks where an event's feed starts. */
export const START_KIND = "start";

/**
 * The row marking where an event's feed starts, read by its whole primary key: with the kind alone, SQLite reads
 * every row of the event through the index by seq, and every write reads this row.
 */
export function feedStartQuery(db: Db, eventId: string) {
  return db.selectFrom("event_changes").select("seq").where("event_id", "=", eventId)
    .where("kind", "=", START_KIND).where("resource_id", "=", "");
}

/** What a write changed in an event, as `bumpRevision` knows it. */
export interface EventWrite {
  eventId: string;
  /** The event as the write left it (`bumpRevision` updates it with `RETURNING`); read again when not given. */
  event?: LoggedEvent | undefined;
  /** The global revision of the write. */
  seq: number;
  /** The categories the write may have changed; all of the event's when undefined. */
  categoryIds: readonly string[] | undefined;
  /** The `revisions` scope of the event's roster version (db/revision.ts `rosterScope`). */
  rosterScope: string;
  /** The `revisions` scope of a category's version (db/revision.ts `categoryScope`). */
  categoryScope: (categoryId: string) => string;
  /** The only matches the write changed, all in `categoryIds`, when it knows them; every match of those when not. */
  matchIds?: readonly string[] | undefined;
  /** What the feed reads, read with the write's global revision (`feedReads`) when the write named one match. */
  read?: FeedRead | undefined;
}

/** What `feedReads` reads: the feed's start, the roster's version, the one match named as `logMatchChanges` reads it. */
export interface FeedRead {
  started: number | bigint | string | null;
  roster: number | bigint | string | null;
  /** The match's category, null when the API does not serve the match (`servedMatch`, a side unknown). */
  match_subevent_id: string | null;
  match_category: string | null;
  match_revision: number | bigint | null;
  match_updated_at: string | null;
}

/**
 * What the feed of a write that names one match reads, as subqueries of the statement that bumps the global
 * revision (db/revision.ts `bumpRevision`, its `RETURNING`): a point then reads nothing more for its feed. That
 * statement runs while the write holds the event's row, which every write to the event takes first, so on
 * PostgreSQL it reads the event's data as the write's own later statements would.
 */
export function feedReads(db: Db, eventId: string, rosterScope: string, matchId: string | undefined) {
  const match = db.selectFrom("matches").innerJoin("subevents", "subevents.id", "matches.subevent_id")
    .where("matches.id", "=", matchId ?? "").where("matches.event_id", "=", eventId).where(servedMatch)
    .where("matches.home_entry_id", "is not", null).where("matches.away_entry_id", "is not", null);
  return [
    feedStartQuery(db, eventId).as("started"),
    db.selectFrom("revisions").select("value").where("scope", "=", rosterScope).as("roster"),
    match.select("matches.subevent_id").as("match_subevent_id"),
    match.select("subevents.name").as("match_category"),
    match.select("matches.revision").as("match_revision"),
    match.select("matches.updated_at").as("match_updated_at"),
  ] as const;
}

/** What the feed reads of the event: its versions are `e<revision>`, its matches' tags name it and its language. */
interface LoggedEvent {
  id: string;
  slug: string;
  name: string;
  language?: string | null | undefined;
  status: string;
  revision: number;
}

interface Row {
  kind: ChangeKind;
  resource_id: string;
  subevent_id: string | null;
  version: string | null;
}

const keyOf = (kind: string, id: string) => `${kind}:${id}`;

/** Rows written per statement. */
const CHUNK = 100;

/**
 * Logs what a write changed in an event's feed: every resource the write may have touched whose version is not
 * the one logged; call inside the write's transaction, after its revisions are bumped.
 */
export async function logEventChanges(trx: Db, write: EventWrite): Promise<void> {
  const event = write.event ??
    await trx.selectFrom("events").select(["id", "slug", "name", "language", "status", "revision"])
      .where("id", "=", write.eventId).executeTakeFirst();
  if (!event) return;
  if (event.status !== "published") {
    await trx.deleteFrom("event_changes").where("event_id", "=", event.id).execute();
    return;
  }
  if (write.categoryIds !== undefined && write.matchIds !== undefined && write.matchIds.length > 0) {
    if (await logMatchChanges(trx, event, write, write.categoryIds, write.matchIds)) return;
  }
  const started = await feedStartQuery(trx, event.id).executeTakeFirst();
  // The first write of a published event's feed looks at everything, whatever it says it changed.
  const categoryIds = started ? write.categoryIds : undefined;
  const matchIds = categoryIds === undefined ? undefined : write.matchIds;
  const current = await currentRows(trx, event, write, categoryIds, matchIds);
  const logged = await loggedRows(trx, event.id, categoryIds, matchIds);
  const before = new Map(logged.map((r) => [keyOf(r.kind, r.resource_id), r.version]));
  const changed: Row[] = current.filter((r) => before.get(keyOf(r.kind, r.resource_id)) !== r.version);
  const now = new Set(current.map((r) => keyOf(r.kind, r.resource_id)));
  for (const r of logged) {
    if (r.version !== null && !now.has(keyOf(r.kind, r.resource_id))) {
      changed.push({
        kind: r.kind,
        resource_id: r.resource_id,
        subevent_id: r.subevent_id,
        version: null,
      });
    }
  }
  if (!started) {
    changed.push({ kind: START_KIND as ChangeKind, resource_id: "", subevent_id: null, version: null });
  }
  for (let i = 0; i < changed.length; i += CHUNK) {
    const values = changed.slice(i, i + CHUNK).map((r) => ({ event_id: event.id, ...r, seq: write.seq }));
    await trx.insertInto("event_changes").values(values).onConflict((oc) =>
      oc.columns(["event_id", "kind", "resource_id"]).doUpdateSet((eb) => ({
        subevent_id: eb.ref("excluded.subevent_id"),
        version: eb.ref("excluded.version"),
        seq: eb.ref("excluded.seq"),
      }))
    ).execute();
  }
}

/**
 * `logEventChanges` for a write that names the only matches it changed (a point: its own match), in two
 * statements: one read of the feed's start, the roster's version and the matches the API serves (none for one
 * match read with the global revision: `feedReads`), and one upsert that writes a row only where its version moved (the comparison the general path makes in memory,
 * made by the database). False, having written nothing, when the general path must run: the feed has not
 * started, or a match named is not served (its row may have to be marked gone), or a category has no match.
 * The categories' versions are the write's own revision: `bumpRevision` has just set them.
 */
async function logMatchChanges(
  trx: Db,
  event: LoggedEvent,
  write: EventWrite,
  categoryIds: readonly string[],
  matchIds: readonly string[],
): Promise<boolean> {
  const read = write.read;
  const matches = read && matchIds.length === 1
    ? (read.match_subevent_id === null || !categoryIds.includes(read.match_subevent_id) ? [] : [{
      id: matchIds[0]!,
      subevent_id: read.match_subevent_id,
      revision: read.match_revision!,
      updated_at: read.match_updated_at!,
      name: read.match_category!,
      started: read.started,
      roster: read.roster,
    }])
    : await readMatchChanges(trx, event, write, categoryIds, matchIds);
  const categories = new Map(matches.map((m) => [m.subevent_id, m.name]));
  const first = matches[0];
  if (
    first === undefined || first.started === null || matches.length !== new Set(matchIds).size ||
    categories.size !== new Set(categoryIds).size
  ) {
    return false;
  }
  const rows: Row[] = [
    { kind: "event", resource_id: event.id, subevent_id: null, version: `e${event.revision}` },
    {
      kind: "players",
      resource_id: event.id,
      subevent_id: null,
      version: first.roster === null ? `e${event.revision}` : `R${first.roster}`,
    },
    ...[...categories.keys()].map((id): Row => ({
      kind: "subevent",
      resource_id: id,
      subevent_id: id,
      version: `s${write.seq}`,
    })),
    ...matches.map((m): Row => ({
      kind: "match",
      resource_id: m.id,
      subevent_id: m.subevent_id,
      version: matchVersionTag({
        revision: m.revision,
        updated_at: m.updated_at,
        slug: event.slug,
        event_name: event.name,
        category: m.name,
        language: event.language,
      }),
    })),
  ];
  await trx.insertInto("event_changes").values(
    rows.map((r) => ({ event_id: event.id, ...r, seq: write.seq })),
  )
    .onConflict((oc) =>
      oc.columns(["event_id", "kind", "resource_id"]).doUpdateSet((eb) => ({
        subevent_id: eb.ref("excluded.subevent_id"),
        version: eb.ref("excluded.version"),
        seq: eb.ref("excluded.seq"),
      })).where((eb) => eb("event_changes.version", "is distinct from", eb.ref("excluded.version")))
    ).execute();
  return true;
}

/** The matches a write names as `logMatchChanges` logs them, with the feed's start and the roster's version. */
async function readMatchChanges(
  trx: Db,
  event: LoggedEvent,
  write: EventWrite,
  categoryIds: readonly string[],
  matchIds: readonly string[],
) {
  return await trx.selectFrom("matches").innerJoin("subevents", "subevents.id", "matches.subevent_id")
    .select((eb) => [
      "matches.id",
      "matches.subevent_id",
      "matches.revision",
      "matches.updated_at",
      "subevents.name",
      feedStartQuery(trx, event.id).as("started"),
      eb.selectFrom("revisions").select("value").where("scope", "=", write.rosterScope).as("roster"),
    ])
    .where("matches.event_id", "=", event.id).where("matches.subevent_id", "in", [...categoryIds])
    .where(servedMatch).where("matches.home_entry_id", "is not", null)
    .where("matches.away_entry_id", "is not", null).where("matches.id", "in", [...matchIds]).execute();
}

/**
 * The rows logged of the resources the write may have changed: all of the event's, or those of the event, its
 * players, the categories and their matches (or only the matches named). Each read is by the table's primary key or
 * its index by category (an `or` of them would read every row of the event).
 */
async function loggedRows(
  trx: Db,
  eventId: string,
  categoryIds: readonly string[] | undefined,
  matchIds: readonly string[] | undefined,
): Promise<Row[]> {
  const query = trx.selectFrom("event_changes").select(["kind", "resource_id", "subevent_id", "version"])
    .where("event_id", "=", eventId);
  const rows = (
    rs: { kind: string; resource_id: string; subevent_id: string | null; version: string | null }[],
  ) => rs.map((r) => ({ ...r, kind: r.kind as ChangeKind }));
  if (categoryIds === undefined) return rows(await query.where("kind", "<>", START_KIND).execute());
  const found = rows(await query.where("kind", "in", ["event", "players"]).execute());
  if (categoryIds.length === 0) return found;
  if (matchIds === undefined) {
    return [...found, ...rows(await query.where("subevent_id", "in", [...categoryIds]).execute())];
  }
  found.push(
    ...rows(
      await query.where("kind", "=", "subevent").where("resource_id", "in", [...categoryIds]).execute(),
    ),
  );
  if (matchIds.length === 0) return found;
  return [
    ...found,
    ...rows(await query.where("kind", "=", "match").where("resource_id", "in", [...matchIds]).execute()),
  ];
}

/** The versions now of the event's resources the write may have changed. */
async function currentRows(
  trx: Db,
  event: LoggedEvent,
  write: EventWrite,
  categoryIds: readonly string[] | undefined,
  matchIds: readonly string[] | undefined,
): Promise<Row[]> {
  const own = (scope: string | null | undefined, prefix: string) =>
    scope == null ? `e${event.revision}` : `${prefix}${scope}`;
  const roster = await trx.selectFrom("revisions").select("value").where("scope", "=", write.rosterScope)
    .executeTakeFirst();
  const rows: Row[] = [
    { kind: "event", resource_id: event.id, subevent_id: null, version: `e${event.revision}` },
    {
      kind: "players",
      resource_id: event.id,
      subevent_id: null,
      version: own(roster?.value?.toString(), "R"),
    },
  ];
  if (categoryIds !== undefined && categoryIds.length === 0) return rows;
  let query = trx.selectFrom("subevents").select(["id", "name"]).where("event_id", "=", event.id);
  if (categoryIds !== undefined) query = query.where("id", "in", [...categoryIds]);
  const categories = await query.execute();
  if (categories.length === 0) return rows;
  const ids = categories.map((c) => c.id);
  const versions = new Map(
    (await trx.selectFrom("revisions").select(["scope", "value"])
      .where("scope", "in", ids.map(write.categoryScope)).execute()).map((r) => [r.scope, r.value]),
  );
  const names = new Map(categories.map((c) => [c.id, c.name]));
  for (const c of categories) {
    rows.push({
      kind: "subevent",
      resource_id: c.id,
      subevent_id: c.id,
      version: own(versions.get(write.categoryScope(c.id))?.toString(), "s"),
    });
  }
  if (matchIds !== undefined && matchIds.length === 0) return rows;
  // The matches the API serves: both sides known, and not in a knockout draw that is still a draft.
  let matchQuery = trx.selectFrom("matches").innerJoin("subevents", "subevents.id", "matches.subevent_id")
    .select(["matches.id", "matches.subevent_id", "matches.revision", "matches.updated_at"])
    .where("matches.event_id", "=", event.id).where("matches.subevent_id", "in", ids).where(servedMatch)
    .where("matches.home_entry_id", "is not", null).where("matches.away_entry_id", "is not", null);
  if (matchIds !== undefined) matchQuery = matchQuery.where("matches.id", "in", [...matchIds]);
  const matches = await matchQuery.execute();
  for (const m of matches) {
    const version = matchVersionTag({
      revision: m.revision,
      updated_at: m.updated_at,
      slug: event.slug,
      event_name: event.name,
      category: names.get(m.subevent_id) ?? "",
      language: event.language,
    });
    rows.push({ kind: "match", resource_id: m.id, subevent_id: m.subevent_id, version });
  }
  return rows;
}
