/**
 * The public pages' routes. Each handler reads through pages/data.ts and renders a page component; anything
 * unknown or unpublished is a 404 page (an empty transparent one for overlays). Every response carries the
 * security headers of security_headers.ts.
 */
import { type Context, Hono } from "hono";
import type { AppDeps } from "../api/deps.ts";
import { hotEnvOf } from "../api/hot_path.ts";
import { requestLog } from "../api/outage_guard.ts";
import { isUuid } from "../api/params.ts";
import { isStoreUnavailable } from "../db/health.ts";
import { playerAlias } from "../db/read_players.ts";
import { versions } from "../db/read_versions.ts";
import {
  loadCategoryMatches,
  loadCategoryPage,
  loadEvents,
  loadEventSummary,
  loadMatchPage,
  loadPlayerPage,
  loadPlayersPage,
  loadRankings,
} from "./data.ts";
import { loadEventBoard } from "./event_board.ts";
import { CategoryPage } from "./category_page.tsx";
import { eventPath, playerPath } from "./page_paths.ts";
import { EventPage } from "./event_page.tsx";
import { HomePage } from "./home.tsx";
import { MatchPage, PendingMatchPage } from "./match_page.tsx";
import { NotFoundPage } from "./not_found.tsx";
import { notFound as apiNotFound, problemResponse, quoted } from "../api/problem.ts";
import { silentLogger } from "../cli/log.ts";
import { EmptyOverlay } from "./overlay_document.tsx";
import { MatchOverlayPage, PendingMatchOverlayPage } from "./overlay_match.tsx";
import { parseOverlayParams } from "./overlay_params.ts";
import { CategoryOverlayPage } from "./overlay_subevent.tsx";
import { PlayerPage } from "./player_page.tsx";
import { PlayersPage } from "./players_page.tsx";
import { parsePaperSize, PosterPage } from "./poster.tsx";
import { RANKINGS_PAGE_SIZE, RankingsPage } from "./rankings_page.tsx";
import { renderPage } from "./render.ts";
import { type PageEnv, securityHeaders } from "./security_headers.ts";
import { parseTvInterval, TvPage } from "./tv.tsx";

/** The absolute URL of an event's page on the site that answered the request (for QR codes). */
export function eventUrl(requestUrl: string, slug: string): string {
  return new URL(requestUrl).origin + eventPath(slug);
}

/** The rankings page number from `?page=`: a whole number from 1, else 1. */
export function parsePageNumber(raw: string | undefined): number {
  return raw !== undefined && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

/**
 * Reads a page's own version before its data, when main's handler may keep the page: the kept page is then
 * served after writes elsewhere for as long as the version holds (api/hot_path.ts). Read first, so that a write
 * landing between the two leaves the page older than its data's version, never the other way round.
 */
async function readPageVersion(c: Context<PageEnv>, read: () => Promise<string | null>): Promise<void> {
  if (hotEnvOf(c.env) === undefined) return;
  const version = await read();
  if (version !== null) c.set("pageVersion", { version, current: read });
}

/** The 404 page of an unknown or unpublished thing. */
function notFound(c: Context<PageEnv>): Response {
  return renderPage(c, <NotFoundPage nonce={c.var.nonce} />, 404);
}

/**
 * The 404 page for every other GET path, API paths excepted (they are the API's, even the ones it does not
 * know). Mount it after every other page sub-app: it matches everything.
 */
export function notFoundRoutes(): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  // Every method: a POST to a page path is as unknown as a GET to a missing one. Under /api the answer is
  // problem JSON, as everywhere in the API.
  app.all(
    "*",
    securityHeaders(),
    (c) =>
      c.req.path === "/api" || c.req.path.startsWith("/api/")
        ? problemResponse(apiNotFound(`No resource at ${quoted(c.req.path)}`), c.req.path, silentLogger)
        : notFound(c),
  );
  return app;
}

