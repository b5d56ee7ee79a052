/**
 * The operator's pages: `/score` and `/score/{matchId}` for umpires, `/manage` for the operator. Each response
 * carries the security headers of pages/security_headers.ts (a fresh nonce, no 'unsafe-inline', no-store);
 * the middleware is attached to these routes only, so that the public pages mounted after keep their own.
 */
import { Hono } from "hono";
import { h, type VNode } from "preact";
import type { AppDeps } from "../../http/deps.ts";
import { renderPage } from "../render.ts";
import { type PageEnv, securityHeaders } from "../security_headers.ts";
import { ManagePage } from "./manage_page.tsx";
import { StreamPage } from "./stream_page.tsx";
import { ScoreListPage, ScoreMatchPage } from "./score_page.tsx";
import { moduleScript } from "../client_script.ts";
import * as offlinePages from "./client/score/offline_pages.ts";
import { matchLanguage } from "../../views/match_language.ts";

/** The umpire's pages' service worker: copies of the pages, so that they open offline. */
const OFFLINE_PAGES_SCRIPT = moduleScript(offlinePages.offlinePages, [offlinePages]);

/** Builds the operator's pages sub-app, mounted at / before the public pages. */
export function operatorPages(deps: AppDeps): Hono {
  const app = new Hono<PageEnv>();
  const headers = securityHeaders({ operator: true });
  // Served from the root so that its scope may be `/score` itself, not only `/score/`; revalidated on every
  // page load, so that a new version takes over at once. It may fetch only the site's own pages.
  app.get(offlinePages.WORKER_PATH, (c) =>
    c.body(OFFLINE_PAGES_SCRIPT, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy": "default-src 'none'; connect-src 'self'",
      "X-Content-Type-Options": "nosniff",
    }));
  const scoreHeaders = securityHeaders({ serviceWorker: true, operator: true });
  app.get("/score", scoreHeaders, (c) => renderPage(c, h(ScoreListPage, { nonce: c.var.nonce }) as VNode));
  app.get("/score/:matchId", scoreHeaders, async (c) => {
    const matchId = c.req.param("matchId");
    // The match's event's language, when the umpire's phone asks for none of the pages' languages.
    const language = await matchLanguage(deps.store.db, matchId);
    return renderPage(c, h(ScoreMatchPage, { nonce: c.var.nonce, matchId }) as VNode, 200, language);
  });
  app.get("/manage", headers, (c) => renderPage(c, h(ManagePage, { nonce: c.var.nonce }) as VNode));
  app.get(
    "/manage/stream",
    securityHeaders({ frames: true, operator: true }),
    (c) => renderPage(c, h(StreamPage, { nonce: c.var.nonce }) as VNode),
  );
  return app as unknown as Hono;
}
