/**
 * The ties of team events (admin; docs/teams.md): read a tie with its line-ups, enter or change the line-ups
 * before the tie begins, and publish them, which makes the tie's matches in the format's order. Each match of a
 * tie is then scored like any match (/api/manage/matches), and the tie follows (db/tie_writes.ts).
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type LineupChange, setTieLineups } from "../../db/tie_writes.ts";
import { loadTie } from "../../views/tie.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError } from "../../http/problem.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { parseBody } from "./bodies.ts";
import { rethrow } from "./draws.ts";
import { envelope } from "./serialize.ts";

const POSITION = "expected a line-up position: one or two letters or digits";
const PLAYER = "expected a player id";
const player = () => z.string({ error: PLAYER }).min(1, { error: PLAYER }).max(200, { error: PLAYER });

/** One side's line-up: a player id by position, and the nominated doubles pair when the format has one. */
const LineupInput = z.strictObject({
  positions: z.record(
    z.string({ error: POSITION }).regex(/^[A-Za-z0-9]{1,2}$/, { error: POSITION }),
    player(),
    { error: 'expected { "A": playerId, ... }' },
  ),
  pair: z.tuple([player(), player()], { error: "expected two player ids, or null" }).nullable().optional(),
});

/** Body of a line-up change: either side or both, and whether to publish them. */
export const LineupBody = z.strictObject({
  home: LineupInput.optional(),
  away: LineupInput.optional(),
  publish: z.boolean({ error: "expected true or false" }).optional(),
});

/** The tie routes, mounted at /api/manage/ties. */
export function tieRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  const ctx = (label: string) => ({ actor: label, now: deps.clock() });
  const answer = async (id: string) => {
    const tie = await loadTie(deps.store.db, id, { public: false, lineups: "always" });
    if (!tie) throw new HttpError(404, "not-found", `Tie "${id}" does not exist`);
    return tie;
  };

  const write = async (c: Context<ManageEnv>, change: LineupChange) => {
    const id = c.req.param("id") ?? "";
    const done = await setTieLineups(deps.store, id, change, ctx(c.var.token.label)).catch(rethrow);
    return c.json(envelope({ tie: await answer(id), matchIds: done.matchIds }, deps.clock()));
  };

  app.get("/:id", async (c) => {
    requireAdmin(c.var.token, "show a tie");
    return c.json(envelope({ tie: await answer(c.req.param("id")) }, deps.clock()));
  });
  app.put("/:id/lineups", async (c) => {
    requireAdmin(c.var.token, "enter a tie's line-ups");
    return await write(c, await parseBody(c, LineupBody));
  });
  app.post("/:id/publish", async (c) => {
    requireAdmin(c.var.token, "publish a tie's line-ups");
    return await write(c, { publish: true });
  });
  return app;
}
