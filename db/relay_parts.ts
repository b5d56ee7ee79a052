/**
 * An event cut into the parts the relay sends (docs/relay.md): the event itself with its sessions, its players,
 * their ratings, each category with its entries, groups and draw, and each match with its points, corrections,
 * incidents, prediction, tie, rating changes, the umpire's confirmation of its result, its toss and its medical
 * breaks. A part is sent whole, as rows of the store's own tables, so the
 * public server holds exactly what the venue holds and serves the same answers; a part's hash says whether the
 * public server has it already, and its stamp (versions the store keeps anyway) whether it may have changed
 * since it was last hashed, without reading it.
 *
 * What the public API and pages never show is never read: e-mail addresses, birth dates and federation ids of
 * players, which device scores a match, tokens, the audit log, idempotency keys, accounts.
 * @module
 */
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { categoryScope, RANKINGS_SCOPE, rosterScope } from "./revision.ts";
import { feedStartQuery } from "./change_log.ts";
import type { Database } from "./schema.ts";

/** A row as the relay carries it: column name to value (text, number or null). */
export type RelayRow = Record<string, string | number | null>;

/** A part's rows, by table. */
export type PartContent = Partial<Record<RelayTable, RelayRow[]>>;

/** A part of an event: its key (`event`, `players`, `ratings`, `category:<id>`, `match:<id>`) and rows. */
export interface RelayPart {
  key: string;
  content: PartContent;
}

/**
 * Columns never relayed: private (players' e-mail, birth date and federation id; who scores a match), or the
 * receiving store's own (an event's revision and import hash, the listing flags it works out itself).
 */
export const UNRELAYED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  events: ["revision", "source_hash"],
  players: ["email", "birth_date", "federation_id", "listed"],
  matches: ["scorer_device", "scorer_label", "scorer_since"],
  ratings: ["listed"],
};

/** The tables of each kind of part. */
export const PART_TABLES = {
  event: ["events", "event_sessions"],
  players: ["players"],
  ratings: ["ratings"],
  category: ["subevents", "entries", "groups", "group_members", "draw_slots", "teams", "team_members"],
  match: [
    "matches",
    "match_points",
    "game_corrections",
    "match_incidents",
    "predictions",
    "ties",
    "tie_predictions",
    "rating_history",
    "result_confirmations",
    "match_tosses",
    "medical_breaks",
  ],
} as const satisfies Record<string, readonly (keyof Database)[]>;

/** A table a part may hold. */
export type RelayTable = typeof PART_TABLES[keyof typeof PART_TABLES][number];

export type PartKind = keyof typeof PART_TABLES;

/** The kind of a part's key, or null for a key that is none. */
export function partKind(key: string): PartKind | null {
  if (key === "event" || key === "players" || key === "ratings") return key;
  const colon = key.indexOf(":");
  const kind = key.slice(0, colon);
  return colon > 0 && (kind === "category" || kind === "match") && key.length > colon + 1 ? kind : null;
}

/** The id in a `category:` or `match:` key. */
export function partId(key: string): string {
  return key.slice(key.indexOf(":") + 1);
}

/**
 * The JSON of a value with object keys sorted: equal for equal rows whatever order a store lists columns in.
 * @example canonical({ b: 1, a: [true, "x"] }) // '{"a":[true,"x"],"b":1}'
 */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return `{${
      Object.keys(record).filter((k) => record[k] !== undefined).sort()
        .map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(",")
    }}`;
  }
  return JSON.stringify(value);
}

/** The SHA-256 (hex) of a part's content: what both servers keep to tell whether the other has it. */
export function partHash(content: PartContent): string {
  return createHash("sha256").update(canonical(content), "utf8").digest("hex");
}

/** A row as the relay carries it: plain, numbers as numbers, private and local columns left out. */
export function relayRow(table: string, row: Record<string, unknown>): RelayRow {
  const skip = UNRELAYED_COLUMNS[table] ?? [];
  const out: RelayRow = {};
  for (const [name, value] of Object.entries(row)) {
    if (skip.includes(name)) continue;
    out[name] = typeof value === "bigint" ? Number(value) : value as string | number | null;
  }
  return out;
}

