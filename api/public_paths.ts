/** The paths of the public API, as the route table declares them (api/routes.ts). */
import { PUBLIC_ROUTES } from "./routes.ts";

/** The paths of the public API relative to /api/v1, in Hono's syntax; the document describes exactly these. */
export const PUBLIC_PATHS: readonly string[] = PUBLIC_ROUTES.map((route) => route.path);
