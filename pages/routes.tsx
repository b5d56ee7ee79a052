/**
 * The public pages' routes. Each handler reads through the views (views/), as the API does, and renders a page
 * component; anything
 * unknown or unpublished is a 404 page (an empty transparent one for overlays). Every response carries the
 * security headers of security_headers.ts.
 */
import { type Context, Hono } from "hono";
import { type ReadyDeps, viewDeps } from "../http/deps.ts";
import { failureLog } from "../http/outage_guard.ts";
import { isUuid } from "../lib/uuid.ts";
import { categoryView } from "../views/category.ts";
import { eventPageVersion, eventView, hallTables } from "../views/event.ts";
import { hallPaused, relayLink } from "../views/relay_link.ts";
import { eventPlayersView } from "../views/event_players.ts";
import { eventsView } from "../views/events.ts";
import { type MatchData, matchView } from "../views/match.ts";
import { movedPlayer, playerView } from "../views/player.ts";
import { profilePageView } from "../views/player_profile.ts";
import { rankingsView } from "../views/rankings.ts";
import type { View } from "../views/view.ts";
import { EventBoards } from "../views/event_board.ts";
import { TieBoards } from "../views/tie_boards.ts";
import { CategoryPage } from "./category_page.tsx";
import {
  categoryMatchesWatchPath,
  eventPath,
  matchWatchPath,
  playerPath,
  profilePath,
} from "./page_paths.ts";
import { EVENT_PAGE_RECENT_RESULTS, EVENT_PAGE_UPCOMING, EventPage } from "./event_page.tsx";
import { HomePage } from "./home.tsx";
import { TieOverlayPage } from "./overlay_tie.tsx";
import { tieOfMatch, tiePath, tieWatchPath } from "./tie_data.ts";
import { TiePage } from "./tie_page.tsx";
import { TableScoreboardPage } from "./table_scoreboard.tsx";
import { categoryTiesView, tieView } from "../views/tie.ts";
import { MatchPage, PendingMatchPage } from "./match_page.tsx";
import { NotFoundPage } from "./not_found.tsx";
import { notFound as apiNotFound, problemResponse, quoted } from "../http/problem.ts";
import { silentLogger } from "../lib/log.ts";
import { EmptyOverlay } from "./overlay_document.tsx";
import { FreeTableOverlayPage, MatchOverlayPage, PendingMatchOverlayPage } from "./overlay_match.tsx";
import { tableShow } from "../domain/table_show.ts";
import { matchOnTable } from "../domain/table_call.ts";
import { parseTvDistance } from "./tv_distance.ts";
import { type OverlayParams, parseOverlayParams } from "./overlay_params.ts";
import { CategoryOverlayPage } from "./overlay_category.tsx";
import { categoryLanguage } from "../views/category_language.ts";
import { matchLanguage } from "../views/match_language.ts";
import { overlayCardRoutes } from "./overlay_card_routes.tsx";
import { PlayerPage } from "./player_page.tsx";
import { PlayersPage } from "./players_page.tsx";
import { ProfilePage } from "./profile_page.tsx";
import { parsePaperSize, PosterPage } from "./poster.tsx";
import { RANKINGS_PAGE_SIZE, RankingsPage } from "./rankings_page.tsx";
import { renderPage } from "./render.ts";
import { type PageEnv, securityHeaders } from "./security_headers.ts";
import { parseTvInterval, parseTvView, TV_MAX_ROWS, TvPage } from "./tv.tsx";
import { dependsOnForwarded, isLoopbackOrigin, publicOrigin } from "../http/public_origin.ts";

/** The absolute URL of an event's page on the site that answered the request (for QR codes). */
export function eventUrl(requestUrl: string, slug: string): string {
  return new URL(requestUrl).origin + eventPath(slug);
}

/** The absolute URL of an event's page at the address the QR codes encode (http/public_origin.ts). */
function followUrl(deps: ReadyDeps, c: Context<PageEnv>, slug: string): string {
  return publicOrigin(deps.publicAddress, c.req.raw, deps.trustedProxies ?? 0) + eventPath(slug);
}

