/** The management API for operators and umpires, mounted at /api/manage (bearer token). */
import { Hono } from "hono";
import type { AppDeps } from "../deps.ts";

/** Builds the /api/manage sub-app. */
export function manageApi(_deps: AppDeps): Hono {
  const app = new Hono();
  return app;
}
