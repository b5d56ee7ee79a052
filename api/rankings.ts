/** /api/v1/rankings: the public rating leaderboard, paged. */
import { Hono } from "hono";
import { readRankingsPage } from "../db/read_rankings.ts";
import { versions } from "../db/read_versions.ts";
import type { AppDeps } from "./deps.ts";
import { pagingParams } from "./params.ts";
import { respond } from "./respond.ts";
import { serializeRanking } from "./serialize.ts";

/** Builds the /rankings sub-app. */
export function rankingsApi(deps: AppDeps): Hono {
  const db = deps.store.db;
  const app = new Hono();

  app.get("/", (c) => {
    const { limit, offset } = pagingParams(new URL(c.req.url).searchParams);
    return respond(c, deps, `/rankings?limit=${limit}&offset=${offset}`, async () => {
      const page = await readRankingsPage(db, { limit, offset });
      return {
        data: { rankings: page.rows.map((r, i) => serializeRanking(r, offset + i + 1)) },
        meta: { total: page.total, limit, offset },
      };
      // A point changes no rating: the rankings are keyed on their own version, not on every write.
    }, () => versions(deps.store).rankings());
  });

  return app;
}
