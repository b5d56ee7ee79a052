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
  "/events/:slug/changes",
  "/players/:id",
  "/players/:id/matches",
  "/players/:id/head-to-head/:otherId",
  "/ties/:id",
  "/subevents/:id/ties",
] as const;

/** A path of the public API. */
export type PublicPath = typeof PUBLIC_PATHS[number];

/**
 * The query parameters each path takes (api/params.ts reads them); any other is a 400 naming it, so that a typo
 * (`?page=2` where the list takes limit and offset) is not answered as if it were not there.
 */
export const QUERY_PARAMETERS: Readonly<Record<PublicPath, readonly string[]>> = {
  "/events": [],
  "/events/:slug": [],
  "/events/:slug/matches": ["status", "player", "limit", "offset"],
  "/events/:slug/players": ["limit", "offset"],
  "/subevents/:id/draw": [],
  "/subevents/:id/standings": [],
  "/subevents/:id/matches": ["status"],
  "/matches/:id": [],
  "/rankings": ["limit", "offset"],
  "/openapi.json": [],
  "/events/:slug/changes": ["since", "limit"],
  "/players/:id": [],
  "/players/:id/matches": ["event", "opponent", "limit", "offset"],
  "/players/:id/head-to-head/:otherId": [],
  "/ties/:id": [],
  "/subevents/:id/ties": [],
};
