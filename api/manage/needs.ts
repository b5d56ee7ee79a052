/**
 * GET /api/manage/events/{slug}/needs (admin): what waits for the director now, each with its action
 * (domain/director_needs.ts): groups waiting for a lot, matches with a withdrawn player, players not checked in
 * for a match on its table, called matches not started, matches running long, matches due with no table. The "Needs you" panel of /manage shows it.
 */
import { Hono } from "hono";
import { readEventOverview } from "../../db/read_manage.ts";
import { readDrawDetail } from "../../db/read_draw_detail.ts";
import { withdrawnEntryIds } from "../../db/read_withdrawn.ts";
import { readCheckIns } from "../../db/check_ins.ts";
import { directorNeeds } from "../../domain/director_needs.ts";
import { buildStandings } from "../../views/standings.ts";
import type { AppDeps } from "../../http/deps.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { HttpError } from "../../http/problem.ts";
import { quoted } from "./problem.ts";
import { envelope } from "./serialize.ts";

/** The route, mounted at /api/manage/events. */
export function needsRoute(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.get("/:slug/needs", async (c) => {
    requireAdmin(c.var.token, "read what needs the director");
    const slug = c.req.param("slug");
    const db = deps.store.db;
    const overview = await readEventOverview(db, slug);
    if (!overview) throw new HttpError(404, "not-found", `Event ${quoted(slug)} does not exist`);
    const lots = [];
    for (const category of overview.categories.filter((s) => s.format !== "knockout")) {
      const draw = await readDrawDetail(db, category.id);
      if (!draw) continue;
      for (const s of buildStandings(draw.groups, draw.matches, draw.entries)) {
        if (s.awaitingLot) {
          lots.push({ categoryId: category.id, categoryName: category.name, groupName: s.name });
        }
      }
    }
    const now = deps.clock();
    const players = await readCheckIns(db, overview.event.id);
    let absent: Map<string, { id: string; name: string }[]> | undefined;
    if (players.some((p) => p.checkedInAt !== null)) {
      absent = new Map();
      for (const p of players.filter((p) => p.checkedInAt === null)) {
        for (const e of p.entryIds) absent.set(e, [...absent.get(e) ?? [], { id: p.playerId, name: p.name }]);
      }
    }
    const needs = directorNeeds({
      now,
      lots,
      matches: overview.matches,
      withdrawn: await withdrawnEntryIds(db, overview.event.id),
      absent,
    });
    return c.json(envelope({ needs }, now));
  });
  return app;
}
