/**
 * /api/v1/events: the published events, one event with its categories, an event's matches (paged, filtered by
 * status and player) and its players.
 */
import { Hono } from "hono";
import { readEntries } from "../db/read_entries.ts";
import { findPublishedEvent, listPublishedEvents, type PublicEventRecord } from "../db/read_events.ts";
import { listEventMatches } from "../db/read_matches.ts";
import { listEventPlayers, playerAlias } from "../db/read_players.ts";
import { listEventSubevents } from "../db/read_subevents.ts";
import { versions } from "../db/read_versions.ts";
import type { AppDeps } from "./deps.ts";
import { pagingParams, playerParam, slugParam, statusParam } from "./params.ts";
import { notFound, quoted } from "./problem.ts";
import { respond } from "./respond.ts";
import type { Match } from "./schemas.ts";
import { serializeEvent, serializeEventPlayer, serializeMatch, serializeSubevent } from "./serialize.ts";

/** Builds the /events sub-app. */
export function eventsApi(deps: AppDeps): Hono {
  const db = deps.store.db;
  const app = new Hono();

  const publishedEvent = async (slug: string): Promise<PublicEventRecord> => {
    const event = await findPublishedEvent(db, slug);
    if (!event) throw notFound(`Cannot find a published event with slug ${quoted(slug)}`);
    return event;
  };

  // An event's answers are keyed on its own version: every write to the event (a point, a draw, an import)
  // bumps its revision.
  const version = (slug: string) => () => versions(deps.store).eventBySlug(slug);

  // Keyed on the event list's own version: writes in hidden events and points leave it alone.
  app.get("/", (c) =>
    respond(c, deps, "/events", async () => {
      const events = await listPublishedEvents(db);
      return { data: { events: events.map((e) => serializeEvent(e)) } };
    }, () => versions(deps.store).eventList()));

  app.get("/:slug", (c) => {
    const slug = slugParam(c.req.param("slug"));
    return respond(c, deps, `/events/${slug}`, async () => {
      const event = await publishedEvent(slug);
      const subevents = await listEventSubevents(db, event.id);
      return {
        data: { event: serializeEvent(event, subevents.length), subevents: subevents.map(serializeSubevent) },
      };
    }, version(slug));
  });

  app.get("/:slug/matches", async (c) => {
    const slug = slugParam(c.req.param("slug"));
    const query = new URL(c.req.url).searchParams;
    const statuses = statusParam(query);
    const given = playerParam(query);
    // An id the player had before answers as the one they have now (one answer, one ETag).
    const player = given && (await playerAlias(db, given) ?? given);
    const { limit, offset } = pagingParams(query);
    // Each filter has its own kept answer and ETag.
    const filter = (statuses ? `status=${statuses.join(",")}&` : "") + (player ? `player=${player}&` : "");
    return respond(c, deps, `/events/${slug}/matches?${filter}limit=${limit}&offset=${offset}`, async () => {
      const event = await publishedEvent(slug);
      const page = await listEventMatches(db, event.id, { statuses, player, limit, offset });
      const entries = await readEntries(db, page.rows.flatMap((m) => [m.homeEntryId!, m.awayEntryId!]));
      const matches = page.rows.map((m) => serializeMatch(m, entries)).filter((m): m is Match => m !== null);
      return { data: { matches }, meta: { total: page.total, limit, offset } };
      // A player's matches are all in the player's categories: points elsewhere leave their answer (a 304).
    }, player ? () => versions(deps.store).eventPlayer(slug, player) : version(slug));
  });

  app.get("/:slug/players", (c) => {
    const slug = slugParam(c.req.param("slug"));
    const { limit, offset } = pagingParams(new URL(c.req.url).searchParams);
    return respond(c, deps, `/events/${slug}/players?limit=${limit}&offset=${offset}`, async () => {
      const event = await publishedEvent(slug);
      // Read whole and cut: sorted by name with Intl.Collator, which SQL cannot do the same way on both stores.
      const players = await listEventPlayers(db, event.id);
      return {
        data: { players: players.slice(offset, offset + limit).map(serializeEventPlayer) },
        meta: { total: players.length, limit, offset },
      };
      // Who plays in which category changes with imports, draws and the desk's edits, not with points.
    }, () => versions(deps.store).eventRoster(slug));
  });

  return app;
}
