/**
 * The URLs an operator hands out for an event (TV, poster, overlays, the scoring page) with their QR codes.
 * The base is the address the phones and the TV reach the server by, which the operator's laptop may not
 * know (it may itself use localhost): the operator's page lets them set it.
 */
import { Hono } from "hono";
import type { EventOverviewRecord } from "../../db/read_manage.ts";
import { qrPath } from "../../lib/qr_path.ts";
import type { AppDeps } from "../../http/deps.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { HttpError } from "../../http/problem.ts";
import { envelope } from "./serialize.ts";

/** A URL to hand out, with its QR code (module count and one SVG path, as lib/qr_path.ts draws it). */
export interface LinkJson {
  kind:
    | "operator"
    | "scoring"
    | "tv"
    | "tv-tables"
    | "tv-bracket"
    | "poster"
    | "print"
    | "event"
    | "overlay-featured"
    | "stream"
    | "overlay-slate"
    | "overlay-sponsor"
    | "overlay-table"
    | "overlay-subevent"
    | "overlay-match";
  label: string;
  url: string;
  qr: { size: number; d: string };
}

/**
 * Every link of an event: operator, scoring, TV (and its tables alone), poster, event page, the featured overlay,
 * an overlay per table (it follows the table all day), category overlays, live match overlays.
 */
export function eventLinks(base: string, o: EventOverviewRecord): LinkJson[] {
  const slug = encodeURIComponent(o.event.slug);
  const links: Omit<LinkJson, "qr">[] = [
    { kind: "scoring", label: "Scoring (umpires' phones)", url: `${base}/score` },
    { kind: "tv", label: "Venue TV", url: `${base}/t/${slug}/tv` },
    { kind: "tv-tables", label: "Venue TV, every table", url: `${base}/t/${slug}/tv?view=tables` },
    { kind: "tv-bracket", label: "Venue TV, the knockout draws", url: `${base}/t/${slug}/tv?view=bracket` },
    { kind: "event", label: "Spectators' page", url: `${base}/t/${slug}` },
    { kind: "poster", label: "Poster", url: `${base}/t/${slug}/poster` },
    { kind: "print", label: "Print center (sheets, draws, results)", url: `${base}/t/${slug}/print` },
    { kind: "operator", label: "Operator's page", url: `${base}/manage` },
  ];
  links.push({
    kind: "overlay-featured",
    label: "Overlay: the featured match (Feature on the stream)",
    url: `${base}/overlay/featured/${slug}`,
  });
  // The producer's panel and its own overlays (docs/pages.md "The producer's stream").
  links.push(
    { kind: "stream", label: "Stream panel (what is on air)", url: `${base}/manage/stream?event=${slug}` },
    { kind: "overlay-slate", label: "Overlay: the slate", url: `${base}/overlay/slate/${slug}` },
    { kind: "overlay-sponsor", label: "Overlay: the sponsor", url: `${base}/overlay/sponsor/${slug}` },
  );
  for (const t of o.tables) {
    links.push({
      kind: "overlay-table",
      label: `Overlay: table ${t.tableNo} (follows the table)`,
      url: `${base}/overlay/table/${slug}/${t.tableNo}`,
    });
  }
  for (const s of o.categories) {
    links.push({
      kind: "overlay-subevent",
      label: `Overlay: ${s.name}`,
      url: `${base}/overlay/subevent/${s.id}`,
    });
  }
  for (const t of o.tables) {
    const m = t.current ?? t.next;
    if (!m) continue;
    links.push({
      kind: "overlay-match",
      label: `Overlay: table ${t.tableNo}, ${m.homeName ?? "?"} v ${m.awayName ?? "?"}`,
      url: `${base}/overlay/match/${m.id}`,
    });
  }
  return links.map((l) => ({ ...l, qr: qrPath(l.url) }));
}

/** GET /api/manage/qr?text=... (admin): the QR code of a text, e.g. the scoring page with a new token. */
export function qrRoute(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.get("/", (c) => {
    requireAdmin(c.var.token, "make a QR code");
    const text = c.req.query("text") ?? "";
    if (text === "" || text.length > 1000) {
      throw new HttpError(
        400,
        "invalid-query",
        `Invalid "text": expected 1 to 1000 characters, got ${text.length}`,
        {
          extensions: {
            field: "text",
          },
        },
      );
    }
    return c.json(envelope({ qr: qrPath(text) }, deps.clock()));
  });
  return app;
}
