/**
 * The order of play planned for an event (admin tokens only): `POST /api/manage/events/{slug}/plan` with its
 * sessions answers the plan (views/order_of_play.ts), table by table, with what could not be placed. A preview:
 * nothing is written, so the desk can try sessions and rests before it keeps a plan.
 */
import { Hono } from "hono";
import { DEFAULT_BUFFER_MS, DEFAULT_REST_MS, ScheduleError } from "../../domain/scheduler.ts";
import { orderOfPlayJson, planOrderOfPlay } from "../../views/order_of_play.ts";
import type { AppDeps } from "../deps.ts";
import { HttpError } from "../problem.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { parseBody, PlanBody } from "./bodies.ts";
import { quoted } from "./problem.ts";
import { envelope } from "./serialise.ts";

/** The plan route, mounted at /api/manage/events. */
export function planRoute(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.post("/:slug/plan", async (c) => {
    requireAdmin(c.var.token, "plan the order of play");
    const slug = c.req.param("slug");
    const body = await parseBody(c, PlanBody);
    const now = deps.clock();
    try {
      const planned = await planOrderOfPlay(deps.store.db, slug, {
        sessions: body.sessions.map((s, i) => ({
          id: `s${i + 1}`,
          start: Date.parse(s.start),
          end: Date.parse(s.end),
          tables: [...new Set(s.tables)].sort((a, b) => a - b),
        })),
        restMs: body.restMinutes === undefined ? DEFAULT_REST_MS : body.restMinutes * 60_000,
        bufferMs: body.bufferMinutes === undefined ? DEFAULT_BUFFER_MS : body.bufferMinutes * 60_000,
        now: now.getTime(),
      });
      if (!planned) throw new HttpError(404, "not-found", `Event ${quoted(slug)} does not exist`);
      return c.json(envelope({ plan: orderOfPlayJson(planned) }, now));
    } catch (e) {
      if (e instanceof ScheduleError) throw new HttpError(400, "invalid-body", `Cannot plan: ${e.message}`);
      throw e;
    }
  });
  return app;
}
