/**
 * /api/v1/events/{slug}/changes: an event's change feed (views/event_changes.ts), for a client that polls one
 * URL instead of every resource: what changed since its cursor, and the cursor to ask with next.
 */
import { Hono } from "hono";
import { decodeCursor, type FeedCursor } from "../views/change_cursor.ts";
import { eventChangesView } from "../views/event_changes.ts";
import type { ReadyDeps } from "../http/deps.ts";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { DEFAULT_LIMIT, MAX_LIMIT, slugParam } from "./params.ts";
import { HttpError, invalidParameter, notFound, quoted } from "../http/problem.ts";
import { serve } from "./respond.ts";

/**
 * The `since` cursor of the feed, given once; null when absent (from the start of the event's feed).
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

/** The feed's `limit`: 1 to 500, default 100, given once. */
function limitParam(query: URLSearchParams): number {
  const values = query.getAll("limit");
  if (values.length === 0) return DEFAULT_LIMIT;
  const raw = values.join(",");
  const expected = `expected an integer from 1 to ${MAX_LIMIT}`;
  if (values.length > 1 || !/^\d{1,7}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIMIT) {
    throw invalidParameter("limit", expected, raw);
  }
  return Number(raw);
}

/** A 400 for a cursor this event's feed cannot resume from: start again from the event. */
function staleCursor(slug: string, why: "foreign" | "too-old"): HttpError {
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

/** Builds the sub-app of the feed, mounted at /events beside api/events.ts. */
export function changesApi(deps: ReadyDeps): Hono<AnswerEnv> {
  const app = new Hono<AnswerEnv>();
  app.get("/:slug/changes", (c) => {
    const slug = slugParam(c.req.param("slug"));
    const query = new URL(c.req.url).searchParams;
    const since = sinceParam(query);
    const limit = limitParam(query);
    const given = query.get("since");
    return serve(
      c,
      deps,
      `/events/${slug}/changes?${given === null ? "" : `since=${given}&`}limit=${limit}`,
      eventChangesView,
      { slug, since, limit },
      (page) => {
        if ("stale" in page) throw staleCursor(slug, page.stale);
        return { data: page, meta: { limit } };
      },
      () => notFound(`Cannot find a published event with slug ${quoted(slug)}`),
    );
  });
  return app;
}
