/**
 * The printed sheets of an event, under /t/{slug}/print/ (docs/printing.md): match sheets (with the operator's
 * token), group sheets, draws, results lists and their CSV, the order of play. Each is an HTML page made for
 * print (`@page`, whole sheets and rows on a page), read through the public views.
 */
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { renderToString } from "preact-render-to-string";
import { type ReadyDeps, viewDeps } from "../../http/deps.ts";
import { type ClientEnv, UNKNOWN_CLIENT } from "../../http/client_address.ts";
import { FailureLimiter } from "../../http/failure_limiter.ts";
import { playOrder } from "../../domain/order_of_play.ts";
import { spansDays } from "../format.ts";
import { categoryPath, eventPath } from "../page_paths.ts";
import { NotFoundPage } from "../not_found.tsx";
import { renderPage } from "../render.ts";
import { I18nContext, i18nFor } from "../i18n/mod.ts";
import { pageLanguage } from "../i18n/page_language.ts";
import { type PageEnv, securityHeaders } from "../security_headers.ts";
import { MatchCards, type SheetMatch } from "./match_sheet.tsx";
import { parseMatchSelection, selects } from "./match_selection.ts";
import { MatchSheetsPage } from "./match_sheets_page.tsx";
import { GroupSheetsPage } from "./group_sheets_page.tsx";
import { ResultsListPage } from "./results_list.tsx";
import { PrintCenterPage } from "./print_center.tsx";
import { OrderOfPlayPage } from "./order_of_play.tsx";
import { drawPaper, DrawSheetPage } from "./draw_sheet.tsx";
import { resultsCsv } from "./results_csv.ts";
import { readPrintEvent } from "../../views/print_data.ts";
import { printAuthority } from "../../http/print_token.ts";
import { linkBase } from "../../http/public_origin.ts";
import { MatchReportPage } from "./match_report.tsx";
import { matchView } from "../../views/match.ts";
import { readMatchMedical } from "../../views/match_medical.ts";
import { matchLanguage } from "../../views/match_language.ts";
import { readMatchUndone } from "../../views/match_undone.ts";

/** The address the QR codes point at: `?base=` (as /manage sets it for phones), else the request's origin. */
export function printBase(c: Context): string {
  const origin = new URL(c.req.url).origin;
  try {
    return linkBase(c.req.query("base"), origin);
  } catch {
    return origin;
  }
}

/** The request's path and query with one parameter set to `value`, or taken out with null. */
function withParam(url: string, name: string, value: string | null): string {
  const u = new URL(url);
  if (value === null) u.searchParams.delete(name);
  else u.searchParams.set(name, value);
  return u.pathname + u.search;
}

