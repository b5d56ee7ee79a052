/** Category routes of the management API (admin): lock a draft draw (it becomes public) or unlock it. */
import { Hono } from "hono";
import { setDrawLocked } from "../../db/manage_writes.ts";
import type { AppDeps } from "../../http/deps.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { envelope } from "./serialize.ts";

/** The category routes, mounted at /api/manage/subevents. */
export function categoryRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  for (const [path, locked] of [["lock", true], ["unlock", false]] as const) {
    app.post(`/:id/${path}`, async (c) => {
      requireAdmin(c.var.token, `${path} a draw`);
      const change = await setDrawLocked(deps.store, c.req.param("id"), locked, {
        actor: c.var.token.label,
        now: deps.clock(),
      });
      return c.json(
        envelope({ subeventId: change.id, drawState: change.status, changed: change.changed }, deps.clock()),
      );
    });
  }
  return app;
}