type Db = Kysely<Database>;

/** The event's id and status, by slug; null when the store has no such event. */
export async function relayedEvent(
  db: Db,
  slug: string,
): Promise<{ id: string; status: string } | null> {
  return await db.selectFrom("events").select(["id", "status"]).where("slug", "=", slug).executeTakeFirst() ??
    null;
}

/**
 * The matches of a published event that the change feed (db/change_log.ts) says changed after the global revision
 * `seq`, gone ones included; null when the feed cannot tell (it started after `seq`: the event was published
 * again since).
 */
export async function matchesChangedSince(db: Db, eventId: string, seq: number): Promise<string[] | null> {
  const start = await feedStartQuery(db, eventId).executeTakeFirst();
  if (!start || Number(start.seq) > seq) return null;
  const rows = await db.selectFrom("event_changes").select("resource_id").where("event_id", "=", eventId)
    .where("kind", "=", "match").where("seq", ">", seq).execute();
  return rows.map((r) => r.resource_id);
}

/**
 * The stamp of every part of an event (of its matches, only `onlyMatches` when given): a text that changes whenever the part may have, read from versions the
 * store keeps for its caches (a category's and the roster's revision, each match's revision and the times its
 * prediction and tie were written, sums of its rating history, and when its result was confirmed, its toss
 * recorded and its medical breaks last changed). The event part has none: it is one row and its sessions,
 * read every time.
 */
export async function partStamps(
  db: Db,
  eventId: string,
  onlyMatches?: readonly string[],
): Promise<Map<string, string>> {
  const stamps = new Map<string, string>();
  const categories = await db.selectFrom("subevents").select("id").where("event_id", "=", eventId).execute();
  const names = [rosterScope(eventId), RANKINGS_SCOPE, ...categories.map((c) => categoryScope(c.id))];
  const scopes = new Map<string, string>();
  for (const batch of chunksOf(names, 500)) {
    const found = await db.selectFrom("revisions").select(["scope", "value"]).where("scope", "in", batch)
      .execute();
    for (const s of found) scopes.set(s.scope, String(s.value));
  }
  const scope = (name: string) => scopes.get(name) ?? "0";
  stamps.set("players", scope(rosterScope(eventId)));
  stamps.set("ratings", `${scope(rosterScope(eventId))}/${scope(RANKINGS_SCOPE)}`);
  for (const c of categories) stamps.set(`category:${c.id}`, scope(categoryScope(c.id)));
  // A match's rating history is rewritten without the match changing when every rating is rebuilt (a result of
  // an earlier date entered, an event published again): its sums stand for it in the stamp.
  const query = () =>
    db.selectFrom("matches")
      .leftJoin(
        (eb) =>
          eb.selectFrom("rating_history")
            .select((h) => [
              "rating_history.match_id",
              h.fn.sum("rating_history.seq").as("seqs"),
              h.fn.sum("rating_history.rating_after").as("ratings"),
              h.fn.sum("rating_history.deviation_after").as("deviations"),
            ])
            .where(
              "rating_history.match_id",
              "in",
              eb.selectFrom("matches as em").select("em.id").where("em.event_id", "=", eventId),
            )
            .groupBy("rating_history.match_id")
            .as("history"),
        (join) => join.onRef("history.match_id", "=", "matches.id"),
      )
      .leftJoin(
        (eb) =>
          eb.selectFrom("medical_breaks")
            .select((b) => [
              "medical_breaks.match_id",
              b.fn.countAll().as("breaks"),
              b.fn.max("medical_breaks.ended_at").as("break_ended"),
            ])
            .where(
              "medical_breaks.match_id",
              "in",
              eb.selectFrom("matches as bm").select("bm.id").where("bm.event_id", "=", eventId),
            )
            .groupBy("medical_breaks.match_id")
            .as("breaks"),
        (join) => join.onRef("breaks.match_id", "=", "matches.id"),
      )
      .leftJoin("result_confirmations as rc", "rc.match_id", "matches.id")
      .leftJoin("match_tosses as mt", "mt.match_id", "matches.id")
      .leftJoin("predictions", "predictions.match_id", "matches.id")
      .leftJoin("ties", "ties.match_id", "matches.id")
      .leftJoin("tie_predictions", "tie_predictions.tie_id", "matches.id")
      .select([
        "matches.id",
        "matches.revision",
        "matches.updated_at",
        "predictions.created_at as predicted_at",
        "predictions.outcome",
        "ties.updated_at as tie_at",
        "tie_predictions.created_at as tie_predicted_at",
        "history.seqs",
        "history.ratings",
        "history.deviations",
        "rc.confirmed_at",
        "mt.recorded_at as tossed_at",
        "breaks.breaks",
        "breaks.break_ended",
      ])
      .where("matches.event_id", "=", eventId);
  const matches = onlyMatches === undefined ? await query().execute() : [];
  for (const batch of chunksOf(onlyMatches ?? [], 500)) {
    matches.push(...await query().where("matches.id", "in", batch).execute());
  }
  for (const m of matches) {
    stamps.set(
      `match:${m.id}`,
      [
        m.revision,
        m.updated_at,
        m.predicted_at,
        m.outcome,
        m.tie_at,
        m.tie_predicted_at,
        m.seqs,
        m.ratings,
        m.deviations,
        m.confirmed_at,
        m.tossed_at,
        m.breaks,
        m.break_ended,
      ].map((v) => v ?? "")
        .join("|"),
    );
  }
  return stamps;
}

