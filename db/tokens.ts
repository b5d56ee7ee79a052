/**
 * Access tokens of the management API: "admin" may do everything, "scorer" may only score, optionally limited to
 * one event and/or one table, "relay" may only push its one event from the venue (docs/relay.md). The secret (`tt_` + 32 random bytes, base64url) is shown once when made; only its
 * SHA-256 (hex) is stored, and a presented secret is compared with the stored hash in constant time.
 * See docs/operator.md.
 */
import { timingSafeEqual } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { writeAudit } from "./audit.ts";
import type { Database, TokenTable } from "./schema.ts";
import type { Store } from "./store.ts";
import { writeTransaction } from "./write_transaction.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** What a token may do: "admin" everything, "scorer" scoring only. */
export type TokenRole = TokenTable["role"];

/** Every role, in the order they are listed. */
export const TOKEN_ROLES = ["admin", "scorer", "relay"] as const satisfies readonly TokenRole[];

/** The prefix of every secret, so that a leaked one is recognisable (and greppable) as this product's. */
export const SECRET_PREFIX = "tt_";

/** The label of the admin token made on the first start. */
export const FIRST_ADMIN_LABEL = "admin (first start)";

/** A token as shown to operators: never the secret, never its hash. */
export interface TokenRecord {
  id: string;
  label: string;
  role: TokenRole;
  /** The event a scorer is limited to, or null. */
  eventId: string | null;
  /**
   * The slug of that event, for display; null when not limited. A relay token's event, by slug: the event may
   * not exist on the public server before the venue's first push.
   */
  eventSlug: string | null;
  /** The table a scorer is limited to, or null. */
  tableNo: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** What a new token is: its role, a label for the audit log, and the optional limits of a scorer. */
export interface NewToken {
  role: TokenRole;
  label: string;
  eventId?: string | null;
  tableNo?: number | null;
  /** A relay token's event (its slug), required for that role and refused for the others. */
  relaySlug?: string | null;
}

/** A token request that cannot be met (unknown event, bad table); the message says which value. */
export class TokenError extends Error {
  override name = "TokenError";
}

// A presented token is marked as used at most this often: a poll must not become a write every second.
const LAST_USED_GRANULARITY_MS = 60_000;

/** A new random secret: `tt_` and 32 bytes from crypto.getRandomValues, base64url without padding. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const b64 = btoa(String.fromCharCode(...bytes));
  return SECRET_PREFIX + b64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The stored form of a secret: SHA-256, lowercase hex. */
export async function hashSecret(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether two hex hashes are equal, in time that does not depend on where they differ. */
export function hashesEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function tokenQuery(db: Db) {
  return db.selectFrom("tokens").leftJoin("events", "events.id", "tokens.event_id").select([
    "tokens.id",
    "tokens.label",
    "tokens.role",
    "tokens.event_id",
    "events.slug as event_slug",
    "tokens.relay_slug",
    "tokens.table_no",
    "tokens.token_hash",
    "tokens.created_at",
    "tokens.last_used_at",
    "tokens.revoked_at",
  ]);
}

type TokenSelection = {
  id: string;
  label: string;
  role: TokenRole;
  event_id: string | null;
  event_slug: string | null;
  relay_slug: string | null;
  table_no: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

function toRecord(row: TokenSelection): TokenRecord {
  return {
    id: row.id,
    label: row.label,
    role: row.role,
    eventId: row.event_id,
    eventSlug: row.event_slug ?? row.relay_slug,
    tableNo: row.table_no === null ? null : Number(row.table_no),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/**
 * Makes a token and returns it with its secret (shown once). A scorer may be limited to an event (by id) and
 * a table; an admin may not be limited. Writes an audit row naming `actor`.
 */
export async function createToken(
  db: Db,
  input: NewToken,
  now: Date,
  actor = "cli",
): Promise<{ token: TokenRecord; secret: string }> {
  const label = input.label.trim();
  if (!label) throw new TokenError(`Cannot create a token: "label" must not be empty`);
  if (!(TOKEN_ROLES as readonly string[]).includes(input.role)) {
    throw new TokenError(
      `Cannot create a token: expected role "admin", "scorer" or "relay", got "${input.role}"`,
    );
  }
  const eventId = input.eventId ?? null;
  const tableNo = input.tableNo ?? null;
  const relaySlug = input.relaySlug ?? null;
  if (input.role === "relay") {
    if (relaySlug === null || !/^[a-z0-9][a-z0-9-]*$/.test(relaySlug) || relaySlug.length > 80) {
      throw new TokenError(
        `Cannot create a token: a relay token needs "event", the slug of the event it pushes (lower-case ` +
          `letters, digits and "-")`,
      );
    }
    if (eventId !== null || tableNo !== null) {
      throw new TokenError(`Cannot create a token: a relay token is bound to its event by slug alone`);
    }
  } else if (relaySlug !== null) {
    throw new TokenError(`Cannot create a token: only a relay token is bound to an event by slug`);
  }
  if (input.role === "admin" && (eventId !== null || tableNo !== null)) {
    throw new TokenError(`Cannot create a token: an admin token cannot be limited to an event or a table`);
  }
  if (tableNo !== null && (!Number.isInteger(tableNo) || tableNo < 1)) {
    throw new TokenError(
      `Cannot create a token: expected "table" as a whole number from 1, got "${tableNo}"`,
    );
  }
  if (eventId !== null) {
    const event = await db.selectFrom("events").select("id").where("id", "=", eventId).executeTakeFirst();
    if (!event) throw new TokenError(`Cannot create a token: event "${eventId}" does not exist`);
  }
  const secret = generateSecret();
  const id = crypto.randomUUID();
  const at = now.toISOString();
  await db.insertInto("tokens").values({
    id,
    label,
    role: input.role,
    event_id: eventId,
    table_no: tableNo,
    relay_slug: relaySlug,
    token_hash: await hashSecret(secret),
    created_at: at,
    last_used_at: null,
    revoked_at: null,
  }).execute();
  await writeAudit(db, {
    at: now,
    actor,
    action: "token.create",
    eventId,
    detail: { tokenId: id, label, role: input.role, tableNo, ...(relaySlug ? { relaySlug } : {}) },
  });
  const token = await findTokenById(db, id);
  return { token: token!, secret };
}

/** The token with this id (revoked or not), or null. */
export async function findTokenById(db: Db, id: string): Promise<TokenRecord | null> {
  const row = await tokenQuery(db).where("tokens.id", "=", id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/**
 * The live (not revoked) token whose secret this is, or null. Marks it as used (at most once a minute). Only
 * well-formed secrets are looked up; the hash found is compared again in constant time.
 */
export async function authenticateToken(db: Db, secret: string, now: Date): Promise<TokenRecord | null> {
  if (!secret.startsWith(SECRET_PREFIX) || secret.length > 200 || !/^[A-Za-z0-9_-]+$/.test(secret)) {
    return null;
  }
  const hash = await hashSecret(secret);
  const row = await tokenQuery(db).where("tokens.token_hash", "=", hash).executeTakeFirst();
  if (!row || !hashesEqual(row.token_hash, hash) || row.revoked_at !== null) return null;
  const last = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
  if (now.getTime() - last >= LAST_USED_GRANULARITY_MS) {
    await db.updateTable("tokens").set({ last_used_at: now.toISOString() }).where("id", "=", row.id)
      .execute();
    row.last_used_at = now.toISOString();
  }
  return toRecord(row);
}

/** Every token, newest first (revoked ones included, marked). */
export async function listTokens(db: Db): Promise<TokenRecord[]> {
  const rows = await tokenQuery(db).orderBy("tokens.created_at", "desc").orderBy("tokens.id").execute();
  return rows.map(toRecord);
}

/** Revokes a token; returns false when no such token exists. Revoking twice keeps the first time. */
export async function revokeToken(db: Db, id: string, now: Date, actor = "cli"): Promise<boolean> {
  if (!db.isTransaction) return await writeTransaction(db, (trx) => revokeToken(trx, id, now, actor));
  const token = await findTokenById(db, id);
  if (!token) return false;
  // Only a live token is revoked, so that of two revokes at once one writes and the other finds it done
  // (PostgreSQL re-reads the row once the first commits): one revocation, one audit row.
  const revoked = await db.updateTable("tokens").set({ revoked_at: now.toISOString() }).where("id", "=", id)
    .where("revoked_at", "is", null).executeTakeFirst();
  if (Number(revoked.numUpdatedRows) > 0) {
    await writeAudit(db, {
      at: now,
      actor,
      action: "token.revoke",
      eventId: token.eventId,
      detail: { tokenId: id, label: token.label },
    });
  }
  return true;
}

/** Whether the store has a live (not revoked) admin token. */
export async function hasAdminToken(db: Db): Promise<boolean> {
  const live = await db.selectFrom("tokens").select("id").where("role", "=", "admin")
    .where("revoked_at", "is", null).executeTakeFirst();
  return live !== undefined;
}

/**
 * Makes an admin token when the store has no live one (the first start, or every admin token was revoked)
 * and returns its secret to print once; returns null when an admin token exists. Safe to call from several
 * instances sharing one PostgreSQL: they queue on an advisory lock.
 */
export async function ensureAdminToken(store: Store, now: Date): Promise<string | null> {
  return await writeTransaction(store.db, async (trx) => {
    if (store.dialect === "postgres") {
      // Any constant works: it only has to be the same in every instance.
      await sql`select pg_advisory_xact_lock(7311505)`.execute(trx);
    }
    if (await hasAdminToken(trx)) return null;
    const { secret } = await createToken(trx, { role: "admin", label: FIRST_ADMIN_LABEL }, now, "server");
    return secret;
  });
}
