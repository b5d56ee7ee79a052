/**
 * The public read-only API, mounted at /api/v1: the routes of the table (api/routes.ts), and what every response shares
 * (Cache-Control, CORS, Vary, compression, problem details for errors, OPTIONS, 405 and 404).
 */
import { type Context, Hono } from "hono";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { compressResponse } from "../http/compression.ts";
import type { ReadyDeps } from "../http/deps.ts";
import { SHARED_API_HEADERS } from "../http/http_cache.ts";
import { requestLog } from "../http/outage_guard.ts";
import { ALLOWED_METHODS, methodNotAllowed, notFound, problemResponse, quoted } from "../http/problem.ts";
import { requestTarget } from "../http/limits.ts";
import { mountRoutes } from "./route.ts";
import { PUBLIC_ROUTES } from "./routes.ts";
import { PUBLIC_PATHS } from "./public_paths.ts";

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

  // Each route of the table, behind the check of its query parameters.
  mountRoutes(app, PUBLIC_ROUTES, deps);

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