/** Reads the parts with these keys (any kind, any number), each whole; keys of parts gone are left out. */
export async function readParts(db: Db, eventId: string, keys: readonly string[]): Promise<RelayPart[]> {
  const out: RelayPart[] = [];
  const categoryIds = keys.filter((k) => partKind(k) === "category").map(partId);
  const matchIds = keys.filter((k) => partKind(k) === "match").map(partId);
  if (keys.includes("event")) {
    const event = await db.selectFrom("events").selectAll().where("id", "=", eventId).execute();
    const sessions = await db.selectFrom("event_sessions").selectAll().where("event_id", "=", eventId)
      .orderBy("key").execute();
    out.push({
      key: "event",
      content: { events: rows("events", event), event_sessions: rows("event_sessions", sessions) },
    });
  }
  if (keys.includes("players") || keys.includes("ratings")) {
    const ids = await eventPlayerIds(db, eventId);
    const read = async (table: "players" | "ratings", column: "id" | "player_id") => {
      const found = await inBatches(
        ids,
        (batch) => db.selectFrom(table).selectAll().where(column, "in", batch).execute(),
      );
      out.push({ key: table, content: { [table]: sorted(rows(table, found), column) } });
    };
    if (keys.includes("players")) await read("players", "id");
    if (keys.includes("ratings")) await read("ratings", "player_id");
  }
  for (const batch of chunksOf(categoryIds, 50)) out.push(...await readCategories(db, batch));
  for (const batch of chunksOf(matchIds, 200)) out.push(...await readMatches(db, batch));
  return out;
}

/** Every player of the event: in its entries and in its teams. */
export async function eventPlayerIds(db: Db, eventId: string): Promise<string[]> {
  const entries = await db.selectFrom("entries").innerJoin("subevents", "subevents.id", "entries.subevent_id")
    .select(["entries.player1_id", "entries.player2_id"]).where("subevents.event_id", "=", eventId).execute();
  const members = await db.selectFrom("team_members").innerJoin(
    "entries",
    "entries.id",
    "team_members.team_entry_id",
  )
    .innerJoin("subevents", "subevents.id", "entries.subevent_id")
    .select("team_members.player_id").where("subevents.event_id", "=", eventId).execute();
  const ids = new Set<string>();
  for (const e of entries) {
    ids.add(e.player1_id);
    if (e.player2_id) ids.add(e.player2_id);
  }
  for (const m of members) ids.add(m.player_id);
  return [...ids].sort();
}

