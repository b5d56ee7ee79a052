/**
 * The audit log of writes: when, which token (by its label), what it did and what changed. Match writes get
 * their rows from db/match_writes.ts; publishing, draws, imports and tokens write theirs here, in the same
 * transaction as the change they describe.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** One row to add to the audit log. */
export interface AuditEntry {
  at: Date;
  /** The label of the token that wrote ("cli", "server" and "simulation" for the program itself). */
  actor: string;
  /** What was done, e.g. "event.publish", "draw.lock", "match.point". */
  action: string;
  eventId?: string | null;
  matchId?: string | null;
  /** What changed, stored as JSON. */
  detail: Record<string, unknown>;
}

/** An audit row as the operator sees it. */
export interface AuditRecord {
  id: string;
  at: string;
  actor: string;
  action: string;
  eventId: string | null;
  matchId: string | null;
  detail: unknown;
}

/** Adds a row to the audit log; call inside the write's transaction. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insertInto("audit_log").values({
    id: crypto.randomUUID(),
    at: entry.at.toISOString(),
    token_label: entry.actor,
    action: entry.action,
    event_id: entry.eventId ?? null,
    match_id: entry.matchId ?? null,
    detail: JSON.stringify(entry.detail),
  }).execute();
}

/** Which audit rows to list. */
export interface AuditFilter {
  eventId?: string;
  matchId?: string;
  /** Only these actions ("event.publish", "match.walkover", ...). */
  actions?: readonly string[];
  /** Not these actions: the desk's list leaves out "match.point", a day's thousands of taps. */
  exclude?: readonly string[];
  /** Only rows after this one in the list's order (older): the `id` of the last row of the page before. */
  before?: { at: string; id: string };
  limit?: number;
}

/**
 * The latest audit rows, newest first (by time, then id), optionally of one event or one match only, of some
 * actions, after a given row (to page back through a day: the last row of the page before).
 */
export async function listAudit(db: Db, filter: AuditFilter = {}): Promise<AuditRecord[]> {
  let q = db.selectFrom("audit_log").selectAll();
  if (filter.eventId) q = q.where("event_id", "=", filter.eventId);
  if (filter.matchId) q = q.where("match_id", "=", filter.matchId);
  if (filter.actions?.length) q = q.where("action", "in", [...filter.actions]);
  if (filter.exclude?.length) q = q.where("action", "not in", [...filter.exclude]);
  const before = filter.before;
  if (before) {
    q = q.where((eb) =>
      eb.or([eb("at", "<", before.at), eb.and([eb("at", "=", before.at), eb("id", "<", before.id)])])
    );
  }
  const rows = await q.orderBy("at", "desc").orderBy("id", "desc").limit(Math.min(filter.limit ?? 100, 1000))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actor: r.token_label,
    action: r.action,
    eventId: r.event_id,
    matchId: r.match_id,
    detail: safeParse(r.detail),
  }));
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The place of an audit row in the list's order, or null when there is no such row. */
export async function findAuditPlace(db: Db, id: string): Promise<{ at: string; id: string } | null> {
  const row = await db.selectFrom("audit_log").select(["at", "id"]).where("id", "=", id).executeTakeFirst();
  return row ?? null;
}
