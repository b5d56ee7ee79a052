/**
 * The paths of the public API, apart from the OpenAPI document that describes them (api/openapi.ts), so that
 * the router can be built without loading the document's schemas (zod-to-openapi), which only the document's
 * first request needs.
 */

/** The paths of the public API relative to /api/v1, in Hono's syntax; the document describes exactly these. */
export const PUBLIC_PATHS = [
  "/events",
  "/events/:slug",
  "/events/:slug/matches",
  "/events/:slug/players",
  "/subevents/:id/draw",
  "/subevents/:id/standings",
  "/subevents/:id/matches",
  "/matches/:id",
  "/rankings",
  "/openapi.json",
] as const;
