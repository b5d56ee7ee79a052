/**
 * Store outages: what counts as "the store is away" (PostgreSQL down, unreachable or restarting; SQLite
 * locked past its busy timeout), a deadline for waiting on it, and a ping that says whether it answers again.
 * The guard that turns an outage into a 503 is http/outage_guard.ts; docs/reliability.md describes both.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

/** The store did not answer: it is down, unreachable, restarting, or slower than the deadline. */
export class StoreUnavailable extends Error {
  override name = "StoreUnavailable";
}

/** Socket errors of a connection that cannot be made or was lost. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of an outage: class 08 (connection exception), admin/crash shutdown, "cannot connect
 * now" (starting up or shutting down), too many connections.
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * Messages that carry no usable code: node-postgres and pg-pool's, and SQLite's for a database held by
 * another connection past the busy timeout (Deno's node:sqlite gives no `errcode`).
 */
const MESSAGES = new RegExp(
  [
    "Connection terminated",
    "timeout exceeded when trying to connect",
    "Client has encountered a connection error",
    "Connection ended unexpectedly",
    "the database system is (starting up|shutting down|in recovery mode)",
    "^database (table )?is locked$",
  ].join("|"),
  "i",
);

/** SQLite result codes (where the driver gives them) of a busy or locked database: BUSY and LOCKED. */
const SQLITE_BUSY = new Set([5, 6]);

/**
 * Whether an error (or one of its causes) means the store is away rather than that the request is wrong.
 * @example isStoreUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })) // true
 */
export function isStoreUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e !== null && typeof e === "object"; depth++) {
    if (e instanceof StoreUnavailable) return true;
    const { code, errcode, message } = e as { code?: unknown; errcode?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    ) {
      return true;
    }
    if (typeof errcode === "number" && SQLITE_BUSY.has(errcode & 0xff)) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Settles like `work`, or rejects with `StoreUnavailable` after `ms` (the work goes on in the background and
 * its late failure is swallowed).
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreUnavailable(`Cannot ${what}: the store did not answer within ${ms} ms`)),
      ms,
    );
  });
  work.catch(() => {});
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a read (GET or HEAD) may wait for PostgreSQL before it is answered 503: under 2 s, with room. */
export const READ_DEADLINE_MS = 1500;

/** Resolves once the store answers a trivial query, or rejects (within the read deadline) while it is away. */
export async function pingStore(db: Kysely<Database>): Promise<void> {
  await withDeadline(sql`SELECT 1`.execute(db), READ_DEADLINE_MS, "ping the store");
}
