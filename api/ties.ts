/**
 * /api/v1/ties/{id} and /api/v1/subevents/{id}/ties: a tie of a team event and the ties of a team category
 * (views/tie.ts, docs/teams.md).
 */
import { Hono } from "hono";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { categoryTiesView, tieView } from "../views/tie.ts";
import type { ReadyDeps } from "../http/deps.ts";
import { idParam } from "./params.ts";
import { notFound, quoted } from "../http/problem.ts";
import { serve } from "./respond.ts";

/** Builds the /ties sub-app. */
export function tiesApi(deps: ReadyDeps): Hono<AnswerEnv> {
  const app = new Hono<AnswerEnv>();
  app.get("/:id", (c) => {
    const id = idParam(c.req.param("id"), "a tie");
    const missing = () => notFound(`Cannot find a public tie with id ${quoted(id)}`);
    return serve(c, deps, `/ties/${id}`, tieView, id, (tie) => ({ data: { tie } }), missing);
  });
  return app;
}

/** Builds the /subevents/{id}/ties route, mounted beside the other category routes. */
export function categoryTiesApi(deps: ReadyDeps): Hono<AnswerEnv> {
  const app = new Hono<AnswerEnv>();
  app.get("/:id/ties", (c) => {
    const id = idParam(c.req.param("id"), "a category");
    const unknown = () => notFound(`Cannot find a category with id ${quoted(id)} in a published event`);
    return serve(
      c,
      deps,
      `/subevents/${id}/ties`,
      categoryTiesView,
      id,
      (ties) => ({ data: { ties } }),
      unknown,
    );
  });
  return app;
}