/** Builds the print routes, mounted at / with the public pages. */
export function printRoutes(deps: ReadyDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  const headers = securityHeaders();
  // The match sheets' failed tokens, limited as the management API limits its own (10 a minute per address).
  const limiter = new FailureLimiter(10, 60_000);
  const notFound = (c: Context<PageEnv>) => renderPage(c, <NotFoundPage nonce={c.var.nonce} />, 404);

  app.get("/t/:slug/print", headers, async (c) => {
    const data = await readPrintEvent(viewDeps(deps), c.req.param("slug"));
    if (!data) return notFound(c);
    const base = c.req.query("base");
    const query = base === undefined ? "" : `base=${encodeURIComponent(printBase(c))}`;
    return renderPage(
      c,
      <PrintCenterPage nonce={c.var.nonce} data={data} query={query} />,
      200,
      data.language,
    );
  });

  // Before the security headers, so that its answer's no-store outlasts their no-cache: a browser keeps no copy
  // of the sheets a token fetched (they hold the scorer's links).
  const noStore = createMiddleware(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  // The referee's report of one match: its games and every incident the umpire recorded.
  app.get("/t/:slug/print/report/:matchId", headers, async (c) => {
    const found = await matchView.load(viewDeps(deps), c.req.param("matchId"));
    if (!found || !("known" in found) || found.known.event.slug !== c.req.param("slug")) return notFound(c);
    const m = found.known.match;
    const medical = await readMatchMedical(viewDeps(deps), m.eventId, m.id);
    const language = await matchLanguage(deps.store.db, m.id);
    const undone = await readMatchUndone(viewDeps(deps), m.eventId, m.id);
    return renderPage(
      c,
      <MatchReportPage nonce={c.var.nonce} data={found.known} medical={medical} undone={undone} />,
      200,
      language,
    );
  });

  app.get("/t/:slug/print/matches", noStore, headers, async (c) => {
    c.header("Vary", "Authorization");
    const selection = parseMatchSelection(c.req.query());
    const data = await readPrintEvent(viewDeps(deps), c.req.param("slug"), selection.category);
    if (!data) return notFound(c);
    const authority = await printAuthority(deps.store.db, limiter, {
      header: c.req.header("Authorization"),
      address: (c.var as Partial<ClientEnv["Variables"]>).client ?? UNKNOWN_CLIENT,
      now: deps.clock(),
    });
    if (typeof authority === "object") {
      return c.text(`Too many failed tokens from this address: try again in ${authority.retryAfter} s`, 429, {
        "Retry-After": String(authority.retryAfter),
      });
    }
    if (authority === "refused") {
      return c.text("The token is unknown, revoked or not an admin token", 401);
    }
    const perPage = c.req.query("per") === "2" ? 2 : 1;
    const sheets: SheetMatch[] = data.categories.flatMap((cat) =>
      cat.view.matches.filter((m) => selects(selection, m)).map((m) => ({
        match: m,
        eventName: data.event.name,
        categoryName: cat.view.name,
        home: cat.entries.get(m.homeId),
        away: cat.entries.get(m.awayId),
        withDay: spansDays(data.event),
      }))
    ).sort((a, b) => playOrder(a.match, b.match));
    if (authority === "admin") {
      // The sheets alone, in the page's language (the frame asks for them with its own address, `?lang=` too).
      const i18n = i18nFor(pageLanguage(c.req.raw, true, data.language).lang);
      return c.html(renderToString(
        <I18nContext.Provider value={i18n}>
          <MatchCards sheets={sheets} base={printBase(c)} perPage={perPage} />
        </I18nContext.Provider>,
      ));
    }
    return renderPage(
      c,
      <MatchSheetsPage
        nonce={c.var.nonce}
        eventName={data.event.name}
        layouts={[
          { href: withParam(c.req.url, "per", "1"), label: "print.onePerPage", current: perPage === 1 },
          { href: withParam(c.req.url, "per", "2"), label: "print.twoPerPage", current: perPage === 2 },
        ]}
      />,
      200,
      data.language,
    );
  });

  /** The event and the one category of `?category=`, or null (the page is then a 404). */
  const oneCategory = async (c: Context<PageEnv>) => {
    const id = c.req.query("category");
    if (id === undefined) return null;
    const data = await readPrintEvent(viewDeps(deps), c.req.param("slug") ?? "", id);
    const category = data?.categories[0];
    return data && category ? { ...data, category } : null;
  };

  app.get("/t/:slug/print/groups", headers, async (c) => {
    const data = await oneCategory(c);
    if (!data) return notFound(c);
    const filled = c.req.query("filled") === "1";
    return renderPage(
      c,
      <GroupSheetsPage
        nonce={c.var.nonce}
        slug={data.event.slug}
        eventName={data.event.name}
        category={data.category}
        only={c.req.query("group")}
        filled={filled}
        withDay={spansDays(data.event)}
        base={printBase(c)}
        layouts={[
          { href: withParam(c.req.url, "filled", null), label: "print.blank", current: !filled },
          { href: withParam(c.req.url, "filled", "1"), label: "print.withResults", current: filled },
        ]}
      />,
      200,
      data.language,
    );
  });

  app.get("/t/:slug/print/results", headers, async (c) => {
    const data = await readPrintEvent(viewDeps(deps), c.req.param("slug"), c.req.query("category"));
    if (!data || data.categories.length === 0) return notFound(c);
    const csv = new URL(c.req.url);
    csv.pathname += ".csv";
    return renderPage(
      c,
      <ResultsListPage
        nonce={c.var.nonce}
        eventName={data.event.name}
        categories={data.categories}
        followUrl={(id) => printBase(c) + categoryPath(data.event.slug, id)}
        layouts={[{ href: csv.pathname + csv.search, label: "print.downloadCsv", current: false }]}
      />,
      200,
      data.language,
    );
  });

  app.get("/t/:slug/print/order", headers, async (c) => {
    const data = await readPrintEvent(viewDeps(deps), c.req.param("slug"));
    if (!data) return notFound(c);
    const selection = parseMatchSelection(c.req.query());
    const followUrl = printBase(c) + eventPath(data.event.slug);
    return renderPage(
      c,
      <OrderOfPlayPage nonce={c.var.nonce} data={data} selection={selection} followUrl={followUrl} />,
      200,
      data.language,
    );
  });

  app.get("/t/:slug/print/draw", headers, async (c) => {
    const data = await oneCategory(c);
    const draw = data?.category.view.draw;
    if (!data || !draw) return notFound(c);
    const size = drawPaper(c.req.query("size"), draw.size);
    return renderPage(
      c,
      <DrawSheetPage
        nonce={c.var.nonce}
        eventName={data.event.name}
        categoryName={data.category.view.name}
        draw={draw}
        size={size}
        entries={data.category.entries}
        followUrl={printBase(c) + categoryPath(data.event.slug, data.category.view.id)}
        layouts={[
          { href: withParam(c.req.url, "size", "a4"), label: "print.a4", current: size === "a4" },
          { href: withParam(c.req.url, "size", "a3"), label: "print.a3", current: size === "a3" },
        ]}
      />,
      200,
      data.language,
    );
  });

  app.get("/t/:slug/print/results.csv", async (c) => {
    const data = await readPrintEvent(viewDeps(deps), c.req.param("slug"), c.req.query("category"));
    if (!data || data.categories.length === 0) return c.text("No such event or category", 404);
    const rows = data.categories.map((cat) => ({ ...cat.view, entries: cat.entries }));
    return c.body(resultsCsv(rows), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${data.event.slug}-results.csv"`,
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    });
  });

  return app;
}
