/**
 * The OpenAPI 3.1 document of the public API, made from the route table (api/routes.ts) and the zod schemas of
 * views/schemas.ts, served at /api/v1/openapi.json and rendered as the reference page at /api.
 */
import {
  getRefId,
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { CACHE_CONTROL } from "../http/http_cache.ts";
import { ALLOWED_METHODS, PROBLEM_TYPES, problemType } from "../http/problem.ts";
import * as shapes from "../views/schemas.ts";
import { NAMED_SCHEMAS, ProblemSchema } from "../views/schemas.ts";
import * as changeShapes from "../views/change_schemas.ts";
import { CHANGE_SCHEMAS } from "../views/change_schemas.ts";
import * as playerShapes from "../views/player_schemas.ts";
import { PLAYER_SCHEMAS } from "../views/player_schemas.ts";
import * as tieShapes from "../views/tie_schemas.ts";
import { TIE_SCHEMAS } from "../views/tie_schemas.ts";
import type { ParamDoc, PublicRoute } from "./route.ts";

const DESCRIPTION = `
Free, read-only JSON API of the tournament data service: published events, their categories (categories),
knockout draws, group standings, matches with live scores, pre-match predictions and the public rating
leaderboard. No key, no cookie: any site may call it (\`Access-Control-Allow-Origin: *\`).

Every JSON response is an envelope \`{"data": ..., "meta": {"generatedAt": "2026-11-28T14:05:09.123Z"}}\`.
Only published events are served; drafts, e-mail addresses, birth dates and account data never are.

Caching: every response carries \`Cache-Control: ${CACHE_CONTROL}\`, except a 503 (\`no-store\`: an outage
must not outlive itself in a cache; its \`Retry-After\` is readable cross-origin). A 200 carries a weak \`ETag\` derived from
the data revision; send it back in \`If-None-Match\` to get a \`304 Not Modified\` when nothing changed. Poll no
faster than the data changes (about once a second for a live score, at most).

In a browser, let the browser's HTTP cache send \`If-None-Match\`: \`fetch(url, { cache: "no-cache" })\`
revalidates the answer it kept with its ETag on every poll, by itself. Do not set \`If-None-Match\` by hand:
it is not a CORS-safelisted header, so from another site every such request needs a CORS preflight (an
\`OPTIONS\` round trip) first, again whenever the browser's preflight cache lets it go (each URL has its own).

Query parameters are those each endpoint lists; any other (a typo such as \`?page=2\` where a list takes
\`limit\` and \`offset\`) is a 400 naming it, never silently ignored.

Rate limits: a server may limit the requests of each client address (a public deployment does by default). It
then says so on every answer with the IETF fields of draft-ietf-httpapi-ratelimit-headers:
\`RateLimit-Policy: "default";q=3000;w=60\` (requests per window of seconds) and
\`RateLimit: "default";r=2999;t=42\` (requests left, seconds until the window ends); an unchanged answer (304)
counts a quarter of a request. Past the limit the answer is \`429\` with \`Retry-After\`. Both fields and
\`Retry-After\` are readable cross-origin (\`Access-Control-Expose-Headers\`).

Bodies over 1 KiB are sent compressed (\`br\` or \`gzip\`) when \`Accept-Encoding\` allows it
(\`Vary: Accept-Encoding\`). \`HEAD\` is answered like \`GET\` without a body; \`OPTIONS\` (CORS preflight) with
204 and \`Access-Control-Allow-Methods: ${ALLOWED_METHODS}\`; any other method with 405 and \`Allow\`.

Errors are \`application/problem+json\` (RFC 9457) with \`type\`, \`title\`, \`status\`, \`detail\` and
\`instance\`, never HTML and never a stack trace:

${PROBLEM_TYPES.map((p) => `- \`${problemType(p.code)}\` (${p.status}): ${p.when}.`).join("\n")}

Version 1 lives under \`/api/v1\`; breaking changes come under a new prefix, never silently within v1. Fields
may be added.
`.trim();

