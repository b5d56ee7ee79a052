/** The public read-only API, mounted at /api/v1. */
import { Hono } from "hono";
import type { AppDeps } from "./deps.ts";

/** Builds the /api/v1 sub-app. */
export function publicApi(_deps: AppDeps): Hono {
  const app = new Hono();
  return app;
}
