/**
 * The public routes of /api/v1, each declared once: its path and query parameters, the view that answers it,
 * the part of the view's data the answer holds, and its OpenAPI description. The router (api/mod.ts), the check
 * of query parameters, the cache keys (api/route.ts), api/public_paths.ts and the OpenAPI document
 * (api/openapi.ts) are all made from this table, in its order (the document's).
 */
import { CategoryMatchLists } from "../views/category_matches.ts";
import { categoryView } from "../views/category.ts";
import { eventChangesView } from "../views/event_changes.ts";
import { eventView } from "../views/event.ts";
import { eventMatchesView } from "../views/event_matches.ts";
import { eventPlayersView } from "../views/event_players.ts";
import { eventsView } from "../views/events.ts";
import { matchView } from "../views/match.ts";
import { headToHeadView, playerMatchesView, playerProfileView } from "../views/player_profile.ts";
import { rankingsView } from "../views/rankings.ts";
import { serializeEventPlayer } from "../views/serialize.ts";
import { categoryTiesView, tieView } from "../views/tie.ts";
import type { Payload, RawPayload } from "../views/payload.ts";
import type { View } from "../views/view.ts";
import { fingerprint, ifNoneMatchHits } from "../http/http_cache.ts";
import { staleCursor } from "./params.ts";
import { notFound, quoted } from "../http/problem.ts";
import { JSON_TYPE } from "../http/respond.ts";
import { type PublicRoute, viewRoute } from "./route.ts";
import { prose } from "../lib/prose.ts";
import {
  event,
  feedLimit,
  idOf,
  opponent,
  paging,
  player,
  playerId,
  since,
  slug,
  status,
} from "./route_params.ts";

const noEvent = (p: { slug: string }) => `Cannot find a published event with slug ${quoted(p.slug)}`;
const noCategory = (p: { id: string }) =>
  `Cannot find a category with id ${quoted(p.id)} in a published event`;
const noPlayer = (p: { id: string }) =>
  `Cannot find a player ${quoted(p.id)}: no player of a published event has this id`;
const category = idOf("a category", "category");
/** A route answered with a part of a whole category (views/category.ts). */
const wholeCategory = {
  params: { id: category },
  view: categoryView,
  input: (p: { id: string }) => p.id,
  missing: noCategory,
};

const playerDoc = prose`
  A player is one person across the events of this server: a player the event files name by federation id has
  one id in every event; one without a federation id is a player of one event. Public once they have a public
  entry in a published event (as on /events/{slug}/players); only published events' matches and ratings are
  shown, never a hidden event's. 404 for an id no such player has.
`;

/**
 * A category's matches: the whole list laid out again from its last answer's bytes (views/category_matches.ts),
 * or the list filtered by status.
 */
function categoryMatches(): View<{ id: string; status: readonly string[] | null }, RawPayload | Payload> {
  const lists = new CategoryMatchLists();
  return {
    version: (vd, p) => categoryView.version(vd, p.id),
    load: async (vd, { id, status }) => {
      if (!status) return await lists.load(vd, id);
      const found = await categoryView.load(vd, id);
      return found && { data: { matches: found.category.matches.filter((m) => status.includes(m.status)) } };
    },
  };
}

let openApi: Promise<{ json: string; etag: string }> | undefined;

/**
 * The OpenAPI document and its ETag, built at its first request: its schemas (zod-to-openapi) cost memory that
 * a venue server polled by overlays never needs otherwise (docs/benchmarks.md, "Measured for the code").
 */
function openApiAnswer(): Promise<{ json: string; etag: string }> {
  openApi ??= import("./openapi.ts").then(({ openApiJson }) => {
    const json = openApiJson(PUBLIC_ROUTES);
    return { json, etag: `W/"openapi-${fingerprint(json)}"` };
  });
  return openApi;
}

