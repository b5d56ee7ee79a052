/**
 * Category routes of the management API (admin): lock a draft draw (it becomes public) or unlock it; play a team
 * category's ties on one table or on two at once (`PUT /:id/tables-per-tie`, audited `category.tables_per_tie`).
 */
import { Hono } from "hono";
import { setDrawLocked } from "../../db/manage_writes.ts";
import { setTablesPerTie } from "../../db/tie_tables_writes.ts";
import type { AppDeps } from "../../http/deps.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { parseBody, TablesPerTieBody } from "./bodies.ts";
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
  app.put("/:id/tables-per-tie", async (c) => {
    requireAdmin(c.var.token, "change the tables per tie of a category");
    const body = await parseBody(c, TablesPerTieBody);
    const now = deps.clock();
    const change = await setTablesPerTie(deps.store, c.req.param("id"), body.tablesPerTie, {
      actor: c.var.token.label,
      now,
    });
    return c.json(
      envelope({ subeventId: change.id, tablesPerTie: change.tablesPerTie, changed: change.changed }, now),
    );
  });
  return app;
}