/** The rankings page number from `?page=`: a whole number from 1, else 1. */
export function parsePageNumber(raw: string | undefined): number {
  return raw !== undefined && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

/**
 * Reads a page's own version before its data, when main's handler may keep the page: the kept page is then
 * served after writes elsewhere for as long as the version holds (http/answer_cache.ts). Read first, so that a write
 * landing between the two leaves the page older than its data's version, never the other way round.
 */
async function readPageVersion(c: Context<PageEnv>, read: () => Promise<string | null>): Promise<void> {
  if (c.var.generation === undefined) return;
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

/**
 * Reads a view for a page: its version first, when main's handler may keep the page (http/answer_cache.ts), then what
 * it shows.
 */
async function readView<P, T>(
  c: Context<PageEnv>,
  deps: ReadyDeps,
  view: View<P, T>,
  params: P,
): Promise<T | null> {
  const vd = viewDeps(deps);
  await readPageVersion(c, () => view.version(vd, params));
  return await view.load(vd, params);
}

/**
 * The overlay of a match whose players are known, watching `watch` (by default the match itself); a match of a tie
 * shows the tie score too and watches the tie, whose other matches move that score, and a tie's own match is the
 * tie's overlay: such a page is kept for the store's generation only, not under the match's version.
 */
/**
 * What a table of an event shows: with `holdMs`, as its overlay does (domain/table_show.ts: the match in play
 * there, else called there, else its last result for `holdMs`, else its next by the order of play); with null,
 * only the match in play there, else called there (domain/table_call.ts), as the scoreboard beside it does. With
 * what a page showing it watches (every category of the event, so that it moves on by itself) and in how many ms
 * what it shows runs out (a held result); null when the event or the table number is unknown.
 */
async function tableMatch(deps: ReadyDeps, slug: string, tableParam: string, holdMs: number | null) {
  const tableNo = Number(tableParam);
  const vd = viewDeps(deps);
  const event = Number.isInteger(tableNo) && tableNo >= 1 && tableNo <= 999
    ? await eventView.load(vd, slug)
    : null;
  if (!event) return null;
  const ids = event.categories.map((s) => s.id);
  const watch = ids.map(categoryMatchesWatchPath).join(" ");
  const lists = await Promise.all(ids.map((id) => categoryView.load(vd, id)));
  const now = deps.clock().getTime();
  const matches = lists.flatMap((l) => l?.category.matches ?? []);
  const on = holdMs === null ? matchOnTable(matches, tableNo) : null;
  const shown = holdMs === null
    ? (on && { match: on, until: null })
    : tableShow(matches, tableNo, now, holdMs);
  const found = shown && await matchView.load(vd, shown.match.id);
  const data = found && "known" in found ? found.known : null;
  const refreshIn = !shown || shown.until === null ? null : shown.until - now;
  return { tableNo, eventName: event.event.name, language: event.language, watch, data, refreshIn };
}

async function matchOverlay(
  c: Context<PageEnv>,
  deps: ReadyDeps,
  data: MatchData,
  params: OverlayParams,
  watch?: string,
  refreshIn?: number | null,
) {
  const nonce = c.var.nonce, now = deps.clock().getTime();
  const vd = viewDeps(deps);
  // A tie's own match (the match between two teams, whose games are its matches) is shown as the tie.
  const own = !data.match.tieId && await tieView.version(vd, data.match.id) !== null
    ? await tieView.load(vd, data.match.id)
    : null;
  const tie = own ?? await tieOfMatch(vd, data.match);
  if (tie) c.set("pageVersion", undefined);
  if (own) {
    const both = watch === undefined ? undefined : `${watch} ${tieWatchPath(own.id)}`;
    return <TieOverlayPage nonce={nonce} params={params} tie={own} watch={both} refreshIn={refreshIn} />;
  }
  return (
    <MatchOverlayPage
      nonce={nonce}
      params={params}
      watch={tie ? `${watch ?? matchWatchPath(data.match.id)} ${tieWatchPath(tie.id)}` : watch}
      tie={tie}
      refreshIn={refreshIn}
      match={data.match}
      live={data.live}
      homeAssociation={data.homeAssociation}
      awayAssociation={data.awayAssociation}
      homePlayers={data.homePlayers}
      awayPlayers={data.awayPlayers}
      now={now}
    />
  );
}

/** Builds the public pages' routes. */
export function routes(deps: ReadyDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  const boards = new EventBoards({
    upcoming: Math.max(TV_MAX_ROWS, EVENT_PAGE_UPCOMING),
    recent: Math.max(TV_MAX_ROWS, EVENT_PAGE_RECENT_RESULTS),
  });
  const tieBoards = new TieBoards();
  // On each route rather than on "*": other sub-apps mounted beside these keep their own headers.
  // Every page here is a function of its URL and the store's data: main's handler may keep its answer.
  const headers = securityHeaders({ keep: deps.answers });
  // A page with a QR code is a function of its URL and data too, unless its address comes from a trusted proxy's
  // forwarded headers (http/public_origin.ts), which the URL the answer is kept by does not say.
  const qrHeaders = dependsOnForwarded(deps.publicAddress, deps.trustedProxies ?? 0)
    ? securityHeaders()
    : headers;

  app.get("/", headers, async (c) => {
    const events = await readView(c, deps, eventsView, undefined);
    return renderPage(c, <HomePage nonce={c.var.nonce} events={events ?? []} />);
  });

  app.get("/rankings", headers, async (c) => {
    const page = parsePageNumber(c.req.query("page"));
    const offset = (page - 1) * RANKINGS_PAGE_SIZE;
    const data = await readView(c, deps, rankingsView, { limit: RANKINGS_PAGE_SIZE, offset });
    return renderPage(
      c,
      <RankingsPage nonce={c.var.nonce} rows={data?.rows ?? []} page={page} total={data?.total ?? 0} />,
    );
  });

  // Kept while its event's version holds: writes to other events leave it as it is.
  app.get("/t/:slug", headers, async (c) => {
    const slug = c.req.param("slug");
    const vd = viewDeps(deps);
    await readPageVersion(c, () => eventPageVersion(vd, slug, deps.clock()));
    const data = await boards.load(vd, slug);
    if (!data) return notFound(c);
    const ties = await tieBoards.ofBoard(vd, data.categories);
    const link = await relayLink(vd, slug);
    const pausedSince = hallPaused(link, deps.clock()) ? link!.lastContactAt : null;
    return renderPage(
      c,
      <EventPage nonce={c.var.nonce} {...data} ties={ties} hallPausedSince={pausedSince} />,
      200,
      data.language,
    );
  });

  // A category's pages show the category and the names of its event, whose every write bumps the category's
  // version too (db/revision.ts): they outlive the points of other categories.
  app.get("/t/:slug/c/:id", headers, async (c) => {
    const found = await readView(c, deps, categoryView, c.req.param("id"));
    const event = found && await eventView.load(viewDeps(deps), c.req.param("slug"));
    if (!found || !event || event.event.id !== found.record.eventId) return notFound(c);
    const ties = found.record.kind === "team"
      ? await categoryTiesView.load(viewDeps(deps), found.record.id)
      : null;
    return renderPage(
      c,
      <CategoryPage nonce={c.var.nonce} event={event.event} category={found.category} ties={ties ?? []} />,
    );
  });

  app.get("/t/:slug/players", headers, async (c) => {
    const data = await readView(c, deps, eventPlayersView, c.req.param("slug"));
    if (!data) return notFound(c);
    return renderPage(c, <PlayersPage nonce={c.var.nonce} {...data} />);
  });

  app.get("/t/:slug/p/:id", headers, async (c) => {
    const id = c.req.param("id");
    const data = await readView(c, deps, playerView, { slug: c.req.param("slug"), playerId: id });
    if (!data) {
      // An id the player had before: the page has moved for good.
      const now = isUuid(id) ? await movedPlayer(viewDeps(deps), id.toLowerCase()) : null;
      return now ? c.redirect(playerPath(c.req.param("slug"), now), 301) : notFound(c);
    }
    return renderPage(c, <PlayerPage nonce={c.var.nonce} {...data} />);
  });

  // A player across events; `vs` adds the head-to-head with another player (an id that is not one is ignored).
  app.get("/p/:id", headers, async (c) => {
    const raw = c.req.param("id");
    if (!isUuid(raw)) return notFound(c);
    const id = raw.toLowerCase();
    const given = c.req.query("vs");
    const vs = given !== undefined && isUuid(given) && given.toLowerCase() !== id
      ? given.toLowerCase()
      : null;
    const data = await readView(c, deps, profilePageView, { id, vs });
    if (!data) {
      const now = await movedPlayer(viewDeps(deps), id);
      return now ? c.redirect(profilePath(now), 301) : notFound(c);
    }
    return renderPage(c, <ProfilePage nonce={c.var.nonce} {...data} />);
  });

  app.get("/t/:slug/tv", qrHeaders, async (c) => {
    const data = await boards.load(viewDeps(deps), c.req.param("slug"));
    if (!data) return notFound(c);
    const tables = await hallTables(viewDeps(deps), data.event.id);
    const ties = await tieBoards.ofBoard(viewDeps(deps), data.categories);
    const tvFollowUrl = followUrl(deps, c, data.event.slug);
    return renderPage(
      c,
      <TvPage
        nonce={c.var.nonce}
        {...data}
        followUrl={tvFollowUrl}
        loopback={isLoopbackOrigin(tvFollowUrl)}
        interval={parseTvInterval(c.req.query("interval"))}
        now={deps.clock().getTime()}
        tables={tables}
        only={parseTvView(c.req.query("view"))}
        distance={parseTvDistance(c.req.query("distance"), c.req.query("diagonal"))}
        ties={ties}
      />,
      200,
      data.language,
    );
  });

  app.get("/t/:slug/poster", qrHeaders, async (c) => {
    const data = await readView(c, deps, eventView, c.req.param("slug"));
    if (!data) return notFound(c);
    const url = followUrl(deps, c, data.event.slug);
    return renderPage(
      c,
      <PosterPage
        nonce={c.var.nonce}
        event={data.event}
        categories={data.categories.map((s) => s.name)}
        followUrl={url}
        loopback={isLoopbackOrigin(url)}
        size={parsePaperSize(c.req.query("size"))}
      />,
      200,
      data.language,
    );
  });

  // A match's pages change with the match (and the names around it), not with every point elsewhere.
  app.get("/m/:id", headers, async (c) => {
    const found = await readView(c, deps, matchView, c.req.param("id"));
    if (!found) return notFound(c);
    // A tie's own match (the group or knockout match between two teams) is shown as the tie.
    if (await tieView.version(viewDeps(deps), c.req.param("id")) !== null) {
      return c.redirect(tiePath(c.req.param("id").toLowerCase()), 302);
    }
    if ("pending" in found) return renderPage(c, <PendingMatchPage nonce={c.var.nonce} {...found.pending} />);
    // A match of a tie names the tie and its score, which its other matches move too: kept for the generation only.
    const tie = await tieOfMatch(viewDeps(deps), found.known.match);
    if (tie) c.set("pageVersion", undefined);
    return renderPage(
      c,
      <MatchPage nonce={c.var.nonce} {...found.known} now={deps.clock().getTime()} tie={tie} />,
    );
  });

  // A tie of a team event: its page follows the tie's answer, whose version is its category's.
  app.get("/tie/:id", headers, async (c) => {
    const tie = await readView(c, deps, tieView, c.req.param("id"));
    const found = tie && await matchView.load(viewDeps(deps), tie.id);
    if (!tie || !found || !("known" in found)) return notFound(c);
    return renderPage(c, <TiePage nonce={c.var.nonce} tie={tie} place={found.known} />);
  });

  // A tie's overlay; a tie whose teams are not known yet is transparent and polls its category, as a match's.
  app.get("/overlay/tie/:id", headers, async (c) => {
    const tie = await readView(c, deps, tieView, c.req.param("id"));
    const params = parseOverlayParams(c.req.query());
    if (tie) {
      const language = await matchLanguage(deps.store.db, tie.id);
      return renderPage(c, <TieOverlayPage nonce={c.var.nonce} params={params} tie={tie} />, 200, language);
    }
    const found = await tieView.version(viewDeps(deps), c.req.param("id")) !== null &&
      await matchView.load(viewDeps(deps), c.req.param("id"));
    if (!found || !("pending" in found)) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    return renderPage(
      c,
      <PendingMatchOverlayPage nonce={c.var.nonce} params={params} categoryId={found.pending.categoryId} />,
    );
  });

  // In the event's language, which the match's version holds (db/version_tags.ts), so a kept page follows it.
  app.get("/overlay/match/:id", headers, async (c) => {
    const found = await readView(c, deps, matchView, c.req.param("id"));
    if (!found) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    const params = parseOverlayParams(c.req.query());
    const language = await matchLanguage(deps.store.db, c.req.param("id"));
    if ("pending" in found) {
      return renderPage(
        c,
        <PendingMatchOverlayPage nonce={c.var.nonce} params={params} categoryId={found.pending.categoryId} />,
        200,
        language,
      );
    }
    return renderPage(c, await matchOverlay(c, deps, found.known, params), 200, language);
  });

  // A table's overlay shows the match on the table (in play, else called there, else the last result for the
  // hold, else the next by the order of play: domain/table_show.ts) and moves on to the next
  // by itself: it watches every category of its event. Never kept: what it shows moves with the clock (the hold).
  app.get("/overlay/table/:slug/:tableNo", securityHeaders(), async (c) => {
    const params = parseOverlayParams(c.req.query());
    const table = await tableMatch(deps, c.req.param("slug"), c.req.param("tableNo"), params.hold * 1000);
    if (!table) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    const { watch, data, refreshIn, language } = table;
    if (!data) {
      return renderPage(
        c,
        <FreeTableOverlayPage nonce={c.var.nonce} params={params} watch={watch} />,
        200,
        language,
      );
    }
    return renderPage(c, await matchOverlay(c, deps, data, params, watch, refreshIn), 200, language);
  });

  // The scoreboard beside a table, for the players and the hall: the same match as the table's overlay.
  app.get("/t/:slug/table/:tableNo/scoreboard", headers, async (c) => {
    const table = await tableMatch(deps, c.req.param("slug"), c.req.param("tableNo"), null);
    if (!table) return notFound(c);
    return renderPage(
      c,
      <TableScoreboardPage
        nonce={c.var.nonce}
        tableNo={table.tableNo}
        eventName={table.eventName}
        watch={table.watch}
        data={table.data}
        now={deps.clock().getTime()}
      />,
      200,
      table.language,
    );
  });

  // The featured overlay shows the match the desk puts on it (the event's featuredMatchId), and switches when the
  // desk picks another: it watches the event (whose answer names that match) and the match itself.
  app.get("/overlay/featured/:slug", headers, async (c) => {
    const vd = viewDeps(deps);
    const event = await eventView.load(vd, c.req.param("slug"));
    if (!event) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    const params = parseOverlayParams(c.req.query());
    const featured = event.event.featuredMatchId;
    const found = featured === null ? null : await matchView.load(vd, featured);
    const eventWatch = `/api/v1/events/${encodeURIComponent(event.event.slug)}`;
    if (!found || !("known" in found)) {
      return renderPage(
        c,
        <FreeTableOverlayPage nonce={c.var.nonce} params={params} watch={eventWatch} />,
        200,
        event.language,
      );
    }
    const watch = `${eventWatch} ${matchWatchPath(found.known.match.id)}`;
    return renderPage(c, await matchOverlay(c, deps, found.known, params, watch), 200, event.language);
  });

  app.get("/overlay/subevent/:id", headers, async (c) => {
    const id = c.req.param("id");
    const found = await readView(c, deps, categoryView, id);
    if (!found) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    return renderPage(
      c,
      <CategoryOverlayPage
        nonce={c.var.nonce}
        params={parseOverlayParams(c.req.query())}
        categoryId={id.toLowerCase()}
        name={found.category.name}
        matches={found.category.matches}
      />,
      200,
      await categoryLanguage(deps.store.db, id),
    );
  });

  app.route("/", overlayCardRoutes(deps));

  app.onError((err, c) => {
    failureLog(c, deps.log, err).error(
      `Cannot render the page "${c.req.path}": ${err instanceof Error ? err.stack : String(err)}`,
    );
    return c.html(
      "<!doctype html><title>Error</title><p>Sorry, this page cannot be shown right now.</p>",
      500,
    );
  });

  return app;
}
