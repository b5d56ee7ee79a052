/** /api/v1/events: the published events, one event with its categories, and an event's matches (paged). */
import { Hono } from "hono";
import { readEntries } from "../db/read_entries.ts";
import { findPublishedEvent, listPublishedEvents } from "../db/read_events.ts";
import { listEventMatches } from "../db/read_matches.ts";
import { listEventSubevents } from "../db/read_subevents.ts";
import { versions } from "../db/read_versions.ts";
import type { AppDeps } from "./deps.ts";
import { pagingParams, slugParam, statusParam } from "./params.ts";
import { notFound, quoted } from "./problem.ts";
import { respond } from "./respond.ts";
import type { Match } from "./schemas.ts";
import { serializeEvent, serializeMatch, serializeSubevent } from "./serialize.ts";

/** Builds the /events sub-app. */
export function eventsApi(deps: AppDeps): Hono {
  const db = deps.store.db;
  const app = new Hono();

  app.get("/", (c) =>
    respond(c, deps, "/events", async () => {
      const events = await listPublishedEvents(db);
      return { data: { events: events.map((e) => serializeEvent(e)) } };
    }));

  app.get("/:slug", (c) => {
    const slug = slugParam(c.req.param("slug"));
    return respond(c, deps, `/events/${slug}`, async () => {
      const event = await findPublishedEvent(db, slug);
      if (!event) throw notFound(`Cannot find a published event with slug ${quoted(slug)}`);
      const subevents = await listEventSubevents(db, event.id);
      return {
        data: { event: serializeEvent(event, subevents.length), subevents: subevents.map(serializeSubevent) },
      };
    }, () => versions(deps.store).eventBySlug(slug));
  });

  app.get("/:slug/matches", (c) => {
    const slug = slugParam(c.req.param("slug"));
    const query = new URL(c.req.url).searchParams;
    const statuses = statusParam(query);
    const { limit, offset } = pagingParams(query);
    const filter = statuses ? `status=${statuses.join(",")}&` : "";
    return respond(c, deps, `/events/${slug}/matches?${filter}limit=${limit}&offset=${offset}`, async () => {
      const event = await findPublishedEvent(db, slug);
      if (!event) throw notFound(`Cannot find a published event with slug ${quoted(slug)}`);
      const page = await listEventMatches(db, event.id, { statuses, limit, offset });
      const entries = await readEntries(db, page.rows.flatMap((m) => [m.homeEntryId!, m.awayEntryId!]));
      const matches = page.rows.map((m) => serializeMatch(m, entries)).filter((m): m is Match => m !== null);
      return { data: { matches }, meta: { total: page.total, limit, offset } };
      // Every write to the event's matches bumps the event's revision.
    }, () => versions(deps.store).eventBySlug(slug));
  });

  return app;
}
