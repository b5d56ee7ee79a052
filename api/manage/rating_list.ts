/**
 * The rating list (admin): `POST /api/manage/events/{slug}/rating-list` with a federation's rating list as its
 * body (CSV, `Content-Type: text/csv`; or JSON `{ csv }`) matches it to the event's players and gives each
 * matched player the list's rating (db/rating_list_writes.ts); with `?dryRun=true` it only reports. A list it
 * cannot read (no rating column, no name or federation id column) is 400 `invalid-rating-list`.
 */
import { Hono } from "hono";
import { z } from "zod";
import { RatingListError } from "../../domain/rating_list.ts";
import { applyRatingList } from "../../db/rating_list_writes.ts";
import { findManagedEvent } from "../../db/read_manage.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError } from "../../http/problem.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { parseBody } from "./bodies.ts";
import { quoted } from "./problem.ts";
import { envelope } from "./serialize.ts";

/** The JSON form of the body. */
export const RatingListBody = z.strictObject({ csv: z.string().max(1024 * 1024) });

/** The route, mounted at /api/manage/events. */
export function ratingListRoute(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.post("/:slug/rating-list", async (c) => {
    requireAdmin(c.var.token, "apply a rating list");
    const slug = c.req.param("slug");
    const event = await findManagedEvent(deps.store.db, slug);
    if (!event) throw new HttpError(404, "not-found", `Event ${quoted(slug)} does not exist`);
    const csvType = /^text\/(csv|plain)\s*(;|$)/i.test(c.req.header("Content-Type") ?? "");
    const text = csvType ? await c.req.text() : (await parseBody(c, RatingListBody)).csv;
    const now = deps.clock();
    const dryRun = c.req.query("dryRun") === "true";
    const result = await applyRatingList(deps.store, event.id, text, dryRun, {
      actor: c.var.token.label,
      now,
    })
      .catch((e) => {
        if (e instanceof RatingListError) throw new HttpError(400, "invalid-rating-list", e.message);
        throw e;
      });
    return c.json(envelope(result, now));
  });
  return app;
}
