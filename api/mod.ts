/**
 * The public read-only API, mounted at /api/v1: one sub-app per resource, and what every response shares
 * (Cache-Control, CORS, Vary, compression, problem details for errors, OPTIONS, 405 and 404).
 */
import { type Context, Hono } from "hono";
import { changesApi } from "./changes.ts";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { compressResponse } from "../http/compression.ts";
import type { ReadyDeps } from "../http/deps.ts";
import { eventsApi } from "./events.ts";
import { fingerprint, ifNoneMatchHits, SHARED_API_HEADERS } from "../http/http_cache.ts";
import { matchesApi } from "./matches.ts";
import { requestLog } from "../http/outage_guard.ts";
import { PUBLIC_PATHS, QUERY_PARAMETERS } from "./public_paths.ts";
import { knownParameters } from "./params.ts";
import { ALLOWED_METHODS, methodNotAllowed, notFound, problemResponse, quoted } from "../http/problem.ts";
import { playersApi } from "./players.ts";
import { rankingsApi } from "./rankings.ts";
import { requestTarget } from "../http/limits.ts";
import { JSON_TYPE } from "./respond.ts";
import { categoriesApi } from "./categories.ts";
import { categoryTiesApi, tiesApi } from "./ties.ts";

/**
 * The path and query of a request as sent, for problem `instance`s: what the router matched (a URL object would
 * resolve dot segments, naming a resource other than the one that was not found).
 */
function instanceOf(c: Context): string {
  return requestTarget(c.req.url);
}

/** Sets what every /api/v1 response carries, errors and 304s included. */
function shareHeaders(res: Response): void {
  for (const [name, value] of Object.entries(SHARED_API_HEADERS)) res.headers.set(name, value);
}

let openApi: Promise<{ json: string; etag: string }> | undefined;

/**
 * The OpenAPI document and its ETag, built at its first request: its schemas (zod-to-openapi) cost ~10 MB of
 * memory that a venue server polled by overlays never needs otherwise.
 */
function openApiAnswer(): Promise<{ json: string; etag: string }> {
  openApi ??= import("./openapi.ts").then(({ openApiJson }) => {
    const json = openApiJson();
    return { json, etag: `W/"openapi-${fingerprint(json)}"` };
  });
  return openApi;
}

/** Builds the /api/v1 sub-app. */
export function publicApi(deps: ReadyDeps): Hono<AnswerEnv> {
  const app = new Hono<AnswerEnv>();

  app.use("*", async (c, next) => {
    await next();
    // HEAD is compressed too, so that its headers are those of the GET (Content-Encoding included).
    // An answer of respond() is already in the client's coding (and must keep its body of bytes: see
    // compressResponse); anything else is compressed here.
    const facts = c.get("answer");
    let res = facts?.bytes !== undefined
      ? c.res
      : await compressResponse(c.res, c.req.header("Accept-Encoding"));
    shareHeaders(res);
    // Served from main's handler: keep the answer for the next request of the same URL at the same generation
    // (respond() kept its own answers already).
    const generation = c.req.method === "GET" && facts === undefined ? c.var.generation : undefined;
    if (generation !== undefined) res = await deps.answers.rememberApi(c.req.raw, generation, res);
    // Cleared first: assigning over a response would copy the old response's headers onto the new one.
    c.res = undefined;
    c.res = res;
  });

  app.onError((error, c) => problemResponse(error, instanceOf(c), requestLog(c, deps.log)));

  // Before any resource's handler: a query parameter the endpoint does not take is a 400 naming it.
  for (const path of PUBLIC_PATHS) {
    const known = QUERY_PARAMETERS[path];
    app.get(path, async (c, next) => {
      knownParameters(c.req.url, known);
      await next();
    });
  }

  app.route("/events", eventsApi(deps));
  app.route("/events", changesApi(deps));
  app.route("/players", playersApi(deps));
  app.route("/subevents", categoriesApi(deps));
  app.route("/matches", matchesApi(deps));
  app.route("/rankings", rankingsApi(deps));
  app.route("/ties", tiesApi(deps));
  app.route("/subevents", categoryTiesApi(deps));

  app.get("/openapi.json", async (c) => {
    const { json, etag } = await openApiAnswer();
    if (ifNoneMatchHits(c.req.header("If-None-Match"), etag)) {
      return new Response(null, { status: 304, headers: { ETag: etag } });
    }
    return new Response(json, { headers: { "Content-Type": JSON_TYPE, ETag: etag } });
  });

  for (const path of PUBLIC_PATHS) {
    app.options(path, () =>
      new Response(null, {
        status: 204,
        headers: {
          "Allow": ALLOWED_METHODS,
          "Access-Control-Allow-Methods": ALLOWED_METHODS,
          "Access-Control-Allow-Headers": "Accept, Accept-Encoding, If-None-Match, Cache-Control",
          "Access-Control-Max-Age": "86400",
        },
      }));
    app.all(path, (c) => {
      throw methodNotAllowed(c.req.method, new URL(c.req.url).pathname);
    });
  }

  app.all("*", (c) => {
    const path = c.req.path;
    throw notFound(
      `Cannot find ${quoted(path)}: no such resource (the API is described at /api/v1/openapi.json)`,
    );
  });

  return app;
}
