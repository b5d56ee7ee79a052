/**
 * Check-in at the desk (admin): `GET /api/manage/events/{slug}/check-in` lists the event's players with when each
 * was marked present (null while not), `POST` with `{ playerId, present }` marks one present or not, audited
 * (db/check_ins.ts); `POST …/check-in/withdraw-no-shows` withdraws every entry with a player not checked in.
 */
import { Hono } from "hono";
import { z } from "zod";
import { readCheckIns, setCheckIn, withdrawNoShows } from "../../db/check_ins.ts";
import { findManagedEvent } from "../../db/read_manage.ts";
import type { AppDeps } from "../../http/deps.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { parseBody } from "./bodies.ts";
import { HttpError } from "../../http/problem.ts";
import { quoted } from "./problem.ts";
import { envelope } from "./serialize.ts";

/** Body of a check-in. */
export const CheckInBody = z.strictObject({ playerId: z.string().min(1).max(200), present: z.boolean() });

/** Body of the no-shows' withdrawal: the confirmation the page asks for. */
export const NoShowsBody = z.strictObject({ confirm: z.literal(true, { error: "expected confirm: true" }) });

/** The routes, mounted at /api/manage/events. */
export function checkInRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  const event = async (slug: string) => {
    const found = await findManagedEvent(deps.store.db, slug);
    if (!found) throw new HttpError(404, "not-found", `Event ${quoted(slug)} does not exist`);
    return found;
  };
  app.get("/:slug/check-in", async (c) => {
    requireAdmin(c.var.token, "read the check-in");
    const players = await readCheckIns(deps.store.db, (await event(c.req.param("slug"))).id);
    return c.json(envelope({ players }, deps.clock()));
  });
  app.post("/:slug/check-in", async (c) => {
    requireAdmin(c.var.token, "check a player in");
    const { id } = await event(c.req.param("slug"));
    const body = await parseBody(c, CheckInBody);
    const now = deps.clock();
    const done = await setCheckIn(deps.store, id, body.playerId, body.present, {
      actor: c.var.token.label,
      now,
    });
    return c.json(envelope(done, now));
  });
  app.post("/:slug/check-in/withdraw-no-shows", async (c) => {
    requireAdmin(c.var.token, "withdraw the no-shows");
    const { id } = await event(c.req.param("slug"));
    await parseBody(c, NoShowsBody);
    const now = deps.clock();
    return c.json(envelope(await withdrawNoShows(deps.store, id, { actor: c.var.token.label, now }), now));
  });
  return app;
}
