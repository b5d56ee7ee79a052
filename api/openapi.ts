/**
 * The OpenAPI 3.1 document of the public API, generated from the zod schemas of api/schemas.ts, served at
 * /api/v1/openapi.json and rendered as the reference page at /api.
 */
import {
  getRefId,
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { CACHE_CONTROL } from "./http_cache.ts";
import { ALLOWED_METHODS, PROBLEM_TYPES, problemType } from "./problem.ts";
import {
  DrawResponseSchema,
  EventMatchesResponseSchema,
  EventPlayersResponseSchema,
  EventResponseSchema,
  EventsResponseSchema,
  MatchesResponseSchema,
  MatchResponseSchema,
  NAMED_SCHEMAS,
  ProblemSchema,
  RankingsResponseSchema,
  StandingsResponseSchema,
} from "../views/schemas.ts";
import { PUBLIC_PATHS } from "./public_paths.ts";
import { CHANGE_SCHEMAS, ChangesResponseSchema } from "../views/change_schemas.ts";
import {
  HeadToHeadResponseSchema,
  PLAYER_SCHEMAS,
  PlayerMatchesResponseSchema,
  PlayerResponseSchema,
} from "../views/player_schemas.ts";
import { TIE_SCHEMAS, TieResponseSchema, TiesResponseSchema } from "../views/tie_schemas.ts";

export { PUBLIC_PATHS };

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

const idParams = (what: string) =>
  z.object({
    id: z.string().openapi({
      format: "uuid",
      description: `Id of the ${what}; anything that is not a UUID is answered with 404`,
    }),
  });

const ok = (description: string, schema: z.ZodType): ResponseConfig => ({
  description,
  headers: okHeaders,
  content: { "application/json": { schema } },
});

/** How the change feed is also a server-sent stream (api/change_stream.ts). */
const CHANGE_STREAM_DOC =
  "Asked with Accept: text/event-stream, the answer is a server-sent event stream of the " +
  "same feed as it grows (docs/api.md, Server-sent changes): a `ready` event whose id is the cursor of now, " +
  "then a `changes` event (data: a page of this answer's data, id: its next cursor) as writes happen, and a " +
  "comment every 15 s. Opened again with Last-Event-ID (or since), it first sends what was missed; a cursor " +
  "it cannot resume from gives a `reset` event (read the resources again). limit does not apply; each " +
  "address may hold a few streams at once (429 beyond).";

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

/** The `{slug}` of an event's paths. */
const slugParams = z.object({
  slug: z.string().openapi({
    description: "The event's slug (letters, digits, _ ~ . -)",
    example: "city-open-2026",
  }),
});

/** The `limit` and `offset` of a paged list (api/params.ts pagingParams) of `what` ("Rows", "Matches"). */
const paging = (what: string) => ({
  limit: z.int().min(1).max(500).default(100).optional().openapi({
    description: `${what} per page, an integer from 1 to 500 (default 100)`,
  }),
  offset: z.int().min(0).max(1_000_000).default(0).optional().openapi({
    description: `${what} to skip, an integer from 0 to 1000000 (default 0)`,
  }),
});

/** The `status` filter of the match lists (api/params.ts statusParam). */
const statusQuery = z.string().optional().openapi({
  description: "Only matches with these statuses: one or more of scheduled, in_progress, completed, " +
    "comma-separated (or the parameter repeated); all when absent",
  example: "in_progress",
});

/** The `player` filter of the event's match list (api/params.ts playerParam). */
const playerQuery = z.string().optional().openapi({
  format: "uuid",
  description:
    "Only the matches of this player (the id of /events/{slug}/players): their singles, and their " +
    "doubles with any partner; given once",
  example: "3f2c1a9e-6b1d-4c2a-9f5e-0d8b7a6c5e4f",
});

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

function build(): Record<string, unknown> {
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

  route(
    "/events",
    "listEvents",
    "List published events",
    "Published events only, latest startDate first, then by name.",
    undefined,
    {
      200: ok("The published events", EventsResponseSchema),
    },
  );
  route(
    "/events/{slug}",
    "getEvent",
    "One event and its categories",
    "A published event and its categories (categories) in their order. categoryCount equals the number of " +
      "subevents. 404 for an unknown slug or an event that is not published.",
    {
      params: slugParams,
    },
    {
      200: ok("The event and its categories", EventResponseSchema),
      404: problem("No published event has this slug"),
    },
  );
  route(
    "/events/{slug}/matches",
    "listEventMatches",
    "The matches of an event, paged",
    "The event's matches whose two sides are known, across its categories (in their order; within a " +
      "category as /subevents/{id}/matches orders them), as the same Match object as /matches/{id}. Filter " +
      "with status: status=in_progress is what is being played now, on every table. Filter with player for " +
      'one player\'s matches, singles and doubles (a "my matches" list; with status=scheduled, what they ' +
      "play next); a player id the event does not know gives an empty list. meta.total counts the whole " +
      "filtered list. 404 for an unknown slug or an event that is not published.",
    {
      params: slugParams,
      query: z.object({ status: statusQuery, player: playerQuery, ...paging("Matches") }),
    },
    {
      200: ok("A page of the event's matches", EventMatchesResponseSchema),
      400: problem("status, player, limit or offset is invalid"),
      404: problem("No published event has this slug"),
    },
  );
  route(
    "/events/{slug}/players",
    "listEventPlayers",
    "The players of an event",
    "Every public player of the event: one with an entry in a group, in a locked knockout draw or in a " +
      "match that is served (an entry not drawn yet, or only in a knockout draw that is still a draft, is not " +
      "public yet). By name, accents and case aside, then by id; each with their public entries in the " +
      "event's category order. An entry's entryId is the homeId/awayId of the player's matches in that " +
      "category; id is the playerId of the rankings and the player filter of /events/{slug}/matches. Paged " +
      "like the rankings; meta.total counts every player. 404 for an unknown slug or an event that is not " +
      "published.",
    {
      params: slugParams,
      query: z.object({ ...paging("Players") }),
    },
    {
      200: ok("A page of the event's players", EventPlayersResponseSchema),
      400: problem("limit or offset is invalid"),
      404: problem("No published event has this slug"),
    },
  );
  route(
    "/events/{slug}/changes",
    "listEventChanges",
    "What changed in an event since a cursor",
    "The event's change feed, to poll one URL instead of every resource: the resources of the event (the " +
      "event, its players' list, each category, each match the API serves) whose answer changed since the " +
      "cursor, each once with its version now and where to fetch it, in the order of their last change, and " +
      "the cursor to ask with next. Without since, every resource of the event is listed (start here). Poll " +
      "with the same since and If-None-Match: with nothing new the answer is a 304. A resource gone has a " +
      "null version. Only public changes appear: a hidden event has no feed (404), and its writes while " +
      "hidden show as changes at its publication. hasMore says to ask again at once with next. A cursor " +
      "from another event's feed, or from before the event was published again, is a 400 (parameter since) " +
      "saying to start again from the event. " + CHANGE_STREAM_DOC,
    {
      params: slugParams,
      query: z.object({
        since: z.string().optional().openapi({
          description: "The next cursor of an earlier answer of this feed; absent to start from the event",
          example: "NmQ4YzI0ZTAtYjM2ZC00ZTk2LWE1YjgtOWM3NjE4NTRjYmVjfDQyfG1hdGNofA",
        }),
        limit: z.int().min(1).max(500).default(100).optional().openapi({
          description: "Changes per page, an integer from 1 to 500 (default 100)",
        }),
      }),
    },
    {
      200: withEventStream(ok("The changes since the cursor", ChangesResponseSchema)),
      400: problem("since or limit is invalid, or since cannot be resumed from (start again from the event)"),
      429: problem(
        "A change stream beyond the client's limit of open streams (Retry-After says when to retry)",
      ),
      404: problem("No published event has this slug"),
    },
  );
  const playerDoc =
    "A player is one person across the events of this server: a player the event files name by " +
    "federation id has one id in every event; one without a federation id is a player of one event. Public " +
    "once they have a public entry in a published event (as on /events/{slug}/players); only published " +
    "events' matches and ratings are shown, never a hidden event's. 404 for an id no such player has.";
  route(
    "/players/{id}",
    "getPlayer",
    "A player across events",
    "Name, association, the current Glicko-2 rating with its deviation and leaderboard rank, the rating after " +
      "each rated match (oldest first, a chart's points) and the published events the player plays in. " +
      playerDoc,
    { params: idParams("player") },
    {
      200: ok("The player", PlayerResponseSchema),
      404: problem("No player of a published event has this id"),
    },
  );
  route(
    "/players/{id}/matches",
    "listPlayerMatches",
    "A player's matches across events, paged",
    "The player's matches whose two sides are known across published events, newest first (by when the " +
      "match ended, else began, else is scheduled), as the same Match object as /matches/{id} with its event " +
      "and category. Filter with event (a slug: an event that is not published gives an empty list) and with " +
      "opponent (a player id: the matches against them, singles and doubles). meta.total counts the whole " +
      "filtered list. " + playerDoc,
    {
      params: idParams("player"),
      query: z.object({
        event: z.string().optional().openapi({ description: "Only this event's matches (its slug)" }),
        opponent: z.string().optional().openapi({
          format: "uuid",
          description: "Only the matches against this player (a player id), given once",
        }),
        ...paging("Matches"),
      }),
    },
    {
      200: ok("A page of the player's matches", PlayerMatchesResponseSchema),
      400: problem("event, opponent, limit or offset is invalid"),
      404: problem("No player of a published event has this id"),
    },
  );
  route(
    "/players/{id}/head-to-head/{otherId}",
    "getHeadToHead",
    "Two players against each other",
    "Their matches against each other across published events (newest first), the decided ones' wins, games " +
      "and points of each, and the prediction of their next meeting (best of 5) from the current ratings, " +
      "with its 90% interval and confidence label (show words, not the number, when it is insufficient). " +
      playerDoc,
    {
      params: z.object({
        id: z.string().openapi({ format: "uuid", description: "Id of the first player" }),
        otherId: z.string().openapi({ format: "uuid", description: "Id of the other player" }),
      }),
    },
    {
      200: ok("The head-to-head", HeadToHeadResponseSchema),
      404: problem("Either id is no player of a published event, or both are the same"),
    },
  );
  route(
    "/subevents/{id}/draw",
    "getDraw",
    "The knockout draw of a category",
    "The bracket by rounds: every first-round slot (entry, bye, group qualifier or open), every position of " +
      "every round with the match and its result once both sides are known, and round labels. draw is null " +
      "until the category has a published, locked knockout draw.",
    { params: idParams("category") },
    {
      200: ok("The draw, or null", DrawResponseSchema),
      404: problem("No category of a published event has this id"),
    },
  );
  route(
    "/subevents/{id}/standings",
    "getStandings",
    "Group standings of a category",
    "One item per group, computed on each read from the stored matches by ITTF Statutes 3.7.5 (match points; " +
      "then match points, games ratio and points ratio among the players level; then lot). decidedBy says " +
      "which step fixed each place. Empty for a category without groups.",
    { params: idParams("category") },
    {
      200: ok("The standings", StandingsResponseSchema),
      404: problem("No category of a published event has this id"),
    },
  );
  route(
    "/subevents/{id}/matches",
    "listMatches",
    "The matches of a category",
    "Every match whose two sides are known, as the same Match object as /matches/{id}: group stage first, " +
      "then by round and position. Open positions and byes appear in the draw only. Knockout matches of a " +
      "draft draw are not served. Filter with status (status=in_progress,scheduled: what is on and what is " +
      "next).",
    { params: idParams("category"), query: z.object({ status: statusQuery }) },
    {
      200: ok("The matches", MatchesResponseSchema),
      400: problem("status is invalid"),
      404: problem("No category of a published event has this id"),
    },
  );
  route(
    "/matches/{id}",
    "getMatch",
    "One match, live",
    "The match, its live block (for scoreboards) and its frozen pre-match prediction (null when none). " +
      "Poll it with If-None-Match: an unchanged match costs a 304.",
    { params: idParams("match") },
    {
      200: ok("The match", MatchResponseSchema),
      404: problem("No public match with both sides known has this id"),
    },
  );
  route(
    "/rankings",
    "listRankings",
    "The public rating leaderboard",
    "Players with an entry in a published event and a rating, by rating (descending) then playerId. rank " +
      "counts from 1 over the whole leaderboard; meta.total is its length.",
    {
      query: z.object(paging("Rows")),
    },
    {
      200: ok("A page of the leaderboard", RankingsResponseSchema),
      400: problem("limit or offset is invalid"),
    },
  );
  route(
    "/ties/{id}",
    "getTie",
    "One tie of a team event",
    "A tie (docs/teams.md): the two teams and their players, the line-ups once published, every match of the " +
      'format in order of play with its status ("not_needed" once the tie was decided before it) and, once ' +
      "made, the match itself, the tie score, whether it is decided and the winning team. Its id is the id of " +
      "the group or knockout match between the teams in the category's matches. 404 for an unknown id or a " +
      "tie that is not public.",
    { params: idParams("tie") },
    {
      200: ok("The tie", TieResponseSchema),
      404: problem("No public tie has this id"),
    },
  );
  route(
    "/subevents/{id}/ties",
    "listTies",
    "The ties of a team category",
    "Every tie of a team category whose two teams are known, as /ties/{id} answers each: groups first, then " +
      "by round and position. Empty for a category that is not a team category.",
    { params: idParams("category") },
    {
      200: ok("The ties", TiesResponseSchema),
      404: problem("No category of a published event has this id"),
    },
  );
  route(
    "/openapi.json",
    "getOpenApi",
    "This document",
    "The OpenAPI 3.1 description of the API (not wrapped in the envelope).",
    undefined,
    {
      200: {
        description: "The OpenAPI document",
        headers: okHeaders,
        content: { "application/json": { schema: { type: "object" } } },
      },
    },
  );

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

let cached: { doc: Record<string, unknown>; json: string } | undefined;

function built(): { doc: Record<string, unknown>; json: string } {
  if (cached === undefined) {
    const doc = build();
    cached = { doc, json: JSON.stringify(doc) };
  }
  return cached;
}

/** The OpenAPI document (built once per process). */
export function openApiDocument(): Record<string, unknown> {
  return built().doc;
}

/** The OpenAPI document as JSON text (serialised once per process). */
export function openApiJson(): string {
  return built().json;
}
