/**
 * Server-sent change streams (docs/api.md "Server-sent changes"), both sent by the one hub
 * (views/change_stream_hub.ts):
 * - `GET /api/v1/events/{slug}/changes` with `Accept: text/event-stream`: the event's change feed as it grows,
 *   for bots, resuming from `Last-Event-ID` (or `since`, for clients that cannot set headers);
 * - `GET /live/changes?watch=<the page's data-watch>`: the same stream for a live page, found from what the page
 *   watches (pages/client/push_stream.ts listens to it, and polls when it cannot).
 * Limits per client address and in all answer 429 (problem JSON) beyond.
 */
import { type Context, Hono } from "hono";
import { publishedEventSlugOf, type WatchedResource } from "../db/read_watch_event.ts";
import { encodeCursor } from "../views/change_cursor.ts";
import type { ChangeStreamHub } from "../views/change_stream_hub.ts";
import type { ClientEnv } from "../http/client_address.ts";
import type { ReadyDeps } from "../http/deps.ts";
import { knownParameters, slugParam } from "./params.ts";
import { HttpError, invalidParameter, notFound, problemResponse, quoted } from "../http/problem.ts";
import { requestTarget } from "../http/limits.ts";
import { sinceParam } from "./params.ts";
import { viewDeps } from "../http/deps.ts";

/** The media type of a server-sent event stream. */
export const EVENT_STREAM = "text/event-stream";

/** Whether a request asks for a server-sent event stream (main's handler then never answers it from its cache). */
export function wantsEventStream(req: Request): boolean {
  // On every GET of the hot path: no URL parsed.
  return req.headers.get("accept")?.includes(EVENT_STREAM) === true || req.url.includes(LIVE_PATH);
}

/** The path of the live pages' stream. */
export const LIVE_PATH = "/live/changes";

const STREAM_HEADERS = {
  "Content-Type": `${EVENT_STREAM}; charset=utf-8`,
  // Every stream is its own: no cache or proxy may keep or buffer it.
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
  "Access-Control-Allow-Origin": "*",
  "X-Content-Type-Options": "nosniff",
};

/** What a watched API URL names, when it belongs to an event (a player's does not). */
function watchedResource(url: string): { slug: string } | WatchedResource | null {
  const m = /^\/api\/v1\/(events|matches|ties|subevents)\/([^/?]+)/.exec(url);
  if (!m) return null;
  const id = decodeURIComponent(m[2]!);
  if (m[1] === "events") return { slug: id };
  return { kind: m[1] === "subevents" ? "category" : "match", id: id.toLowerCase() };
}

/** Builds the routes of both streams; mounted by main.ts before the API, whose JSON answers they leave alone. */
export function changeStreams(deps: ReadyDeps & { readonly streams: ChangeStreamHub }): Hono<ClientEnv> {
  const app = new Hono<ClientEnv>();
  const hub = deps.streams;
  const fail = (c: Context, e: unknown) => problemResponse(e, requestTarget(c.req.url), deps.log);

  const open = async (c: Context<ClientEnv>, slug: string, from: string | null) => {
    const client = c.var.client;
    const refused = hub.refusal(client);
    if (refused) {
      const limit = refused === "total" ? hub.options.total : hub.options.perClient;
      throw new HttpError(
        429,
        "too-many-requests",
        refused === "total"
          ? `Cannot open another change stream: the server holds its most (${limit}); poll the feed instead`
          : `Cannot open another change stream: this address holds ${limit} already; close one first`,
        { headers: { "Retry-After": "10" } },
      );
    }
    const stream = await hub.connect(slug, client, from);
    if (!stream) throw notFound(`Cannot find a published event with slug ${quoted(slug)}`);
    return new Response(stream, { headers: STREAM_HEADERS });
  };

  app.get("/api/v1/events/:slug/changes", async (c, next) => {
    if (!c.req.header("Accept")?.includes(EVENT_STREAM)) return next();
    try {
      const slug = slugParam(c.req.param("slug"));
      knownParameters(c.req.url, ["since"]);
      const query = new URL(c.req.url).searchParams;
      // A cursor given by the query is checked as the feed's; Last-Event-ID (sent by EventSource when it
      // reconnects) wins over it.
      const since = sinceParam(query);
      const from = c.req.header("Last-Event-ID") ?? (since ? encodeCursor(since) : null);
      return await open(c, slug, from);
    } catch (e) {
      return fail(c, e);
    }
  });

  app.get(LIVE_PATH, async (c) => {
    try {
      knownParameters(c.req.url, ["watch", "since"]);
      const watch = c.req.query("watch") ?? "";
      const named = watch.split(" ").map(watchedResource).find((r) => r !== null);
      if (!named) throw invalidParameter("watch", "expected the API paths a live page watches", watch);
      const slug = "slug" in named ? named.slug : await publishedEventSlugOf(viewDeps(deps).db, named);
      if (slug === null) throw notFound(`Cannot find a published event of ${quoted(watch)}`);
      return await open(c, slug, c.req.header("Last-Event-ID") ?? c.req.query("since") ?? null);
    } catch (e) {
      return fail(c, e);
    }
  });
  return app;
}