const headers = {
  "Cache-Control": { description: CACHE_CONTROL, schema: { type: "string" as const } },
  "Access-Control-Allow-Origin": { description: "*", schema: { type: "string" as const } },
  "Vary": { description: "Accept-Encoding", schema: { type: "string" as const } },
  "RateLimit-Policy": {
    description:
      'Where the server limits request rates: the limit per client address, e.g. "default";q=3000;w=60 ' +
      "(requests, seconds; draft-ietf-httpapi-ratelimit-headers)",
    schema: { type: "string" as const },
  },
  "RateLimit": {
    description:
      'Where the server limits request rates: what is left, e.g. "default";r=2999;t=42 (requests left, ' +
      "seconds until the window ends)",
    schema: { type: "string" as const },
  },
};
const okHeaders = {
  ...headers,
  "ETag": {
    description: 'Weak ETag of the data revision, e.g. W/"r42-1a2b3c4d"',
    schema: { type: "string" as const },
  },
};

const problem = (description: string): ResponseConfig => ({
  description,
  headers,
  content: { "application/problem+json": { schema: ProblemSchema } },
});

/** What any request may be answered with, whatever the operation: the app's guards and failures. */
const MALFORMED =
  "the request is malformed (a NUL character in the path or query, a Host header that is not a " +
  "host, a body cut short: invalid-request, invalid-host, incomplete-body)";
const common: Record<string, ResponseConfig> = {
  304: { description: "Not modified: the If-None-Match ETag is current (no body)", headers: okHeaders },
  400: problem(MALFORMED[0]!.toUpperCase() + MALFORMED.slice(1)),
  405: problem("Method not allowed (the API is read-only); the Allow header lists GET, HEAD, OPTIONS"),
  413: problem("The request has a body larger than 1 MiB (the API reads none)"),
  414: problem("The path and query are longer than 2,048 characters"),
  500: problem("The server failed"),
  429: {
    ...problem(
      "Too many requests from this client address for the RateLimit-Policy (a 304 counts a quarter); " +
        "Retry-After says when its window ends",
    ),
    headers: {
      ...headers,
      "Retry-After": { description: "Seconds to wait", schema: { type: "string" as const } },
    },
  },
  503: {
    ...problem("The data store does not answer; Retry-After says when to try again"),
    headers: {
      ...headers,
      "Cache-Control": {
        description: "no-store (no cache keeps an outage)",
        schema: { type: "string" as const },
      },
      "Retry-After": { description: "Seconds to wait", schema: { type: "string" as const } },
    },
  },
};

/** Some of the answers any request may get. */
function pick(responses: Record<string, ResponseConfig>, statuses: readonly string[]) {
  return Object.fromEntries(statuses.map((status) => [status, responses[status]!]));
}

/** The operation's own answers over the common ones; its own 400 also names the malformed requests. */
function withCommon(responses: Record<string, ResponseConfig>): Record<string, ResponseConfig> {
  const own400 = responses[400];
  return {
    ...common,
    ...responses,
    ...(own400 ? { 400: { ...own400, description: `${own400.description}; or ${MALFORMED}` } } : {}),
  };
}

const ok = (description: string, schema: z.ZodType): ResponseConfig => ({
  description,
  headers: okHeaders,
  content: { "application/json": { schema } },
});

/** A parameter's schema, from its declaration (api/route_params.ts). */
function paramSchema({ format, description, example, integer }: ParamDoc): z.ZodType {
  const meta = { ...(format ? { format } : {}), description, ...(example ? { example } : {}) };
  return integer
    ? z.int().min(integer.min).max(integer.max).default(integer.default).optional().openapi(meta)
    : z.string().openapi(meta);
}

/** The path and query parameters of a route, as the document's request. */
function requestOf(route: PublicRoute): { params?: z.ZodObject; query?: z.ZodObject } | undefined {
  const params = Object.entries(route.params);
  const query = Object.entries(route.query);
  const request = {
    ...(params.length
      ? { params: z.object(Object.fromEntries(params.map(([n, p]) => [n, paramSchema(p.doc)]))) }
      : {}),
    ...(query.length
      ? {
        query: z.object(Object.fromEntries(query.map(([n, p]) => {
          const schema = paramSchema(p.doc);
          return [n, p.doc.integer ? schema : (schema as z.ZodString).optional()];
        }))),
      }
      : {}),
  };
  return params.length || query.length ? request : undefined;
}

/** The schemas a 200 can name (api/route.ts ResponseSchemaName). */
const RESPONSE_SCHEMAS = { ...shapes, ...changeShapes, ...playerShapes, ...tieShapes } as Record<
  string,
  unknown
> as Record<
  string,
  z.ZodType
>;

