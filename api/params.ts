/**
 * Path and query parameters of the public API, checked before anything reaches the store: an id that is not
 * UUID-shaped or a slug with characters no slug has is a 404 at once (never a query, never a cast error); a bad
 * query parameter is a 400 naming it.
 */
import { isUuid } from "../lib/uuid.ts";
import { invalidParameter, notFound, quoted, unknownParameter } from "../http/problem.ts";

const SLUG = /^[A-Za-z0-9_~.-]{1,200}$/;

export { isUuid };

/** The id from a path, or a 404 naming `what` when it is not UUID-shaped. */
export function idParam(value: string | undefined, what: string): string {
  if (value === undefined || !isUuid(value)) {
    throw notFound(`Cannot find ${what} ${quoted(value ?? "")}: not a valid id (expected a UUID)`);
  }
  return value.toLowerCase();
}

/** The event slug from a path, or a 404 when it has characters that no slug has. */
export function slugParam(value: string | undefined): string {
  if (value === undefined || !SLUG.test(value)) {
    throw notFound(`Cannot find a published event with slug ${quoted(value ?? "")}`);
  }
  return value;
}

/**
 * Throws a 400 naming the first query parameter of `url` that is not among `known`: a misspelt or made-up
 * parameter is an error, not ignored.
 * @example knownParameters("/rankings?page=2", ["limit", "offset"]) // throws 400: Unknown query parameter "page"
 */
export function knownParameters(url: string, known: readonly string[]): void {
  const start = url.indexOf("?");
  if (start < 0) return;
  for (const name of new URLSearchParams(url.slice(start + 1)).keys()) {
    if (!known.includes(name)) throw unknownParameter(name, known);
  }
}

/** Paging of a list. */
export interface Paging {
  limit: number;
  offset: number;
}

/** Default and largest page size of the rankings. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;
/** Largest offset: deeper pages cost more than they are worth to anybody. */
export const MAX_OFFSET = 1_000_000;

function integerParam(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const values = query.getAll(name);
  const expected = `expected an integer from ${min} to ${max}`;
  if (values.length === 0) return fallback;
  if (values.length > 1) throw invalidParameter(name, `${expected}, given once`, values.join(","));
  const raw = values[0] ?? "";
  if (!/^\d{1,7}$/.test(raw)) throw invalidParameter(name, expected, raw);
  const value = Number(raw);
  if (value < min || value > max) throw invalidParameter(name, expected, raw);
  return value;
}

/**
 * The `limit` (1 to 500, default 100) and `offset` (0 to 1000000, default 0) of a query (other parameters are
 * checked by `knownParameters`).
 * @example pagingParams(new URLSearchParams("limit=0")) // throws 400: "limit": expected an integer from 1 to 500
 */
export function pagingParams(query: URLSearchParams): Paging {
  return {
    limit: integerParam(query, "limit", 1, MAX_LIMIT, DEFAULT_LIMIT),
    offset: integerParam(query, "offset", 0, MAX_OFFSET, 0),
  };
}

/** The match statuses a list can be filtered on, in the order a filter is written in a cache key. */
export const MATCH_STATUS_FILTER = ["scheduled", "in_progress", "completed"] as const;
export type MatchStatusFilter = typeof MATCH_STATUS_FILTER[number];

/**
 * The `status` filter of a match list: one or more of scheduled, in_progress, completed, comma-separated (or the
 * parameter repeated); null when absent or naming all three (no filter). In MATCH_STATUS_FILTER's order, each
 * once, so that equal filters share one cached answer.
 * @example statusParam(new URLSearchParams("status=in_progress,scheduled")) // ["scheduled", "in_progress"]
 */
export function statusParam(query: URLSearchParams): MatchStatusFilter[] | null {
  const values = query.getAll("status");
  if (values.length === 0) return null;
  const expected = `expected one or more of ${MATCH_STATUS_FILTER.join(", ")}, comma-separated`;
  const named = new Set<string>();
  for (const value of values.join(",").split(",")) {
    if (!(MATCH_STATUS_FILTER as readonly string[]).includes(value)) {
      throw invalidParameter("status", expected, values.join(","));
    }
    named.add(value);
  }
  const statuses = MATCH_STATUS_FILTER.filter((s) => named.has(s));
  return statuses.length === MATCH_STATUS_FILTER.length ? null : statuses;
}

/**
 * The `player` filter of a match list: a player id (the `id` of /events/{slug}/players, the playerId of the
 * rankings), given once; null when absent. Lowercased, so that one player's filter has one cached answer.
 * @example playerParam(new URLSearchParams("player=abc")) // throws 400: "player": expected a player id (a UUID)
 */
export function playerParam(query: URLSearchParams): string | null {
  const values = query.getAll("player");
  if (values.length === 0) return null;
  const expected = "expected a player id (a UUID)";
  if (values.length > 1) throw invalidParameter("player", `${expected}, given once`, values.join(","));
  const value = values[0] ?? "";
  if (!isUuid(value)) throw invalidParameter("player", expected, value);
  return value.toLowerCase();
}
