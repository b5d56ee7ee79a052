/**
 * The guard that turns a store outage into a 503 within 2 seconds instead of a 500 or a hang, answered so that
 * no cache keeps it (`Cache-Control: no-store`: a CDN holding a 503 for its s-maxage would prolong the outage)
 * and with `Retry-After`, and logged once per outage (http/outage_log.ts). The pool reconnects by itself once
 * the store is back. What counts as an outage is db/health.ts; docs/reliability.md describes the behaviour.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../lib/log.ts";
import { isStoreUnavailable, READ_DEADLINE_MS, StoreUnavailable, withDeadline } from "../db/health.ts";
import type { Dialect } from "../db/store.ts";
import { guardResponse } from "./limits.ts";
import { OutageLog } from "./outage_log.ts";

declare module "hono" {
  interface ContextVariableMap {
    /**
     * Set when the outage guard answered the request 503 at the read deadline while its handler still runs: the
     * handler's late failures (the store thawing, the answer already sent) are no news, and are not logged.
     */
    answeredByOutageGuard: boolean;
  }
}

/** The log of a request's handlers: silent once the outage guard has answered it at the deadline. */
export function requestLog(c: Context, log: Logger): Logger {
  return c.get("answeredByOutageGuard") ? SILENT : log;
}

/**
 * The log of a request's failure: silent for the store's outage, which the guard answers 503 and logs once, not per
 * request; else `requestLog`'s.
 */
export function failureLog(c: Context, log: Logger, err: unknown): Logger {
  return isStoreUnavailable(err) ? SILENT : requestLog(c, log);
}

const SILENT: Logger = { info() {}, warn() {}, error() {} };

/** Options of the outage guard. */
export interface OutageOptions {
  /** The store's dialect: the read deadline applies to PostgreSQL only (a SQLite read cannot hang on a network). */
  dialect: Dialect;
  /** Where the outage's two lines go. */
  log: Logger;
  /** Resolves when the store answers again (db/health.ts `pingStore`). */
  probe: () => Promise<unknown>;
  /** The read deadline in ms; default READ_DEADLINE_MS. */
  readDeadlineMs?: number;
}

/** The 503 answer: problem details under /api, an HTML page elsewhere; clients should retry after 2 s. */
export function unavailableResponse(c: Context, detail: string): Response {
  return guardResponse(c, 503, "store-unavailable", "Service unavailable", detail, {
    "Retry-After": "2",
    "Cache-Control": "no-store",
  });
}

/**
 * Middleware, mounted first in createApp: a request that failed because the store is away is answered 503
 * (whatever the sub-app's own error handler made of it, seen through `c.error`), and on PostgreSQL a read
 * still running after the deadline is answered 503 at once. Writes get no deadline: a write that timed out
 * might still commit, so it waits for its own result (the pool gives up connecting after 2 s).
 */
export function storeOutageGuard(options: OutageOptions): MiddlewareHandler {
  const deadline = options.readDeadlineMs ?? READ_DEADLINE_MS;
  const outages = new OutageLog({ log: options.log, probe: options.probe });
  return async (c, next) => {
    void outages.check();
    const read = c.req.method === "GET" || c.req.method === "HEAD";
    if (options.dialect === "postgres" && read) {
      try {
        await withDeadline(next(), deadline, "answer");
      } catch (e) {
        if (!(e instanceof StoreUnavailable)) throw e;
        c.set("answeredByOutageGuard", true);
        outages.refused(`no answer within ${deadline} ms`);
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
      outages.refused(c.error.message);
      replace(c, unavailableResponse(c, "The store is not reachable: try again shortly"));
    }
  };
}

function replace(c: Context, res: Response): void {
  // Cleared first: assigning over a response would copy the old one's headers onto the new one.
  c.res = undefined;
  c.res = res;
}
