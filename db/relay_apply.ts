/**
 * The public server's side of the relay (docs/relay.md): a venue server's push applied in one transaction, so no
 * instance ever serves half of it, and the state a venue reads to know what to send.
 *
 * A push names the count of pushes it follows (`base`): a push that does not follow the last one applied (a retry
 * of one that was applied while its answer was lost, or one from before a restart) is refused with the count, and
 * the venue reads the hashes again and sends what differs. Parts are whole, so sending one twice changes nothing:
 * each change is applied exactly once in effect, whatever the link did.
 *
 * A push writes only its own event: every row must belong to it (its categories, entries, groups, matches), ids
 * held by another event are refused, and a player or rating that another event shares is left as it is.
 * @module
 */
import { type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";
import { findHiddenCharacter } from "../domain/hidden_characters.ts";
import {
  chunksOf,
  PART_TABLES,
  type PartContent,
  partHash,
  partId,
  partKind,
  type RelayPart,
  type RelayRow,
  type RelayTable,
  UNRELAYED_COLUMNS,
} from "./relay_parts.ts";
import { bumpRevision, lockListing, refreshListedPlayers } from "./revision.ts";
import type { Database } from "./schema.ts";
import { invalidBody, WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

type Trx = Transaction<Database>;

export type { RelayState } from "./read_relay.ts";

/** What a push carries. */
export interface RelayPush {
  /** The venue server's relay id (its store's). */
  venue: string;
  /** Pushes applied before this one, as the venue last read it. */
  base: number;
  /** The desk took the event over from another venue server. */
  takeover?: boolean;
  parts: RelayPart[];
  /** Keys of parts the venue no longer has (a match of a draw made again, a category deleted). */
  removed: string[];
}

/** An admin of the public server hides (or shows again) a relayed event: pushes then keep it unpublished. */
export async function setRelayHidden(trx: Trx, slug: string, hidden: boolean): Promise<void> {
  await trx.updateTable("relay_events").set({ hidden: hidden ? 1 : 0 }).where("slug", "=", slug).execute();
}

/**
 * Applies a push to the relayed event `slug` in one transaction; returns the new count of pushes. Throws a
 * `WriteError`: `relay-held` (another venue server holds the event), `relay-stale` (the push does not follow
 * the last one applied), `relay-slug-taken` (another event has the slug here), `invalid-body` (a row that is
 * not the event's, or a text the import refuses).
 */
export async function applyRelayPush(
  db: Kysely<Database>,
  slug: string,
  push: RelayPush,
  now: Date,
): Promise<{ seq: number }> {
  checkPush(push);
  return await writeTransaction(db, async (trx) => {
    const touchesListing = push.parts.some((p) => p.key === "event" || p.key === "players");
    if (touchesListing) await lockListing(trx);
    const state = await lockState(trx, slug);
    const at = now.toISOString();
    if (state && state.venue_id !== push.venue && !push.takeover) {
      throw new WriteError(
        "relay-held",
        `Cannot push "${slug}": another venue server has held this event since ${state.holder_since}; ` +
          `take it over from /manage at the venue to push from this one`,
      );
    }
    const seq = state ? Number(state.seq) : 0;
    if (push.base !== seq && !(push.takeover && state?.venue_id !== push.venue)) {
      throw new WriteError(
        "relay-stale",
        `Cannot push "${slug}": the push follows push ${push.base}, but ${seq} have been applied; read the ` +
          `state again and send what differs`,
        { seq },
      );
    }
    const event = await eventOf(trx, slug, push.parts);
    const wasPublished = event.existing?.status === "published";
    const hidden = Number(state?.hidden ?? 0) === 1;
    const categoryIds = new Set<string>();
    const matchIds: string[] = [];
    const ordered = [...push.parts].sort((a, b) => partOrder(a) - partOrder(b));
    for (const part of ordered) {
      const kind = partKind(part.key)!;
      if (kind === "event") await applyEvent(trx, slug, event.id, part.content, hidden);
      else if (kind === "players") await applyPlayers(trx, event.id, part.content);
      else if (kind === "ratings") await applyRatings(trx, event.id, part.content);
      else if (kind === "category") {
        await applyCategory(trx, event.id, partId(part.key), part.content);
        categoryIds.add(partId(part.key));
      } else {
        const categoryId = await applyMatch(trx, event.id, partId(part.key), part.content);
        categoryIds.add(categoryId);
        matchIds.push(partId(part.key));
      }
    }
    for (const key of push.removed) {
      const kind = partKind(key);
      if (kind === "match") {
        const gone = await trx.deleteFrom("matches").where("id", "=", partId(key)).where(
          "event_id",
          "=",
          event.id,
        )
          .returning("subevent_id").executeTakeFirst();
        if (gone) categoryIds.add(gone.subevent_id);
      }
    }
    for (const part of ordered) {
      if (partKind(part.key) === "category") await sweepCategory(trx, partId(part.key), part.content);
    }
    for (const key of push.removed) {
      if (partKind(key) === "category") {
        await trx.deleteFrom("subevents").where("id", "=", partId(key)).where("event_id", "=", event.id)
          .execute();
      }
    }
    if (push.parts.length > 0) {
      for (const batch of chunksOf(push.parts, 200)) {
        await trx.insertInto("relay_chunks")
          .values(batch.map((p) => ({ slug, chunk: p.key, hash: partHash(p.content) })))
          .onConflict((oc) =>
            oc.columns(["slug", "chunk"]).doUpdateSet((eb) => ({ hash: eb.ref("excluded.hash") }))
          )
          .execute();
      }
    }
    for (const batch of chunksOf(push.removed, 200)) {
      await trx.deleteFrom("relay_chunks").where("slug", "=", slug).where("chunk", "in", batch).execute();
    }
    const next = push.takeover && state?.venue_id !== push.venue ? 1 : seq + 1;
    if (state) {
      await trx.updateTable("relay_events").set({
        venue_id: push.venue,
        seq: next,
        last_contact_at: at,
        ...(state.venue_id !== push.venue ? { holder_since: at } : {}),
      }).where("slug", "=", slug).execute();
    } else {
      await trx.insertInto("relay_events").values({
        slug,
        venue_id: push.venue,
        seq: next,
        holder_since: at,
        last_contact_at: at,
        hidden: 0,
      }).execute();
    }
    const structural = push.parts.some((p) => partKind(p.key) !== "match") || push.removed.length > 0;
    if (structural) await refreshListedPlayers(trx);
    // Every push moves the event's version, a heartbeat included: its answer says when the hall was last heard.
    await bumpRevision(trx, event.id, structural ? undefined : [...categoryIds], {
      wasPublished,
      rosterUnchanged: !structural,
      listingUnchanged: !structural,
      rankingsUnchanged: !push.parts.some((p) => p.key === "ratings" || partKind(p.key) === "match"),
      ...(structural ? {} : { onlyMatches: matchIds }),
    });
    return { seq: next };
  });
}

/** The event's relay state, its row locked on PostgreSQL (SQLite has one writer at a time already). */
async function lockState(trx: Trx, slug: string) {
  const q = trx.selectFrom("relay_events").selectAll().where("slug", "=", slug);
  return await (trx.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q).executeTakeFirst();
}

/** The event's id here: the pushed event's, which must be the one that has the slug here if any. */
async function eventOf(trx: Trx, slug: string, parts: readonly RelayPart[]) {
  const existing = await trx.selectFrom("events").select(["id", "status"]).where("slug", "=", slug)
    .executeTakeFirst();
  const pushed = parts.find((p) => p.key === "event")?.content.events?.[0];
  if (pushed) {
    if (pushed.slug !== slug) {
      invalid(`"event": the event pushed is "${pushed.slug}", the token's is "${slug}"`);
    }
    const id = String(pushed.id);
    if (existing && existing.id !== id) {
      throw new WriteError(
        "relay-slug-taken",
        `Cannot push "${slug}": another event has this slug on the public server; an admin there deletes or ` +
          `renames it first`,
      );
    }
    if (!existing) {
      const other = await trx.selectFrom("events").select("slug").where("id", "=", id).executeTakeFirst();
      if (other) {
        throw new WriteError(
          "relay-slug-taken",
          `Cannot push "${slug}": its id is the event "${other.slug}"'s here`,
        );
      }
    }
    return { id, existing };
  }
  if (!existing) invalid(`"parts": the first push of "${slug}" carries the event itself (part "event")`);
  return { id: existing.id, existing };
}

function partOrder(part: RelayPart): number {
  const kind = partKind(part.key);
  if (kind === "event") return 0;
  if (kind === "players") return 1;
  if (kind === "category") return 2;
  // A tie's own match first: its matches name it.
  if (kind === "match") return (part.content.ties?.length ?? 0) > 0 ? 3 : 4;
  return 5;
}

async function applyEvent(trx: Trx, slug: string, eventId: string, content: PartContent, hidden: boolean) {
  const [row] = content.events ?? [];
  if (!row || (content.events?.length ?? 0) !== 1) invalid(`"event": one event row expected`);
  names("event", row, ["name", "venue"]);
  if (row.slug !== slug) invalid(`"event": the slug is "${slug}"`);
  const event = hidden && row.status === "published" ? { ...row, status: "draft" } : row;
  const existing = await trx.selectFrom("events").select("id").where("id", "=", eventId).executeTakeFirst();
  if (existing) {
    const { id: _id, ...changes } = event;
    await trx.updateTable("events").set(changes as never).where("id", "=", eventId).execute();
  } else {
    await trx.insertInto("events").values({ ...event, revision: 0, source_hash: null } as never).execute();
  }
  const sessions = content.event_sessions ?? [];
  owned(sessions, "event_id", eventId, "event_sessions");
  await trx.deleteFrom("event_sessions").where("event_id", "=", eventId).execute();
  await insertRows(trx, "event_sessions", sessions);
}

/** Players shared with another event are left as they are; the others are written as the venue has them. */
async function applyPlayers(trx: Trx, eventId: string, content: PartContent) {
  const players = content.players ?? [];
  for (const p of players) names("players", p, ["display_name", "association"]);
  const shared = await sharedPlayers(trx, eventId, players.map((p) => String(p.id)));
  await upsertRows(trx, "players", players.filter((p) => !shared.has(String(p.id))), ["id"]);
}

async function applyRatings(trx: Trx, eventId: string, content: PartContent) {
  const ratings = content.ratings ?? [];
  const ids = ratings.map((r) => String(r.player_id));
  const shared = await sharedPlayers(trx, eventId, ids);
  await upsertRows(trx, "ratings", ratings.filter((r) => !shared.has(String(r.player_id))), ["player_id"]);
}

/** Of these players, those with an entry or a team place in another event. */
async function sharedPlayers(trx: Trx, eventId: string, ids: readonly string[]): Promise<Set<string>> {
  const shared = new Set<string>();
  for (const batch of chunksOf(ids, 300)) {
    const entries = await trx.selectFrom("entries").innerJoin(
      "subevents",
      "subevents.id",
      "entries.subevent_id",
    )
      .select(["entries.player1_id", "entries.player2_id"]).where("subevents.event_id", "<>", eventId)
      .where((eb) => eb.or([eb("entries.player1_id", "in", batch), eb("entries.player2_id", "in", batch)]))
      .execute();
    for (const e of entries) {
      if (batch.includes(e.player1_id)) shared.add(e.player1_id);
      if (e.player2_id && batch.includes(e.player2_id)) shared.add(e.player2_id);
    }
  }
  return shared;
}

async function applyCategory(trx: Trx, eventId: string, id: string, content: PartContent) {
  const [row] = content.subevents ?? [];
  if (!row || (content.subevents?.length ?? 0) !== 1 || row.id !== id) {
    invalid(`"category:${id}": one category row expected`);
  }
  if (row.event_id !== eventId) invalid(`"category:${id}": the category is not the event's`);
  names(`category:${id}`, row, ["name"]);
  await notOtherEvents(trx, "subevents", "id", [id], eventId);
  await upsertRows(trx, "subevents", [row], ["id"]);
  const entries = content.entries ?? [];
  owned(entries, "subevent_id", id, "entries");
  await notOtherCategories(trx, "entries", entries.map((e) => String(e.id)), id);
  await upsertRows(trx, "entries", entries, ["id"]);
  const groups = content.groups ?? [];
  owned(groups, "subevent_id", id, "groups");
  for (const g of groups) names(`category:${id}`, g, ["name"]);
  await notOtherCategories(trx, "groups", groups.map((g) => String(g.id)), id);
  await upsertRows(trx, "groups", groups, ["id"]);
  const groupIds = new Set(groups.map((g) => String(g.id)));
  const members = content.group_members ?? [];
  if (members.some((m) => !groupIds.has(String(m.group_id)))) {
    invalid(`"category:${id}": a group member of another group`);
  }
  const ownGroups = trx.selectFrom("groups").select("id").where("subevent_id", "=", id);
  await trx.deleteFrom("group_members").where("group_id", "in", ownGroups).execute();
  await insertRows(trx, "group_members", members);
  const slots = content.draw_slots ?? [];
  owned(slots, "subevent_id", id, "draw_slots");
  await trx.deleteFrom("draw_slots").where("subevent_id", "=", id).execute();
  await insertRows(trx, "draw_slots", slots);
  const teams = content.teams ?? [];
  owned(teams, "subevent_id", id, "teams");
  for (const t of teams) names(`category:${id}`, t, ["name", "association"]);
  await upsertRows(trx, "teams", teams, ["entry_id"]);
  const teamIds = new Set(teams.map((t) => String(t.entry_id)));
  const teamMembers = content.team_members ?? [];
  if (teamMembers.some((m) => !teamIds.has(String(m.team_entry_id)))) {
    invalid(`"category:${id}": a member of another team`);
  }
  const ownTeams = trx.selectFrom("teams").select("entry_id").where("subevent_id", "=", id);
  await trx.deleteFrom("team_members").where("team_entry_id", "in", ownTeams).execute();
  await insertRows(trx, "team_members", teamMembers);
}

/**
 * Deletes the category's entries, groups and teams the venue no longer has, once the push's matches are written:
 * one that a match here still names stays until the push that changes that match.
 */
async function sweepCategory(trx: Trx, id: string, content: PartContent) {
  const keep = (list: RelayRow[] | undefined, column: string) => (list ?? []).map((r) => String(r[column]));
  const entries = keep(content.entries, "id");
  const groups = keep(content.groups, "id");
  const referenced = (column: "home_entry_id" | "away_entry_id" | "winner_entry_id") =>
    trx.selectFrom("matches").select(column).where(column, "is not", null).where("subevent_id", "=", id);
  let stale = trx.deleteFrom("entries").where("subevent_id", "=", id)
    .where("id", "not in", referenced("home_entry_id") as never)
    .where("id", "not in", referenced("away_entry_id") as never)
    .where("id", "not in", referenced("winner_entry_id") as never);
  if (entries.length > 0) stale = stale.where("id", "not in", entries);
  await stale.execute();
  let staleGroups = trx.deleteFrom("groups").where("subevent_id", "=", id)
    .where(
      "id",
      "not in",
      trx.selectFrom("matches").select("group_id").where("group_id", "is not", null) as never,
    );
  if (groups.length > 0) staleGroups = staleGroups.where("id", "not in", groups);
  await staleGroups.execute();
}

/** Writes a match whole; returns its category. */
async function applyMatch(trx: Trx, eventId: string, id: string, content: PartContent): Promise<string> {
  const [row] = content.matches ?? [];
  if (!row || (content.matches?.length ?? 0) !== 1 || row.id !== id) {
    invalid(`"match:${id}": one match row expected`);
  }
  if (row.event_id !== eventId) invalid(`"match:${id}": the match is not the event's`);
  const category = await trx.selectFrom("subevents").select("event_id").where(
    "id",
    "=",
    String(row.subevent_id),
  )
    .executeTakeFirst();
  if (!category || category.event_id !== eventId) invalid(`"match:${id}": its category is not the event's`);
  await notOtherEvents(trx, "matches", "id", [id], eventId);
  await upsertRows(trx, "matches", [row], ["id"]);
  for (
    const table of [
      "match_points",
      "game_corrections",
      "match_incidents",
      "rating_history",
      "result_confirmations",
      "match_tosses",
      "medical_breaks",
    ] as const
  ) {
    const list = content[table] ?? [];
    owned(list, "match_id", id, table);
    await trx.deleteFrom(table).where("match_id", "=", id).execute();
    await insertRows(trx, table, list);
  }
  for (const [table, column] of [["predictions", "match_id"], ["ties", "match_id"]] as const) {
    const list = content[table] ?? [];
    owned(list, column, id, table);
    if (list.length === 0) await trx.deleteFrom(table).where(column, "=", id).execute();
    else await upsertRows(trx, table, list, [column]);
  }
  const tiePredictions = content.tie_predictions ?? [];
  owned(tiePredictions, "tie_id", id, "tie_predictions");
  if (tiePredictions.length === 0) await trx.deleteFrom("tie_predictions").where("tie_id", "=", id).execute();
  else await upsertRows(trx, "tie_predictions", tiePredictions, ["tie_id"]);
  return String(row.subevent_id);
}

/** Refuses ids that rows of another event hold here. */
async function notOtherEvents(
  trx: Trx,
  table: "subevents" | "matches",
  column: "id",
  ids: string[],
  eventId: string,
) {
  const other = await trx.selectFrom(table).select(column).where(column, "in", ids).where(
    "event_id",
    "<>",
    eventId,
  )
    .executeTakeFirst();
  if (other) invalid(`"${table}": the id "${other.id}" is another event's here`);
}

/** Refuses entries or groups that another category holds here (of the event or not). */
async function notOtherCategories(trx: Trx, table: "entries" | "groups", ids: string[], categoryId: string) {
  for (const batch of chunksOf(ids, 300)) {
    const other = await trx.selectFrom(table).select("id").where("id", "in", batch)
      .where("subevent_id", "<>", categoryId).executeTakeFirst();
    if (other) invalid(`"${table}": the id "${other.id}" is another category's here`);
  }
}

function owned(list: readonly RelayRow[], column: string, id: string, table: string) {
  if (list.some((r) => r[column] !== id)) {
    invalid(`"${table}": a row of another ${column.replace(/_id$/, "")}`);
  }
}

/** The texts spectators read hold no hidden character, as the import's rule says (domain/hidden_characters.ts). */
function names(where: string, row: RelayRow, columns: readonly string[]) {
  for (const column of columns) {
    const value = row[column];
    if (typeof value === "string" && findHiddenCharacter(value) !== null) {
      invalid(`"${where}.${column}": holds an invisible control or direction character`);
    }
  }
}

function invalid(message: string): never {
  throw invalidBody(`Cannot apply the push: ${message}`, "invalid-push");
}

const COLUMN = /^[a-z][a-z0-9_]{0,62}$/;

/** The shape every push must have: known tables per part, plain values, no column the relay never carries. */
function checkPush(push: RelayPush) {
  for (const part of push.parts) {
    const kind = partKind(part.key);
    if (!kind) invalid(`"parts": unknown part "${part.key}"`);
    const tables: readonly string[] = PART_TABLES[kind];
    for (const [table, list] of Object.entries(part.content)) {
      if (!tables.includes(table)) invalid(`"${part.key}": no table "${table}" in this part`);
      const skip = UNRELAYED_COLUMNS[table] ?? [];
      for (const row of list ?? []) {
        for (const [column, value] of Object.entries(row)) {
          if (!COLUMN.test(column) || skip.includes(column)) {
            invalid(`"${part.key}.${table}": column "${column}" refused`);
          }
          if (value !== null && typeof value !== "string" && typeof value !== "number") {
            invalid(`"${part.key}.${table}.${column}": expected text, a number or null`);
          }
          if (
            typeof value === "string" &&
            (value.includes("\u0000") ||
              /[\ud800-\udfff]/.test(value.replace(/[\ud800-\udbff][\udc00-\udfff]/g, "")))
          ) {
            invalid(`"${part.key}.${table}.${column}": holds a NUL character or a lone surrogate`);
          }
        }
      }
    }
  }
  for (const key of push.removed) if (!partKind(key)) invalid(`"removed": unknown part "${key}"`);
}

async function insertRows(trx: Trx, table: RelayTable, rows: readonly RelayRow[]) {
  for (const batch of chunksOf(rows, 200)) {
    if (batch.length > 0) await trx.insertInto(table).values(batch as never).execute();
  }
}

async function upsertRows(trx: Trx, table: RelayTable, rows: readonly RelayRow[], keys: string[]) {
  for (const batch of chunksOf(rows, 200)) {
    if (batch.length === 0) continue;
    const columns = [...new Set(batch.flatMap((r) => Object.keys(r)))];
    const updated = columns.filter((c) => !keys.includes(c));
    await trx.insertInto(table).values(batch as never)
      .onConflict((oc) => {
        const target = oc.columns(keys as never);
        return updated.length === 0 ? target.doNothing() : target.doUpdateSet(
          Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)])) as never,
        );
      })
      .execute();
  }
}
