/**
 * The operator's pages: `/score` and `/score/{matchId}` for umpires, `/manage` for the operator. Each response
 * carries the security headers of pages/security_headers.ts (a fresh nonce, no 'unsafe-inline', no-store);
 * the middleware is attached to these routes only, so that the public pages mounted after keep their own.
 */
import { Hono } from "hono";
import type { AppDeps } from "../../api/deps.ts";
import { renderPage } from "../render.ts";
import { type PageEnv, securityHeaders } from "../security_headers.ts";
import { ManagePage } from "./manage_page.tsx";
import { ScoreListPage, ScoreMatchPage } from "./score_page.tsx";

/** Builds the operator's pages sub-app, mounted at / before the public pages. */
export function operatorPages(_deps: AppDeps): Hono {
  const app = new Hono<PageEnv>();
  const headers = securityHeaders();
  app.get("/score", headers, (c) => renderPage(c, ScoreListPage({ nonce: c.var.nonce })));
  app.get(
    "/score/:matchId",
    headers,
    (c) => renderPage(c, ScoreMatchPage({ nonce: c.var.nonce, matchId: c.req.param("matchId") })),
  );
  app.get("/manage", headers, (c) => renderPage(c, ManagePage({ nonce: c.var.nonce })));
  return app as unknown as Hono;
}
