/**
 * The producer's stream on the overlays (domain/stream_state.ts): the on-air state every overlay of an event
 * polls (`/overlay/air/{slug}`), the slate and sponsor overlays, and the gate in front of the other overlays. A
 * graphic off air answers a transparent page that polls the state; one on air is the overlay as always, polling
 * the state besides its own data (pages/stream_air_context.tsx). Mounted before pages/routes.tsx.
 */
import { type Context, Hono } from "hono";
import type { ReadyDeps } from "../http/deps.ts";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { HttpError, quoted } from "../http/problem.ts";
import { respond } from "../http/respond.ts";
import { viewDeps } from "../http/deps.ts";
import { STREAM_GRAPHICS, type StreamGraphic } from "../domain/stream_state.ts";
import { eventView } from "../views/event.ts";
import {
  graphicAir,
  streamStateOf,
  type StreamTarget,
  streamVersion,
  streamWatchPath,
} from "../views/stream_state.ts";
import { EmptyOverlay } from "./overlay_document.tsx";
import { parseOverlayParams } from "./overlay_params.ts";
import { OffAirOverlayPage, SlateOverlayPage, SponsorOverlayPage } from "./overlay_stream.tsx";
import { StandingsOverlayPage } from "./overlay_standings.tsx";
import { BracketOverlayPage } from "./overlay_bracket.tsx";
import {
  pickedBracket,
  pickedStandings,
  type PickReads,
  pickRosterVersion,
  pickVersion,
} from "./stream_picks.ts";
import { parseTvDistance } from "./tv_distance.ts";
import { renderPage } from "./render.ts";
import { type PageEnv, securityHeaders } from "./security_headers.ts";

