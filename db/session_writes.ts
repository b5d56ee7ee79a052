/**
 * Writing an event's sessions of play and the sessions its categories play in (db/read_event_sessions.ts reads
 * them): by an import (`writeSessionRows`, inside its transaction) or by the desk (`replaceSessions`,
 * `replaceCategorySessions`: one transaction and one audit row each). The rules are domain/event_sessions.ts;
 * a write that breaks them throws WriteError "invalid-body" with the rule's sentence.
 */
import type { Transaction } from "kysely";
import { categorySessionProblems, sessionProblems } from "../domain/event_sessions.ts";
import { writeAudit } from "./audit.ts";
import { writeCategorySetting } from "./category_setting_write.ts";
import type { StoredSession } from "./read_event_sessions.ts";
import type { Database } from "./schema.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { invalidBody, WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/** A session to write: its key, its name, its times (any ISO 8601 time with an offset) and its tables. */
export interface SessionWrite {
  id: string;
  name?: string | null;
  start: string;
  end: string;
  tables: readonly number[];
}

/** Replaces the sessions of the event `eventId` inside the caller's transaction; times are stored in UTC. */
export async function writeSessionRows(
  trx: Transaction<Database>,
  eventId: string,
  sessions: readonly SessionWrite[],
): Promise<void> {
  await trx.deleteFrom("event_sessions").where("event_id", "=", eventId).execute();
  if (sessions.length === 0) return;
  await trx.insertInto("event_sessions").values(sessions.map((s, position) => ({
    event_id: eventId,
    key: s.id,
    position,
    name: s.name ?? null,
    starts_at: new Date(s.start).toISOString(),
    ends_at: new Date(s.end).toISOString(),
    tables: JSON.stringify([...s.tables].sort((a, b) => a - b)),
  }))).execute();
}

/** The sessions as written: what the desk's writes answer. */
function stored(sessions: readonly SessionWrite[]): StoredSession[] {
  return sessions.map((s) => ({
    id: s.id,
    name: s.name ?? null,
    start: new Date(s.start).toISOString(),
    end: new Date(s.end).toISOString(),
    tables: [...s.tables].sort((a, b) => a - b),
  }));
}

/** Throws WriteError "invalid-body" with the first rule the sessions break. */
function checkSessions(sessions: readonly SessionWrite[]): void {
  const problems = sessionProblems(
    sessions.map((s) => ({ id: s.id, start: Date.parse(s.start), end: Date.parse(s.end), tables: s.tables })),
  );
  const first = problems[0];
  if (first) {
    throw invalidBody(`${first.message} (sessions[${first.index}])`, first.code, {
      ...first.params,
      field: `sessions[${first.index}].${first.field}`,
    });
  }
}

/**
 * Throws WriteError "invalid-body" when a category names a session that is not in `known`, or one twice; `field`
 * names its list of sessions in the body.
 */
function checkCategory(name: string, keys: readonly string[], known: readonly string[], field: string): void {
  const first = categorySessionProblems(keys, known)[0];
  if (first) {
    throw invalidBody(`Category "${name}": ${first.message}`, first.code, {
      ...first.params,
      category: name,
      field: `${field}[${first.index}]`,
    });
  }
}

async function eventOf(trx: Transaction<Database>, slug: string): Promise<{ id: string }> {
  const event = await trx.selectFrom("events").select("id").where("slug", "=", slug).executeTakeFirst();
  if (!event) throw new WriteError("not-found", `Event "${slug}" does not exist`);
  return event;
}

/**
 * Replaces the sessions of the event `slug` and, for each category id in `categories`, the sessions it plays in
 * (null or empty: every session). A category not in `categories` keeps its sessions; it may not be left naming a
 * session that is gone. Throws WriteError "not-found" (event, category) or "invalid-body" (a rule broken).
 */
export async function replaceSessions(
  store: Store,
  slug: string,
  sessions: readonly SessionWrite[],
  categories: Readonly<Record<string, readonly string[] | null>>,
  ctx: ManageWriteContext,
): Promise<StoredSession[]> {
  checkSessions(sessions);
  return await writeTransaction(store.db, async (trx) => {
    const event = await eventOf(trx, slug);
    const rows = await trx.selectFrom("subevents").select(["id", "name", "sessions"])
      .where("event_id", "=", event.id).execute();
    const known = sessions.map((s) => s.id);
    for (const id of Object.keys(categories)) {
      if (!rows.some((r) => r.id === id)) {
        throw new WriteError("not-found", `Category "${id}" is not a category of event "${slug}"`);
      }
    }
    for (const row of rows) {
      const given = Object.hasOwn(categories, row.id);
      const keys = given ? categories[row.id] ?? [] : row.sessions == null ? [] : JSON.parse(row.sessions);
      checkCategory(row.name, keys, known, given ? `categories.${row.id}` : "sessions");
      if (given) {
        await trx.updateTable("subevents").set({ sessions: keys.length === 0 ? null : JSON.stringify(keys) })
          .where("id", "=", row.id).execute();
      }
    }
    await writeSessionRows(trx, event.id, sessions);
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: "sessions.replace",
      eventId: event.id,
      detail: { slug, sessions: known, categories: Object.keys(categories).length },
    });
    return stored(sessions);
  });
}

/**
 * Replaces the sessions the category `categoryId` plays in (empty: every session). Throws WriteError "not-found"
 * (no such category) or "invalid-body" (a session its event does not have, or one named twice).
 */
export async function replaceCategorySessions(
  store: Store,
  categoryId: string,
  keys: readonly string[],
  ctx: ManageWriteContext,
): Promise<string[] | null> {
  return await writeCategorySetting(store, categoryId, ctx, async (row, trx) => {
    const known = await trx.selectFrom("event_sessions").select("key").where("event_id", "=", row.event_id)
      .orderBy("position").execute();
    checkCategory(row.name, keys, known.map((k) => k.key), "sessions");
    const value = keys.length === 0 ? null : [...keys];
    const sessions = value === null ? null : JSON.stringify(value);
    if (sessions === (row.sessions ?? null)) return { answer: value };
    return {
      answer: value,
      write: { set: { sessions }, action: "category.sessions", detail: { sessions: value } },
    };
  });
}
