/** /api/v1/events: the published events, and one event with its categories. */
import { Hono } from "hono";
import { findPublishedEvent, listPublishedEvents } from "../db/read_events.ts";
import { listEventSubevents } from "../db/read_subevents.ts";
import { versions } from "../db/read_versions.ts";
import type { AppDeps } from "./deps.ts";
import { slugParam } from "./params.ts";
import { notFound, quoted } from "./problem.ts";
import { respond } from "./respond.ts";
import { serializeEvent, serializeSubevent } from "./serialize.ts";

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

  return app;
}