/** The public routes, in the OpenAPI document's order. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  viewRoute({
    path: "/events",
    view: eventsView,
    input: () => undefined,
    answer: (events) => ({ data: { events } }),
    missing: () => "",
    doc: {
      operationId: "listEvents",
      summary: "List published events",
      description: "Published events only, latest startDate first, then by name.",
      ok: ["The published events", "EventsResponseSchema"],
    },
  }),
  viewRoute({
    path: "/events/:slug",
    params: { slug },
    view: eventView,
    input: (p) => p.slug,
    answer: (e) => ({
      data: { event: e.event, subevents: e.categories, ...(e.relay ? { relay: e.relay } : {}) },
    }),
    missing: noEvent,
    doc: {
      operationId: "getEvent",
      summary: "One event and its categories",
      description: prose`
        A published event and its categories (categories) in their order. categoryCount equals the number of
        subevents. 404 for an unknown slug or an event that is not published.
      `,
      ok: ["The event and its categories", "EventResponseSchema"],
      errors: { 404: "No published event has this slug" },
    },
  }),
  viewRoute({
    path: "/events/:slug/matches",
    params: { slug },
    query: { status, player, ...paging("Matches") },
    view: eventMatchesView,
    input: (p) => ({ slug: p.slug, statuses: p.status, player: p.player, limit: p.limit, offset: p.offset }),
    answer: (page, { limit, offset }) => ({
      data: { matches: page.matches },
      meta: { total: page.total, limit, offset },
    }),
    missing: noEvent,
    doc: {
      operationId: "listEventMatches",
      summary: "The matches of an event, paged",
      description: prose`
        The event's matches whose two sides are known, across its categories (in their order; within a category
        as /subevents/{id}/matches orders them), as the same Match object as /matches/{id}. Filter with status:
        status=in_progress is what is being played now, on every table. Filter with player for one player's
        matches, singles and doubles (a "my matches" list; with status=scheduled, what they play next); a player
        id the event does not know gives an empty list. meta.total counts the whole filtered list. 404 for an
        unknown slug or an event that is not published.
      `,
      ok: ["A page of the event's matches", "EventMatchesResponseSchema"],
      errors: { 400: "status, player, limit or offset is invalid", 404: "No published event has this slug" },
    },
  }),
  viewRoute({
    path: "/events/:slug/players",
    params: { slug },
    query: paging("Players"),
    view: eventPlayersView,
    input: (p) => p.slug,
    // Read whole and cut: sorted by name with Intl.Collator, which SQL cannot do the same way on both stores.
    answer: ({ players }, { limit, offset }) => ({
      data: { players: players.slice(offset, offset + limit).map(serializeEventPlayer) },
      meta: { total: players.length, limit, offset },
    }),
    missing: noEvent,
    doc: {
      operationId: "listEventPlayers",
      summary: "The players of an event",
      description: prose`
        Every public player of the event: one with an entry in a group, in a locked knockout draw or in a match
        that is served (an entry not drawn yet, or only in a knockout draw that is still a draft, is not public
        yet). By name, accents and case aside, then by id; each with their public entries in the event's
        category order. An entry's entryId is the homeId/awayId of the player's matches in that category; id is
        the playerId of the rankings and the player filter of /events/{slug}/matches. Paged like the rankings;
        meta.total counts every player. 404 for an unknown slug or an event that is not published.
      `,
      ok: ["A page of the event's players", "EventPlayersResponseSchema"],
      errors: { 400: "limit or offset is invalid", 404: "No published event has this slug" },
    },
  }),
  viewRoute({
    path: "/events/:slug/changes",
    params: { slug },
    query: { since, limit: feedLimit },
    view: eventChangesView,
    input: (p) => ({ slug: p.slug, since: p.since?.cursor ?? null, limit: p.limit }),
    answer: (page, p) => {
      if ("stale" in page) throw staleCursor(p.slug, page.stale);
      return { data: page, meta: { limit: p.limit } };
    },
    missing: noEvent,
    doc: {
      operationId: "listEventChanges",
      summary: "What changed in an event since a cursor",
      description: prose`
        The event's change feed, to poll one URL instead of every resource: the resources of the event (the
        event, its players' list, each category, each match the API serves) whose answer changed since the
        cursor, each once with its version now and where to fetch it, in the order of their last change, and the
        cursor to ask with next. Without since, every resource of the event is listed (start here). Poll with
        the same since and If-None-Match: with nothing new the answer is a 304. A resource gone has a null
        version. Only public changes appear: a hidden event has no feed (404), and its writes while hidden show
        as changes at its publication. hasMore says to ask again at once with next. A cursor from another
        event's feed, or from before the event was published again, is a 400 (parameter since) saying to start
        again from the event. Asked with Accept: text/event-stream, the answer is a server-sent event stream of
        the same feed as it grows (docs/api.md, Server-sent changes): a \`ready\` event whose id is the cursor
        of now, then a \`changes\` event (data: a page of this answer's data, id: its next cursor) as writes
        happen, and a comment every 15 s. Opened again with Last-Event-ID (or since), it first sends what was
        missed; a cursor it cannot resume from gives a \`reset\` event (read the resources again). limit does not
        apply; each address may hold a few streams at once (429 beyond).
      `,
      ok: ["The changes since the cursor", "ChangesResponseSchema"],
      eventStream: true,
      errors: {
        400: "since or limit is invalid, or since cannot be resumed from (start again from the event)",
        404: "No published event has this slug",
        429: "A change stream beyond the client's limit of open streams (Retry-After says when to retry)",
      },
    },
  }),
  viewRoute({
    path: "/players/:id",
    params: { id: playerId() },
    view: playerProfileView,
    input: (p) => p.id,
    answer: (player) => ({ data: { player } }),
    missing: noPlayer,
    doc: {
      operationId: "getPlayer",
      summary: "A player across events",
      description: prose`
        Name, association, the current Glicko-2 rating with its deviation and leaderboard rank, the rating after
        each rated match (oldest first, a chart's points) and the published events the player plays in.
        ${playerDoc}
      `,
      ok: ["The player", "PlayerResponseSchema"],
      errors: { 404: "No player of a published event has this id" },
    },
  }),
  viewRoute({
    path: "/players/:id/matches",
    params: { id: playerId() },
    query: { event, opponent, ...paging("Matches") },
    view: playerMatchesView,
    input: ({ id, event, opponent, limit, offset }) => ({ id, event, opponent, limit, offset }),
    answer: (page, { limit, offset }) => ({
      data: { matches: page.matches },
      meta: { total: page.total, limit, offset },
    }),
    missing: noPlayer,
    doc: {
      operationId: "listPlayerMatches",
      summary: "A player's matches across events, paged",
      description: prose`
        The player's matches whose two sides are known across published events, newest first (by when the match
        ended, else began, else is scheduled), as the same Match object as /matches/{id} with its event and
        category. Filter with event (a slug: an event that is not published gives an empty list) and with
        opponent (a player id: the matches against them, singles and doubles). meta.total counts the whole
        filtered list. ${playerDoc}
      `,
      ok: ["A page of the player's matches", "PlayerMatchesResponseSchema"],
      errors: {
        400: "event, opponent, limit or offset is invalid",
        404: "No player of a published event has this id",
      },
    },
  }),
  viewRoute({
    path: "/players/:id/head-to-head/:otherId",
    params: { id: playerId("Id of the first player"), otherId: playerId("Id of the other player") },
    view: headToHeadView,
    input: ({ id, otherId }) => ({ id, otherId }),
    answer: (headToHead) => ({ data: { headToHead } }),
    missing: ({ id, otherId }) =>
      `Cannot find a head-to-head of ${quoted(id)} and ${quoted(otherId)}: both must be players of a ` +
      "published event, and two different players",
    doc: {
      operationId: "getHeadToHead",
      summary: "Two players against each other",
      description: prose`
        Their matches against each other across published events (newest first), the decided ones' wins, games
        and points of each, and the prediction of their next meeting (best of 5) from the current ratings, with
        its 90% interval and confidence label (show words, not the number, when it is insufficient).
        ${playerDoc}
      `,
      ok: ["The head-to-head", "HeadToHeadResponseSchema"],
      errors: { 404: "Either id is no player of a published event, or both are the same" },
    },
  }),
  viewRoute({
    path: "/subevents/:id/draw",
    ...wholeCategory,
    answer: ({ category }) => ({ data: { draw: category.draw } }),
    doc: {
      operationId: "getDraw",
      summary: "The knockout draw of a category",
      description: prose`
        The bracket by rounds: every first-round slot (entry, bye, group qualifier or open), every position of
        every round with the match and its result once both sides are known, and round labels. draw is null
        until the category has a published, locked knockout draw.
      `,
      ok: ["The draw, or null", "DrawResponseSchema"],
      errors: { 404: "No category of a published event has this id" },
    },
  }),
  viewRoute({
    path: "/subevents/:id/standings",
    ...wholeCategory,
    answer: ({ category }) => ({ data: { standings: category.groups } }),
    doc: {
      operationId: "getStandings",
      summary: "Group standings of a category",
      description: prose`
        One item per group, computed on each read from the stored matches by ITTF Statutes 3.7.5 (match points;
        then match points, games ratio and points ratio among the players level; then lot). decidedBy says which
        step fixed each place. Empty for a category without groups.
      `,
      ok: ["The standings", "StandingsResponseSchema"],
      errors: { 404: "No category of a published event has this id" },
    },
  }),
  viewRoute({
    path: "/subevents/:id/matches",
    params: { id: category },
    query: { status },
    view: categoryMatches,
    input: ({ id, status }) => ({ id, status }),
    answer: (payload) => payload,
    missing: noCategory,
    doc: {
      operationId: "listMatches",
      summary: "The matches of a category",
      description: prose`
        Every match whose two sides are known, as the same Match object as /matches/{id}: group stage first,
        then by round and position. Open positions and byes appear in the draw only. Knockout matches of a draft
        draw are not served. Filter with status (status=in_progress,scheduled: what is on and what is next).
      `,
      ok: ["The matches", "MatchesResponseSchema"],
      errors: { 400: "status is invalid", 404: "No category of a published event has this id" },
    },
  }),
  viewRoute({
    path: "/matches/:id",
    params: { id: idOf("a match", "match") },
    view: matchView,
    input: (p) => p.id,
    answer: (found, p) => {
      // A match with an open side is shown in the draw only, so it has no answer of its own yet.
      if (!("known" in found)) throw notFound(noMatch(p));
      const { match, live, prediction } = found.known;
      return { data: { match, live, prediction } };
    },
    missing: noMatch,
    doc: {
      operationId: "getMatch",
      summary: "One match, live",
      description: prose`
        The match, its live block (for scoreboards) and its frozen pre-match prediction (null when none). Poll
        it with If-None-Match: an unchanged match costs a 304.
      `,
      ok: ["The match", "MatchResponseSchema"],
      errors: { 404: "No public match with both sides known has this id" },
    },
  }),
  viewRoute({
    path: "/rankings",
    query: paging("Rows"),
    view: rankingsView,
    input: ({ limit, offset }) => ({ limit, offset }),
    answer: (page, { limit, offset }) => ({
      data: { rankings: page.rows },
      meta: { total: page.total, limit, offset },
    }),
    missing: () => "Cannot find the rankings",
    doc: {
      operationId: "listRankings",
      summary: "The public rating leaderboard",
      description: prose`
        Players with an entry in a published event and a rating, by rating (descending) then playerId. rank
        counts from 1 over the whole leaderboard; meta.total is its length.
      `,
      ok: ["A page of the leaderboard", "RankingsResponseSchema"],
      errors: { 400: "limit or offset is invalid" },
    },
  }),
  viewRoute({
    path: "/ties/:id",
    params: { id: idOf("a tie", "tie") },
    view: tieView,
    input: (p) => p.id,
    answer: (tie) => ({ data: { tie } }),
    missing: (p) => `Cannot find a public tie with id ${quoted(p.id)}`,
    doc: {
      operationId: "getTie",
      summary: "One tie of a team event",
      description: prose`
        A tie (docs/teams.md): the two teams and their players, the line-ups once published, every match of the
        format in order of play with its status ("not_needed" once the tie was decided before it) and, once
        made, the match itself, the tie score, whether it is decided and the winning team. Its id is the id of
        the group or knockout match between the teams in the category's matches. 404 for an unknown id or a tie
        that is not public.
      `,
      ok: ["The tie", "TieResponseSchema"],
      errors: { 404: "No public tie has this id" },
    },
  }),
  viewRoute({
    path: "/subevents/:id/ties",
    params: { id: category },
    view: categoryTiesView,
    input: (p) => p.id,
    answer: (ties) => ({ data: { ties } }),
    missing: noCategory,
    doc: {
      operationId: "listTies",
      summary: "The ties of a team category",
      description: prose`
        Every tie of a team category whose two teams are known, as /ties/{id} answers each: groups first, then
        by round and position. Empty for a category that is not a team category.
      `,
      ok: ["The ties", "TiesResponseSchema"],
      errors: { 404: "No category of a published event has this id" },
    },
  }),
  {
    path: "/openapi.json",
    params: {},
    query: {},
    doc: {
      operationId: "getOpenApi",
      summary: "This document",
      description: "The OpenAPI 3.1 description of the API (not wrapped in the envelope).",
      ok: ["The OpenAPI document", "object"],
    },
    handler: () => async (c) => {
      const { json, etag } = await openApiAnswer();
      if (ifNoneMatchHits(c.req.header("If-None-Match"), etag)) {
        return new Response(null, { status: 304, headers: { ETag: etag } });
      }
      return new Response(json, { headers: { "Content-Type": JSON_TYPE, ETag: etag } });
    },
  },
];

function noMatch(p: { id: string }): string {
  return `Cannot find a public match with id ${quoted(p.id)}`;
}