/** The graphic an overlay path shows and what names its event; null for a path the producer does not switch. */
export function gatedGraphic(
  path: string,
  query: Record<string, string | undefined>,
): { graphic: StreamGraphic; target: StreamTarget } | null {
  const [, , kind, a, b] = path.split("/").map((p) => safeDecode(p));
  if (a === undefined || a === "") return null;
  if (kind === "match" && b === undefined) return { graphic: "bar", target: { matchId: a } };
  if ((kind === "table" && b !== undefined) || (kind === "featured" && b === undefined)) {
    return { graphic: "bar", target: { slug: a } };
  }
  if (kind === "tie" && b === undefined) return { graphic: "tie", target: { matchId: a } };
  if (kind === "subevent" && b === undefined) return { graphic: "board", target: { categoryId: a } };
  if ((kind === "standings" || kind === "bracket") && b === undefined) {
    return { graphic: kind, target: { slug: a } };
  }
  if (kind === "card" && a === "match" && b) return { graphic: "lowerThird", target: { matchId: b } };
  // A player's card belongs to no event of its own: it obeys the event its URL names, if any.
  if (kind === "card" && a === "player" && b && query.event) {
    return { graphic: "lowerThird", target: { slug: query.event } };
  }
  return null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Builds the stream's routes and the gate of the overlays. */
export function streamRoutes(deps: ReadyDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  const offAirHeaders = securityHeaders();

  app.use("/overlay/*", async (c, next) => {
    const gated = c.req.method === "GET" ? gatedGraphic(c.req.path, c.req.query()) : null;
    const found = gated && await streamStateOf(viewDeps(deps), gated.target);
    if (!gated || !found) return await next();
    const watch = streamWatchPath(found.slug, gated.graphic);
    if (found.state.onAir[gated.graphic]) {
      c.set("streamAir", {
        watch,
        version: found.version,
        current: () => streamVersion(viewDeps(deps), found.slug),
      });
      return await next();
    }
    await offAirHeaders(c, () => {
      c.res = renderPage(
        c,
        <OffAirOverlayPage nonce={c.var.nonce} params={parseOverlayParams(c.req.query())} watch={watch} />,
      );
      return Promise.resolve();
    });
    return c.res;
  });

  // What the producer has on air, polled by every overlay of the event (`?graphic=`: its own part only); small,
  // so answered whole each time.
  // Kept by the answer cache under the state's version, with an ETag, as the API's answers are.
  app.get("/overlay/air/:slug", async (c) => {
    const slug = c.req.param("slug");
    const graphic = STREAM_GRAPHICS.find((g) => g === c.req.query("graphic"));
    const vd = viewDeps(deps);
    if (await streamVersion(vd, slug) === null) {
      return c.json({ error: `Event "${slug}" is not published` }, 404);
    }
    return await respond(
      c as unknown as Context<AnswerEnv>,
      deps,
      `air:${slug}:${graphic ?? ""}`,
      async () => {
        const found = await streamStateOf(vd, { slug });
        // Unpublished since its version was read: the next poll's version read says so.
        if (!found) throw new HttpError(404, "not-found", `Event ${quoted(slug)} is not published`);
        const data: Record<string, unknown> = graphic ? graphicAir(found.state, graphic) : { ...found.state };
        return { data };
      },
      () => streamVersion(vd, slug),
    );
  });

  const headers = securityHeaders();
  const overlay = async (c: Context<PageEnv>, page: "slate" | "sponsor") => {
    const slug = c.req.param("slug") ?? "";
    const vd = viewDeps(deps);
    const [found, event] = await Promise.all([streamStateOf(vd, { slug }), eventView.load(vd, slug)]);
    if (!found || !event) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    const props = {
      nonce: c.var.nonce,
      params: parseOverlayParams(c.req.query()),
      watch: streamWatchPath(found.slug, page),
      state: found.state,
    };
    return renderPage(
      c,
      page === "slate"
        ? <SlateOverlayPage {...props} eventName={event.event.name} />
        : <SponsorOverlayPage {...props} />,
      200,
      event.language,
    );
  };
  app.get("/overlay/slate/:slug", headers, (c) => overlay(c, "slate"));
  // The standings and the bracket the producer picked; gated above, so on air here.
  const picked = async (c: Context<PageEnv>, graphic: "standings" | "bracket") => {
    const slug = c.req.param("slug") ?? "";
    const vd = viewDeps(deps);
    // Kept by the versions the pick reads (pages/stream_picks.ts), when main's handler may keep the page.
    const kept = c.var.generation !== undefined;
    const roster = kept ? await pickRosterVersion(vd, slug) : null;
    const [found, event] = await Promise.all([streamStateOf(vd, { slug }), eventView.load(vd, slug)]);
    if (!found || !event) return renderPage(c, <EmptyOverlay nonce={c.var.nonce} />, 404);
    const ids = event.categories.map((cat) => cat.id);
    const reads: PickReads = [];
    const keep = () => {
      const version = kept ? pickVersion(vd, slug, roster, reads) : null;
      if (version) c.set("pageVersion", version);
    };
    const eventWatch = `/api/v1/events/${encodeURIComponent(found.slug)}`;
    const props = {
      nonce: c.var.nonce,
      params: parseOverlayParams(c.req.query()),
      distance: parseTvDistance(c.req.query("distance"), c.req.query("diagonal")),
    };
    if (graphic === "standings") {
      const pick = await pickedStandings(vd, ids, found.state.picks, reads);
      const watch = pick ? `/api/v1/subevents/${pick.categoryId}/standings` : eventWatch;
      keep();
      return renderPage(
        c,
        <StandingsOverlayPage {...props} watch={watch} pick={pick} />,
        200,
        event.language,
      );
    }
    const pick = await pickedBracket(vd, ids, found.state.picks, reads);
    const watch = pick ? `/api/v1/subevents/${pick.draw.subeventId}/draw` : eventWatch;
    keep();
    return renderPage(c, <BracketOverlayPage {...props} watch={watch} pick={pick} />, 200, event.language);
  };
  // Kept by main's handler under what the pick read, so that on air they poll their own page.
  const keptHeaders = securityHeaders({ keep: deps.answers });
  app.get("/overlay/standings/:slug", keptHeaders, (c) => picked(c, "standings"));
  app.get("/overlay/bracket/:slug", keptHeaders, (c) => picked(c, "bracket"));
  app.get("/overlay/sponsor/:slug", headers, (c) => overlay(c, "sponsor"));
  return app;
}
