/**
 * The order of play of an event (admin tokens only). `POST /api/manage/events/{slug}/plan` with its sessions
 * (or without: those stored with the event, api/manage/sessions.ts) answers the plan (views/order_of_play.ts), table by table, with what could not be placed: a preview, nothing
 * written, so that the desk can try sessions and rests. `POST .../plan/keep` with the same body plans again and
 * gives each match placed the plan's table and time (db/plan_writes.ts: not a match the desk placed by hand, nor
 * one that has started), so that the TV, the pages and the API show them.
 */
import { Hono } from "hono";
import type { z } from "zod";
import { keepPlan } from "../../db/plan_writes.ts";
import { DEFAULT_BUFFER_MS, DEFAULT_REST_MS, ScheduleError } from "../../domain/scheduler.ts";
import { orderOfPlayJson, type PlannedEvent, planOrderOfPlay } from "../../views/order_of_play.ts";
import { planInStoredSessions } from "../../views/stored_plan.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError, invalidBodyError } from "../../http/problem.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { parseBody, PlanBody } from "./bodies.ts";
import { quoted } from "./problem.ts";
import { envelope } from "./serialize.ts";

/** The plan routes, mounted at /api/manage/events. */
export function planRoute(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  const plan = async (slug: string, body: z.output<typeof PlanBody>, now: Date): Promise<PlannedEvent> => {
    try {
      const options = {
        restMs: body.restMinutes === undefined ? DEFAULT_REST_MS : body.restMinutes * 60_000,
        bufferMs: body.bufferMinutes === undefined ? DEFAULT_BUFFER_MS : body.bufferMinutes * 60_000,
        now: now.getTime(),
      };
      // Without sessions in the body, the sessions stored with the event (views/stored_plan.ts).
      const planned = body.sessions === undefined
        ? await planInStoredSessions(deps.store.db, slug, options)
        : await planOrderOfPlay(deps.store.db, slug, {
          sessions: body.sessions.map((s, i) => ({
            id: `s${i + 1}`,
            start: Date.parse(s.start),
            end: Date.parse(s.end),
            tables: [...new Set(s.tables)].sort((a, b) => a - b),
          })),
          ...options,
        });
      if (!planned) throw new HttpError(404, "not-found", `Event ${quoted(slug)} does not exist`);
      return planned;
    } catch (e) {
      if (e instanceof ScheduleError) throw invalidBodyError(`Cannot plan: ${e.message}`, e.code);
      throw e;
    }
  };
  app.post("/:slug/plan", async (c) => {
    requireAdmin(c.var.token, "plan the order of play");
    const now = deps.clock();
    const planned = await plan(c.req.param("slug"), await parseBody(c, PlanBody), now);
    return c.json(envelope({ plan: orderOfPlayJson(planned) }, now));
  });
  app.post("/:slug/plan/keep", async (c) => {
    requireAdmin(c.var.token, "keep a plan of the order of play");
    const slug = c.req.param("slug");
    const now = deps.clock();
    const planned = await plan(slug, await parseBody(c, PlanBody), now);
    const placements = planned.plan.matches.filter((m) => !m.fixed)
      .map((m) => ({ matchId: m.id, table: m.table, start: m.start }));
    const { changed } = await keepPlan(deps.store, slug, placements, { actor: c.var.token.label, now });
    return c.json(envelope({ plan: orderOfPlayJson(planned), changed }, now));
  });
  return app;
}
