/**
 * The lower thirds' routes (pages/overlay_card.tsx): `/overlay/card/match/{matchId}` and
 * `/overlay/card/player/{playerId}`. An unknown or unpublished id answers 404 with the empty transparent overlay;
 * a match whose players are not known yet is a transparent page that polls its category, as the match overlay's.
 * The match card speaks its event's language unless `?lang=` names another; the player card, whom several events
 * share, `?lang=` or English.
 */
import { Hono } from "hono";
import { type ReadyDeps, viewDeps } from "../http/deps.ts";
import { matchCardView, playerCardView } from "../views/lower_thirds.ts";
import { matchLanguage } from "../views/match_language.ts";
import { MatchCardPage, PlayerCardPage } from "./overlay_card.tsx";
import { EmptyOverlay } from "./overlay_document.tsx";
import { PendingMatchOverlayPage } from "./overlay_match.tsx";
import { parseOverlayParams } from "./overlay_params.ts";
import { renderPage } from "./render.ts";
import { type PageEnv, securityHeaders } from "./security_headers.ts";

/** Builds the lower thirds' routes, mounted by routes.tsx `routes` (whose error handler they share). */
export function overlayCardRoutes(deps: ReadyDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  // Read afresh, as the table's overlay: a card shows several players' data besides the match.
  const headers = securityHeaders();

  app.get("/overlay/card/match/:id", headers, async (c) => {
    const found = await matchCardView.load(viewDeps(deps), c.req.param("id"));
    if (!found) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    const params = parseOverlayParams(c.req.query());
    if ("pending" in found) {
      return renderPage(
        c,
        <PendingMatchOverlayPage nonce={c.var.nonce} params={params} categoryId={found.pending.categoryId} />,
      );
    }
    const language = await matchLanguage(deps.store.db, found.card.known.match.id);
    return renderPage(
      c,
      <MatchCardPage nonce={c.var.nonce} params={params} {...found.card} />,
      200,
      language,
    );
  });

  app.get("/overlay/card/player/:id", headers, async (c) => {
    const found = await playerCardView.load(viewDeps(deps), c.req.param("id"));
    if (!found) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    return renderPage(
      c,
      <PlayerCardPage nonce={c.var.nonce} params={parseOverlayParams(c.req.query())} {...found} />,
    );
  });

  return app;
}