/** A route's own answers: its 200 and its 400 and 404 when it has them. */
/** The 200 of the change feed, also as a server-sent event stream. */
const withEventStream = (res: ResponseConfig): ResponseConfig => ({
  ...res,
  content: {
    ...res.content,
    "text/event-stream": {
      schema: z.string().openapi({
        description:
          "Server-sent events: `ready`, `changes` (data: {changes, next, hasMore}), `reset`, `gone`",
        example: 'id: NmQ4...\nevent: changes\ndata: {"changes":[...],"next":"NmQ4...","hasMore":false}\n\n',
      }),
    },
  },
});

function responsesOf({ doc }: PublicRoute): Record<string, ResponseConfig> {
  const [description, schema] = doc.ok;
  const answer: ResponseConfig = schema === "object"
    ? { description, headers: okHeaders, content: { "application/json": { schema: { type: "object" } } } }
    : ok(description, RESPONSE_SCHEMAS[schema]!);
  return {
    200: doc.eventStream ? withEventStream(answer) : answer,
    ...(doc.errors?.[400] ? { 400: problem(doc.errors[400]) } : {}),
    ...(doc.errors?.[404] ? { 404: problem(doc.errors[404]) } : {}),
    ...(doc.errors?.[429] ? { 429: problem(doc.errors[429]) } : {}),
  };
}

/** The `If-None-Match` header of every GET: the ETag of the answer the client has. */
const conditional = z.object({
  "If-None-Match": z.string().optional().openapi({
    description:
      "The ETag of the answer the client has (weak comparison; lists and * accepted): 304 without " +
      "a body when it is still current. In a browser, let the HTTP cache send it (a hand-set one costs a CORS " +
      "preflight)",
    example: 'W/"r42-1a2b3c4d"',
  }),
});

function build(routes: readonly PublicRoute[]): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  // Every named schema first, each after its parts, as declared: otherwise zod-to-openapi makes the first use it
  // meets the component, with the description of that use's field (Score took gamesWon's "Games won by each
  // side", which every other field of that shape then showed).
  for (const schema of NAMED_SCHEMAS) registry.register(getRefId(schema)!, schema);
  for (const schema of CHANGE_SCHEMAS) registry.register(getRefId(schema)!, schema);
  for (const schema of PLAYER_SCHEMAS) registry.register(getRefId(schema)!, schema);
  for (const schema of TIE_SCHEMAS) registry.register(getRefId(schema)!, schema);
  const route = (
    path: string,
    operationId: string,
    summary: string,
    description: string,
    request: { params?: z.ZodObject; query?: z.ZodObject } | undefined,
    responses: Record<string, ResponseConfig>,
  ) => {
    registry.registerPath({
      method: "get",
      path,
      operationId,
      summary,
      description,
      request: { ...request, headers: conditional },
      responses: withCommon(responses),
    });
    registry.registerPath({
      method: "options",
      path,
      operationId: `${operationId}Options`,
      summary: "CORS preflight",
      description: `Answered with 204, Access-Control-Allow-Methods: ${ALLOWED_METHODS}`,
      request: request?.params ? { params: request.params } : undefined,
      responses: {
        204: { description: "Preflight answer (no body)", headers },
        ...pick(common, ["400", "414", "429", "500", "503"]),
      },
    });
  };

  for (const r of routes) {
    const { operationId, summary, description } = r.doc;
    route(r.path.replace(/:(\w+)/g, "{$1}"), operationId, summary, description, requestOf(r), responsesOf(r));
  }

  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Tournament data: public API",
      version: "1.0.0",
      description: DESCRIPTION,
      license: { name: "Free to use", url: "/api#licence" },
    },
    servers: [{ url: "/api/v1", description: "This server" }],
    // No key, no cookie, no credential of any kind.
    security: [],
  }) as unknown as Record<string, unknown>;
}

let cached: { routes: readonly PublicRoute[]; doc: Record<string, unknown>; json: string } | undefined;

function built(routes: readonly PublicRoute[]): { doc: Record<string, unknown>; json: string } {
  if (cached?.routes !== routes) {
    const doc = build(routes);
    cached = { routes, doc, json: JSON.stringify(doc) };
  }
  return cached;
}

/** The OpenAPI document of `routes` (api/routes.ts), built once per process. */
export function openApiDocument(routes: readonly PublicRoute[]): Record<string, unknown> {
  return built(routes).doc;
}

/** The OpenAPI document of `routes` as JSON text, serialised once per process. */
export function openApiJson(routes: readonly PublicRoute[]): string {
  return built(routes).json;
}
