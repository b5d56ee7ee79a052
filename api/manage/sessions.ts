/**
 * The sessions of play of an event and of its categories (admin tokens only): `GET` and `PUT
 * /api/manage/events/{slug}/sessions` read and replace the event's sessions (and, in the same write, the sessions
 * some categories play in); `GET` and `PUT /api/manage/subevents/{id}/sessions` those of one category. The plan
 * of the order of play uses them when it is asked for without sessions (api/manage/plan.ts). Writes are audited
 * (`sessions.replace`, `category.sessions`).
 */
import { Hono } from "hono";
import { readCategorySessions, readEventSessions } from "../../db/read_event_sessions.ts";
import { replaceCategorySessions, replaceSessions } from "../../db/session_writes.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError } from "../../http/problem.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { CategorySessionsBody, parseBody, SessionsBody } from "./bodies.ts";
import { quoted } from "./problem.ts";
import { envelope } from "./serialize.ts";

/** The event's sessions and its categories', or a 404. */
async function sessionsOf(deps: AppDeps, slug: string) {
  const found = await readEventSessions(deps.store.db, slug);
  if (!found) throw new HttpError(404, "not-found", `Event ${quoted(slug)} does not exist`);
  return found;
}

/** The routes of an event's sessions, mounted at /api/manage/events. */
export function eventSessionRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.get("/:slug/sessions", async (c) => {
    requireAdmin(c.var.token, "read the sessions of an event");
    return c.json(envelope(await sessionsOf(deps, c.req.param("slug")), deps.clock()));
  });
  app.put("/:slug/sessions", async (c) => {
    requireAdmin(c.var.token, "change the sessions of an event");
    const slug = c.req.param("slug");
    const body = await parseBody(c, SessionsBody);
    const now = deps.clock();
    await replaceSessions(deps.store, slug, body.sessions, body.categories ?? {}, {
      actor: c.var.token.label,
      now,
    });
    return c.json(envelope(await sessionsOf(deps, slug), now));
  });
  return app;
}

/** The routes of a category's sessions, mounted at /api/manage/subevents. */
export function categorySessionRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  const answer = async (id: string) => {
    const found = await readCategorySessions(deps.store.db, id);
    if (!found) throw new HttpError(404, "not-found", `Category ${quoted(id)} does not exist`);
    return found;
  };
  app.get("/:id/sessions", async (c) => {
    requireAdmin(c.var.token, "read the sessions of a category");
    return c.json(envelope(await answer(c.req.param("id")), deps.clock()));
  });
  app.put("/:id/sessions", async (c) => {
    requireAdmin(c.var.token, "change the sessions of a category");
    const id = c.req.param("id");
    const body = await parseBody(c, CategorySessionsBody);
    const now = deps.clock();
    await replaceCategorySessions(deps.store, id, body.sessions ?? [], { actor: c.var.token.label, now });
    return c.json(envelope(await answer(id), now));
  });
  return app;
}
