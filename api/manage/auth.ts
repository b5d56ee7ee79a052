/**
 * Bearer-token authentication of the management API and the checks of what a token may do: "admin" anything,
 * "scorer" only scoring, within its event and table when it is limited. Failed attempts are limited per client
 * address (http/failure_limiter.ts); secrets are never logged.
 */
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { authenticateToken, type TokenRecord } from "../../db/tokens.ts";
import type { ClientEnv } from "../../http/client_address.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError } from "../../http/problem.ts";
import type { FailureLimiter } from "../../http/failure_limiter.ts";

/**
 * The Hono environment of the management API: the authenticated token in `c.var.token`, the client's address
 * (http/client_address.ts, set by the app's first middleware) in `c.var.client`.
 */
export interface ManageEnv {
  Bindings: ClientEnv["Bindings"];
  Variables: ClientEnv["Variables"] & { token: TokenRecord };
}

/** What a match is, for the scope check of a scorer. */
export interface ScopedMatch {
  id: string;
  eventId: string;
  eventSlug: string;
  tableNo: number | null;
  /** Its players and category, to name it in a refusal (its id otherwise). */
  homeName?: string | null;
  awayName?: string | null;
  categoryName?: string;
}

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/**
 * Middleware: 429 while the client's address is limited, 401 without a live token, else `c.var.token`. Only a
 * token that fails counts against the address: a request without an Authorization header (a hostile page's
 * no-cors post or beacon carries none) and a preflight never do, so they cannot lock anybody out.
 */
export function authenticate(deps: AppDeps, limiter: FailureLimiter) {
  return createMiddleware<ManageEnv>(async (c, next) => {
    const address = c.var.client;
    const now = deps.clock();
    const wait = limiter.retryAfter(address, now.getTime());
    if (wait > 0) {
      throw new HttpError(
        429,
        "too-many-requests",
        `Too many failed authentications from this address: try again in ${wait} s`,
        { extensions: { retryAfter: wait }, headers: { "Retry-After": String(wait) } },
      );
    }
    const header = c.req.header("Authorization");
    const secret = header === undefined ? undefined : BEARER.exec(header)?.[1];
    const token = secret === undefined ? null : await authenticateToken(deps.store.db, secret, now);
    if (!token) {
      if (header !== undefined && c.req.method !== "OPTIONS") limiter.fail(address, now.getTime());
      const detail = header === undefined
        ? `Missing token: send "Authorization: Bearer <token>"`
        : secret === undefined
        ? `Invalid "Authorization" header: expected "Bearer <token>"`
        : "Invalid token: it is unknown or revoked";
      const error = header === undefined ? "" : ', error="invalid_token"';
      throw new HttpError(401, "unauthorized", detail, {
        headers: {
          "WWW-Authenticate": `Bearer realm="manage"${error}`,
        },
      });
    }
    c.set("token", token);
    await next();
  });
}

/** Throws a 403 unless the token is an admin token; `action` names what was refused. */
export function requireAdmin(token: TokenRecord, action: string): void {
  if (token.role !== "admin") {
    throw new HttpError(
      403,
      "forbidden",
      `Cannot ${action}: the token "${token.label}" is a scorer token (needs an admin token)`,
    );
  }
}

/** A sub-app of the management API whose every route needs an admin token; `action` names what is refused. */
export function adminRoutes(action: string): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.use("*", async (c, next) => {
    requireAdmin(c.var.token, action);
    await next();
  });
  return app;
}

/** The answer for a match id that does not exist, or that the token may not know of (it cannot tell which). */
export function unknownMatch(id: string): HttpError {
  return new HttpError(404, "not-found", `Match "${id}" does not exist`);
}

/**
 * Throws unless the token may write to this match, asked for as `id`: an admin may, a scorer within its event and
 * table. A match of another event is answered as an id that does not exist (a 404 with the same words), so that
 * a scorer's token cannot tell a hidden event's match from a made-up id; another table of its own event is a 403.
 */
export function requireMatchScope(token: TokenRecord, match: ScopedMatch, action: string, id: string): void {
  if (token.role === "admin") return;
  if (token.eventId !== null && token.eventId !== match.eventId) throw unknownMatch(id);
  if (token.tableNo !== null && token.tableNo !== match.tableNo) {
    const where = match.tableNo === null ? "has no table" : `is on table ${match.tableNo}`;
    throw new HttpError(
      403,
      "forbidden",
      `Cannot ${action}: the token "${token.label}" may only score table ${token.tableNo} and ${
        scopedName(match)
      } ` +
        where,
    );
  }
}

/**
 * A match as a refusal names it: its players and category when known, else its id.
 * @example scopedName({ homeName: "Ana Lopez", awayName: "Ben Okafor", categoryName: "Men's singles", ... })
 * // "Ana Lopez v Ben Okafor (Men's singles)"
 */
export function scopedName(m: ScopedMatch): string {
  if (m.categoryName === undefined) return `match "${m.id}"`;
  return `${m.homeName ?? "to be decided"} v ${m.awayName ?? "to be decided"} (${m.categoryName})`;
}