/** Builds the public pages' routes. */
export function routes(deps: AppDeps): Hono<PageEnv> {
  const db = deps.store.db;
  const app = new Hono<PageEnv>();
  // On each route rather than on "*": other sub-apps mounted beside these keep their own headers.
  // Every page here is a function of its URL and the store's data: main's handler may keep its answer.
  const headers = securityHeaders({ keep: true });

  app.get("/", headers, async (c) => {
    const events = await loadEvents(db);
    return renderPage(c, <HomePage nonce={c.var.nonce} events={events} />);
  });

  app.get("/rankings", headers, async (c) => {
    const page = parsePageNumber(c.req.query("page"));
    const { rows, total } = await loadRankings(db, page, RANKINGS_PAGE_SIZE);
    return renderPage(c, <RankingsPage nonce={c.var.nonce} rows={rows} page={page} total={total} />);
  });

  app.get("/t/:slug", headers, async (c) => {
    const data = await loadEventBoard(deps.store, c.req.param("slug"));
    if (!data) return notFound(c);
    return renderPage(c, <EventPage nonce={c.var.nonce} {...data} />);
  });

  // A category's pages show the category and the names of its event, whose every write bumps the category's
  // version too (db/revision.ts): they outlive the points of other categories.
  const categoryVersion = (id: string) => () =>
    isUuid(id) ? versions(deps.store).subevent(id.toLowerCase()) : Promise.resolve(null);

  app.get("/t/:slug/c/:id", headers, async (c) => {
    await readPageVersion(c, categoryVersion(c.req.param("id")));
    const data = await loadCategoryPage(db, c.req.param("slug"), c.req.param("id"));
    if (!data) return notFound(c);
    return renderPage(c, <CategoryPage nonce={c.var.nonce} {...data} />);
  });

  // The players' index changes with the event's roster (imports, draws, the desk's edits), not with points; a
  // player's page with the categories the player is entered in (db/read_versions.ts).
  app.get("/t/:slug/players", headers, async (c) => {
    await readPageVersion(c, () => versions(deps.store).eventRoster(c.req.param("slug")));
    const data = await loadPlayersPage(db, c.req.param("slug"));
    if (!data) return notFound(c);
    return renderPage(c, <PlayersPage nonce={c.var.nonce} {...data} />);
  });

  app.get("/t/:slug/p/:id", headers, async (c) => {
    const id = c.req.param("id");
    if (isUuid(id)) {
      await readPageVersion(c, () => versions(deps.store).eventPlayer(c.req.param("slug"), id.toLowerCase()));
    }
    const data = await loadPlayerPage(db, c.req.param("slug"), c.req.param("id"));
    if (!data) {
      // An id the player had before: the page has moved for good.
      const now = isUuid(id) ? await playerAlias(db, id.toLowerCase()) : null;
      return now ? c.redirect(playerPath(c.req.param("slug"), now), 301) : notFound(c);
    }
    return renderPage(c, <PlayerPage nonce={c.var.nonce} {...data} />);
  });

  app.get("/t/:slug/tv", headers, async (c) => {
    const data = await loadEventBoard(deps.store, c.req.param("slug"));
    if (!data) return notFound(c);
    return renderPage(
      c,
      <TvPage
        nonce={c.var.nonce}
        {...data}
        followUrl={eventUrl(c.req.url, data.event.slug)}
        interval={parseTvInterval(c.req.query("interval"))}
        now={deps.clock().getTime()}
      />,
    );
  });

  app.get("/t/:slug/poster", headers, async (c) => {
    const data = await loadEventSummary(db, c.req.param("slug"));
    if (!data) return notFound(c);
    return renderPage(
      c,
      <PosterPage
        nonce={c.var.nonce}
        {...data}
        followUrl={eventUrl(c.req.url, data.event.slug)}
        size={parsePaperSize(c.req.query("size"))}
      />,
    );
  });

  // A match's pages change with the match (and the names around it), not with every point elsewhere.
  const matchPageVersion = (id: string) => () =>
    isUuid(id) ? versions(deps.store).matchPage(id.toLowerCase()) : Promise.resolve(null);

  app.get("/m/:id", headers, async (c) => {
    await readPageVersion(c, matchPageVersion(c.req.param("id")));
    const found = await loadMatchPage(db, c.req.param("id"));
    if (!found) return notFound(c);
    if ("pending" in found) return renderPage(c, <PendingMatchPage nonce={c.var.nonce} {...found.pending} />);
    return renderPage(c, <MatchPage nonce={c.var.nonce} {...found.known} now={deps.clock().getTime()} />);
  });

  app.get("/overlay/match/:id", headers, async (c) => {
    await readPageVersion(c, matchPageVersion(c.req.param("id")));
    const found = await loadMatchPage(db, c.req.param("id"));
    if (!found) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    const params = parseOverlayParams(c.req.query());
    if ("pending" in found) {
      return renderPage(
        c,
        <PendingMatchOverlayPage nonce={c.var.nonce} params={params} subeventId={found.pending.subeventId} />,
      );
    }
    const data = found.known;
    return renderPage(
      c,
      <MatchOverlayPage
        nonce={c.var.nonce}
        params={params}
        match={data.match}
        live={data.live}
        homeAssociation={data.homeAssociation}
        awayAssociation={data.awayAssociation}
        homePlayers={data.homePlayers}
        awayPlayers={data.awayPlayers}
        now={deps.clock().getTime()}
      />,
    );
  });

  app.get("/overlay/subevent/:id", headers, async (c) => {
    const id = c.req.param("id");
    await readPageVersion(c, categoryVersion(id));
    const data = await loadCategoryMatches(db, id);
    if (!data) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    return renderPage(
      c,
      <CategoryOverlayPage
        nonce={c.var.nonce}
        params={parseOverlayParams(c.req.query())}
        subeventId={id.toLowerCase()}
        {...data}
      />,
    );
  });

  app.onError((err, c) => {
    // An outage is answered 503 and logged once by the outage guard (api/outage_guard.ts), not per request.
    if (!isStoreUnavailable(err)) {
      requestLog(c, deps.log).error(
        `Cannot render the page "${c.req.path}": ${err instanceof Error ? err.stack : String(err)}`,
      );
    }
    return c.html(
      "<!doctype html><title>Error</title><p>Sorry, this page cannot be shown right now.</p>",
      500,
    );
  });

  return app;
}