async function readCategories(db: Db, ids: string[]): Promise<RelayPart[]> {
  if (ids.length === 0) return [];
  const categories = await db.selectFrom("subevents").selectAll().where("id", "in", ids).execute();
  const entries = await db.selectFrom("entries").selectAll().where("subevent_id", "in", ids).execute();
  const groups = await db.selectFrom("groups").selectAll().where("subevent_id", "in", ids).execute();
  const members = groups.length === 0
    ? []
    : await inBatches(groups.map((g) => g.id), (batch) =>
      db.selectFrom("group_members").selectAll().where("group_id", "in", batch).execute());
  const slots = await db.selectFrom("draw_slots").selectAll().where("subevent_id", "in", ids).execute();
  const teams = await db.selectFrom("teams").selectAll().where("subevent_id", "in", ids).execute();
  const teamMembers = teams.length === 0
    ? []
    : await inBatches(teams.map((t) => t.entry_id), (batch) =>
      db.selectFrom("team_members").selectAll().where("team_entry_id", "in", batch).execute());
  const groupCategory = new Map(groups.map((g) => [g.id, g.subevent_id]));
  const teamCategory = new Map(teams.map((t) => [t.entry_id, t.subevent_id]));
  return categories.map((c) => ({
    key: `category:${c.id}`,
    content: {
      subevents: rows("subevents", [c]),
      entries: sorted(rows("entries", entries.filter((e) => e.subevent_id === c.id)), "id"),
      groups: sorted(rows("groups", groups.filter((g) => g.subevent_id === c.id)), "id"),
      group_members: sorted(
        rows("group_members", members.filter((m) => groupCategory.get(m.group_id) === c.id)),
        "group_id",
        "entry_id",
      ),
      draw_slots: sorted(rows("draw_slots", slots.filter((s) => s.subevent_id === c.id)), "position"),
      teams: sorted(rows("teams", teams.filter((t) => t.subevent_id === c.id)), "entry_id"),
      team_members: sorted(
        rows("team_members", teamMembers.filter((m) => teamCategory.get(m.team_entry_id) === c.id)),
        "team_entry_id",
        "player_id",
      ),
    },
  }));
}

/** The rows of a match besides its own: the table, the column naming the match, the column they are listed by. */
const MATCH_CHILDREN = [
  ["match_points", "match_id", "seq"],
  ["game_corrections", "match_id", "seq"],
  ["match_incidents", "match_id", "seq"],
  ["predictions", "match_id", "match_id"],
  ["ties", "match_id", "match_id"],
  ["tie_predictions", "tie_id", "tie_id"],
  ["rating_history", "match_id", "player_id"],
  ["result_confirmations", "match_id", "match_id"],
  ["match_tosses", "match_id", "match_id"],
  ["medical_breaks", "match_id", "started_at"],
] as const;

async function readMatches(db: Db, ids: string[]): Promise<RelayPart[]> {
  if (ids.length === 0) return [];
  const matches = await db.selectFrom("matches").selectAll().where("id", "in", ids).execute();
  const parts = new Map(matches.map((m) => [m.id, { matches: rows("matches", [m]) } as PartContent]));
  for (const [table, column, order] of MATCH_CHILDREN) {
    for (const part of parts.values()) part[table] = [];
    const found = await db.selectFrom(table).selectAll().where(sql.ref(column), "in", ids).execute();
    for (const row of found as Record<string, unknown>[]) {
      parts.get(row[column] as string)?.[table]?.push(relayRow(table, row));
    }
    for (const part of parts.values()) sorted(part[table]!, order);
  }
  return [...parts].map(([id, content]) => ({ key: `match:${id}`, content }));
}

function rows(table: string, list: readonly Record<string, unknown>[]): RelayRow[] {
  return list.map((r) => relayRow(table, r));
}

function sorted(list: RelayRow[], ...columns: string[]): RelayRow[] {
  const key = (r: RelayRow) => columns.map((c) => r[c]);
  return list.sort((a, b) => {
    const x = key(a), y = key(b);
    for (let i = 0; i < x.length; i++) {
      if (x[i] === y[i]) continue;
      return (x[i] ?? "") < (y[i] ?? "") ? -1 : 1;
    }
    return 0;
  });
}

/** Splits a list into lists of at most `size`. */
export function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

async function inBatches<T>(ids: readonly string[], read: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const batch of chunksOf(ids, 500)) out.push(...await read(batch));
  return out;
}
