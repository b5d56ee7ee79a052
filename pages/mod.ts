/** The HTML pages: overlays, venue TV, poster, event, match, rankings and the operator's pages. */
import { Hono } from "hono";
import type { AppDeps } from "../api/deps.ts";

/** Builds the pages sub-app, mounted at /. */
export function pages(_deps: AppDeps): Hono {
  const app = new Hono();
  return app;
}
