/** The HTML pages: overlays, venue TV, poster, event, match, rankings and the operator's pages. */
import { Hono } from "hono";
import type { ReadyDeps } from "../http/deps.ts";
import { printRoutes } from "./print/print_routes.tsx";
import { notFoundRoutes, routes } from "./routes.tsx";
import { streamRoutes } from "./stream_routes.tsx";
import { languageRoutes } from "./i18n/language_route.ts";

/** Builds the pages sub-app, mounted at /. */
export function pages(deps: ReadyDeps): Hono {
  const app = new Hono();
  app.route("/", printRoutes(deps));
  // Before the other overlays: it gates them by what the producer has on air.
  app.route("/", streamRoutes(deps));
  app.route("/", routes(deps));
  app.route("/", languageRoutes());
  // Keep last: it answers every other GET path with the 404 page.
  app.route("/", notFoundRoutes());
  return app;
}
