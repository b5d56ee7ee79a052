/**
 * /api/v1/events: the published events, one event with its categories, an event's matches (paged, filtered by
 * status and player) and its players (views/events.ts, event.ts, event_matches.ts, event_players.ts).
 */
import { Hono } from "hono";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { playerAlias } from "../db/read_players.ts";
import { eventView } from "../views/event.ts";
import { eventMatchesView } from "../views/event_matches.ts";
import { eventPlayersView } from "../views/event_players.ts";
import { eventsView } from "../views/events.ts";
import { serializeEventPlayer } from "../views/serialize.ts";
import type { ReadyDeps } from "../http/deps.ts";
import { pagingParams, playerParam, slugParam, statusParam } from "./params.ts";
import { notFound, quoted } from "../http/problem.ts";
import { serve } from "./respond.ts";

/** Builds the /events sub-app. */
export function eventsApi(deps: ReadyDeps): Hono<AnswerEnv> {
  const app = new Hono<AnswerEnv>();
  const unknownEvent = (slug: string) => () =>
    notFound(`Cannot find a published event with slug ${quoted(slug)}`);

  app.get(
    "/",
    (c) =>
      serve(
        c,
        deps,
        "/events",
        eventsView,
        undefined,
        (events) => ({ data: { events } }),
        () => notFound(""),
      ),
  );

  app.get("/:slug", (c) => {
    const slug = slugParam(c.req.param("slug"));
    return serve(
      c,
      deps,
      `/events/${slug}`,
      eventView,
      slug,
      (e) => ({ data: { event: e.event, subevents: e.categories, ...(e.relay ? { relay: e.relay } : {}) } }),
      unknownEvent(slug),
    );
  });

  app.get("/:slug/matches", async (c) => {
    const slug = slugParam(c.req.param("slug"));
    const query = new URL(c.req.url).searchParams;
    const statuses = statusParam(query);
    const given = playerParam(query);
    // An id the player had before answers as the one they have now (one answer, one ETag).
    const player = given && (await playerAlias(deps.store.db, given) ?? given);
    const { limit, offset } = pagingParams(query);
    // Each filter has its own kept answer and ETag.
    const filter = (statuses ? `status=${statuses.join(",")}&` : "") + (player ? `player=${player}&` : "");
    return serve(
      c,
      deps,
      `/events/${slug}/matches?${filter}limit=${limit}&offset=${offset}`,
      eventMatchesView,
      { slug, statuses, player, limit, offset },
      (page) => ({ data: { matches: page.matches }, meta: { total: page.total, limit, offset } }),
      unknownEvent(slug),
    );
  });

  app.get("/:slug/players", (c) => {
    const slug = slugParam(c.req.param("slug"));
    const { limit, offset } = pagingParams(new URL(c.req.url).searchParams);
    return serve(
      c,
      deps,
      `/events/${slug}/players?limit=${limit}&offset=${offset}`,
      eventPlayersView,
      slug,
      // Read whole and cut: sorted by name with Intl.Collator, which SQL cannot do the same way on both stores.
      ({ players }) => ({
        data: { players: players.slice(offset, offset + limit).map(serializeEventPlayer) },
        meta: { total: players.length, limit, offset },
      }),
      unknownEvent(slug),
    );
  });

  return app;
}
