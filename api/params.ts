/**
 * Path and query parameters of the public API, checked before anything reaches the store: an id that is not
 * UUID-shaped or a slug with characters no slug has is a 404 at once (never a query, never a cast error); a bad
 * query parameter is a 400 naming it.
 */
import { isUuid } from "../lib/uuid.ts";
import { decodeCursor, type FeedCursor } from "../views/change_cursor.ts";
import { HttpError, invalidParameter, notFound, quoted, unknownParameter } from "../http/problem.ts";

const SLUG = /^[A-Za-z0-9_~.-]{1,200}$/;

export { isUuid };

/** Whether a value has the characters of a slug. */
export const isSlug = (value: string): boolean => SLUG.test(value);

/** The id from a path, or a 404 naming `what` when it is not UUID-shaped. */
export function idParam(value: string | undefined, what: string): string {
  if (value === undefined || !isUuid(value)) {
    throw notFound(`Cannot find ${what} ${quoted(value ?? "")}: not a valid id (expected a UUID)`);
  }
  return value.toLowerCase();
}

/** The event slug from a path, or a 404 when it has characters that no slug has. */
export function slugParam(value: string | undefined): string {
  if (value === undefined || !isSlug(value)) {
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

/** An integer query parameter from `min` to `max`, given at most once; `fallback` when absent. */
export function integerParam(
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

/** A query parameter given at most once and of the right shape, or null when absent. */
export function oneParam(
  query: URLSearchParams,
  name: string,
  shape: (value: string) => boolean,
  expected: string,
): string | null {
  const values = query.getAll(name);
  if (values.length === 0) return null;
  if (values.length > 1) throw invalidParameter(name, `${expected}, given once`, values.join(","));
  if (!shape(values[0]!)) throw invalidParameter(name, expected, values[0]!);
  return values[0]!;
}

/**
 * The `since` cursor of the change feed, given once; null when absent (from the start of the event's feed).
 * @example sinceParam(new URLSearchParams("since=abc!")) // throws 400: "since": expected a cursor ...
 */
export function sinceParam(query: URLSearchParams): FeedCursor | null {
  const values = query.getAll("since");
  if (values.length === 0) return null;
  const expected = "expected the next cursor of an earlier answer of this feed";
  if (values.length > 1) throw invalidParameter("since", `${expected}, given once`, values.join(","));
  const cursor = decodeCursor(values[0] ?? "");
  if (!cursor) throw invalidParameter("since", expected, values[0] ?? "");
  return cursor;
}

/** A 400 for a cursor this event's feed cannot resume from: start again from the event. */
export function staleCursor(slug: string, why: "foreign" | "too-old"): HttpError {
  const reason = why === "foreign"
    ? "it was not given by this event's feed"
    : "the event's feed started again since (it was unpublished and published again)";
  return new HttpError(
    400,
    "invalid-parameter",
    `Cannot resume the changes of ${quoted(slug)} from "since": ${reason}; start again from the event ` +
      `(GET /api/v1/events/${slug}/changes without since lists every resource of the event)`,
    { extensions: { parameter: "since" } },
  );
}

/** The change feed's `limit`: 1 to 500, default 100, given once. */
export function feedLimitParam(query: URLSearchParams): number {
  const values = query.getAll("limit");
  if (values.length === 0) return DEFAULT_LIMIT;
  const raw = values.join(",");
  const expected = `expected an integer from 1 to ${MAX_LIMIT}`;
  if (values.length > 1 || !/^\d{1,7}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIMIT) {
    throw invalidParameter("limit", expected, raw);
  }
  return Number(raw);
}
