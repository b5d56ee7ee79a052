/**
 * Store outages: what counts as "the store is away" (PostgreSQL down, unreachable or restarting; SQLite
 * locked past its busy timeout), and the guard that turns it into a 503 within 2 seconds instead of a 500 or
 * a hang. The pool reconnects by itself once the store is back, so nothing here keeps state.
 * docs/reliability.md describes the behaviour and its test.
 */
import type { Context, MiddlewareHandler } from "hono";
import { guardResponse } from "../api/limits.ts";
import type { Dialect } from "./store.ts";

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

/** Options of the outage guard. */
export interface OutageOptions {
  /** The store's dialect: the read deadline applies to PostgreSQL only (a SQLite read cannot hang on a network). */
  dialect: Dialect;
  /** The read deadline in ms; default READ_DEADLINE_MS. */
  readDeadlineMs?: number;
}

/** The 503 answer: problem details under /api, an HTML page elsewhere; clients should retry after 2 s. */
export function unavailableResponse(c: Context, detail: string): Response {
  return guardResponse(c, 503, "store-unavailable", "Service unavailable", detail, { "Retry-After": "2" });
}

/**
 * Middleware, mounted first in createApp: a request that failed because the store is away is answered 503
 * (whatever the sub-app's own error handler made of it, seen through `c.error`), and on PostgreSQL a read
 * still running after the deadline is answered 503 at once. Writes get no deadline: a write that timed out
 * might still commit, so it waits for its own result (the pool gives up connecting after 2 s).
 */
export function storeOutageGuard(options: OutageOptions): MiddlewareHandler {
  const deadline = options.readDeadlineMs ?? READ_DEADLINE_MS;
  return async (c, next) => {
    const read = c.req.method === "GET" || c.req.method === "HEAD";
    if (options.dialect === "postgres" && read) {
      try {
        await withDeadline(next(), deadline, "answer");
      } catch (e) {
        if (!(e instanceof StoreUnavailable)) throw e;
        replace(
          c,
          unavailableResponse(c, `The store is not answering (waited ${deadline} ms): try again shortly`),
        );
        return;
      }
    } else {
      await next();
    }
    if (c.error !== undefined && isStoreUnavailable(c.error)) {
      replace(c, unavailableResponse(c, "The store is not reachable: try again shortly"));
    }
  };
}

function replace(c: Context, res: Response): void {
  // Cleared first: assigning over a response would copy the old one's headers onto the new one.
  c.res = undefined;
  c.res = res;
}
