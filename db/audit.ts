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

/** The latest audit rows, newest first, optionally of one event or one match only. */
export async function listAudit(
  db: Db,
  filter: { eventId?: string; matchId?: string; limit?: number } = {},
): Promise<AuditRecord[]> {
  let q = db.selectFrom("audit_log").selectAll();
  if (filter.eventId) q = q.where("event_id", "=", filter.eventId);
  if (filter.matchId) q = q.where("match_id", "=", filter.matchId);
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
