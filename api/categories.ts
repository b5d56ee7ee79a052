/** /api/v1/subevents/{id}/...: a category's draw, group standings and matches (views/category.ts). */
import { Hono } from "hono";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { CategoryMatchLists } from "../views/category_matches.ts";
import { categoryView } from "../views/category.ts";
import type { ReadyDeps } from "../http/deps.ts";
import { idParam, statusParam } from "./params.ts";
import { notFound, quoted } from "../http/problem.ts";
import { serve } from "./respond.ts";

/** Builds the /subevents sub-app. */
export function categoriesApi(deps: ReadyDeps): Hono<AnswerEnv> {
  const app = new Hono<AnswerEnv>();
  // The whole lists are made again from their last answers (a point changes one match of a list).
  const lists = new CategoryMatchLists();
  const unknown = (id: string) => () =>
    notFound(`Cannot find a category with id ${quoted(id)} in a published event`);

  app.get("/:id/draw", (c) => {
    const id = idParam(c.req.param("id"), "a category");
    return serve(c, deps, `/subevents/${id}/draw`, categoryView, id, ({ category }) => ({
      data: { draw: category.draw },
    }), unknown(id));
  });

  app.get("/:id/standings", (c) => {
    const id = idParam(c.req.param("id"), "a category");
    return serve(c, deps, `/subevents/${id}/standings`, categoryView, id, ({ category }) => ({
      data: { standings: category.groups },
    }), unknown(id));
  });

  app.get("/:id/matches", (c) => {
    const id = idParam(c.req.param("id"), "a category");
    const statuses = statusParam(new URL(c.req.url).searchParams);
    if (statuses) {
      return serve(
        c,
        deps,
        `/subevents/${id}/matches?status=${statuses.join(",")}`,
        categoryView,
        id,
        ({ category }) => ({
          data: {
            matches: category.matches.filter((m) => (statuses as readonly string[]).includes(m.status)),
          },
        }),
        unknown(id),
      );
    }
    // The whole list, laid out from its last answer's bytes (views/category_matches.ts).
    return serve(
      c,
      deps,
      `/subevents/${id}/matches`,
      { version: categoryView.version, load: (vd, sid) => lists.load(vd, sid) },
      id,
      (payload) => payload,
      unknown(id),
    );
  });

  return app;
}
