/** /api/v1/rankings: the public rating leaderboard, paged (views/rankings.ts). */
import { Hono } from "hono";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { rankingsView } from "../views/rankings.ts";
import type { ReadyDeps } from "../http/deps.ts";
import { pagingParams } from "./params.ts";
import { notFound } from "../http/problem.ts";
import { serve } from "./respond.ts";

/** Builds the /rankings sub-app. */
export function rankingsApi(deps: ReadyDeps): Hono<AnswerEnv> {
  const app = new Hono<AnswerEnv>();

  app.get("/", (c) => {
    const { limit, offset } = pagingParams(new URL(c.req.url).searchParams);
    return serve(
      c,
      deps,
      `/rankings?limit=${limit}&offset=${offset}`,
      rankingsView,
      { limit, offset },
      (page) => ({ data: { rankings: page.rows }, meta: { total: page.total, limit, offset } }),
      () => notFound("Cannot find the rankings"),
    );
  });

  return app;
}
