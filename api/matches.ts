/** /api/v1/matches/{id}: one match with its live block and frozen prediction (views/match.ts). */
import { Hono } from "hono";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { matchView } from "../views/match.ts";
import type { ReadyDeps } from "../http/deps.ts";
import { idParam } from "./params.ts";
import { notFound, quoted } from "../http/problem.ts";
import { serve } from "./respond.ts";

/** Builds the /matches sub-app. */
export function matchesApi(deps: ReadyDeps): Hono<AnswerEnv> {
  const app = new Hono<AnswerEnv>();

  app.get("/:id", (c) => {
    const id = idParam(c.req.param("id"), "a match");
    const missing = () => notFound(`Cannot find a public match with id ${quoted(id)}`);
    return serve(c, deps, `/matches/${id}`, matchView, id, (found) => {
      // A match with an open side is shown in the draw only, so it has no answer of its own yet.
      if (!("known" in found)) throw missing();
      const { match, live, prediction } = found.known;
      return { data: { match, live, prediction } };
    }, missing);
  });

  return app;
}
