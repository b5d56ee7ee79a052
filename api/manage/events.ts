/**
 * Event routes of the management API (admin tokens only): every event whatever its status, an event at a
 * glance, publishing and unpublishing, the desk's announcement, the audit log and the URLs (with QR codes) to
 * open on the TV, in OBS and on the umpires' phones.
 */
import { Hono } from "hono";
import { type AuditFilter, findAuditPlace, listAudit } from "../../db/audit.ts";
import { MAX_TABLE_NO } from "../../event_file/schema.ts";
import { exportEvent } from "../../event_file/export.ts";
import { setEventAnnouncement, setEventStatus } from "../../db/manage_writes.ts";
import { findManagedEvent, listManagedEvents, readEventOverview } from "../../db/read_manage.ts";
import { listEventMatches } from "../../db/read_manage.ts";
import { parseMatchQuery } from "./match_query.ts";
import type { AppDeps } from "../../http/deps.ts";
import { adminRoutes, type ManageEnv } from "./auth.ts";
import { AnnouncementBody, LanguageBody, parseBody } from "./bodies.ts";
import { setEventLanguage } from "../../db/event_language.ts";
import { eventLinks } from "./links.ts";
import { linkBase } from "../../http/public_origin.ts";
import { HttpError } from "../../http/problem.ts";
import { quoted } from "./problem.ts";
import { envelope, managedEventJson, overviewJson } from "./serialize.ts";
import { matchPageJson } from "./serialize.ts";

/** The event routes, mounted at /api/manage/events. */
export function eventRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = adminRoutes("manage events");

  app.get("/", async (c) => {
    const events = await listManagedEvents(deps.store.db);
    return c.json(envelope({ events: events.map(managedEventJson) }, deps.clock()));
  });

  app.get("/:slug", async (c) => {
    const hallTables = parseHallTables(c.req.query("tables"));
    const overview = await readEventOverview(deps.store.db, c.req.param("slug"), hallTables);
    if (!overview) throw notFound(c.req.param("slug"));
    const now = deps.clock();
    return c.json(envelope(overviewJson(overview, now), now));
  });

  for (const [path, status] of [["publish", "published"], ["unpublish", "draft"]] as const) {
    app.post(`/:slug/${path}`, async (c) => {
      const slug = c.req.param("slug");
      const change = await setEventStatus(deps.store, slug, status, {
        actor: c.var.token.label,
        now: deps.clock(),
      });
      const event = await findManagedEvent(deps.store.db, slug);
      return c.json(envelope({ event: managedEventJson(event!), changed: change.changed }, deps.clock()));
    });
  }

  // The desk's announcement: PUT posts or replaces it (a blank or null text takes it down), DELETE takes
  // it down.
  const announce = async (slug: string, text: string | null, actor: string) => {
    const change = await setEventAnnouncement(deps.store, slug, text, { actor, now: deps.clock() });
    return envelope({ announcement: change.announcement, changed: change.changed }, deps.clock());
  };
  app.put("/:slug/announcement", async (c) => {
    const { text } = await parseBody(c, AnnouncementBody);
    return c.json(await announce(c.req.param("slug"), text, c.var.token.label));
  });
  app.delete("/:slug/announcement", async (c) => {
    return c.json(await announce(c.req.param("slug"), null, c.var.token.label));
  });

  // The event's language (its hall screens' and sheets'; readers' pages fall back to it): null is English.
  app.put("/:slug/language", async (c) => {
    const { language } = await parseBody(c, LanguageBody);
    const ctx = { actor: c.var.token.label, now: deps.clock() };
    const change = await setEventLanguage(deps.store, c.req.param("slug"), language, ctx);
    return c.json(envelope(change, deps.clock()));
  });

  app.get("/:slug/audit", async (c) => {
    const event = await findManagedEvent(deps.store.db, c.req.param("slug"));
    if (!event) throw notFound(c.req.param("slug"));
    const entries = await listAudit(deps.store.db, {
      eventId: event.id,
      ...await auditQuery(deps, c.req.query()),
    });
    return c.json(envelope({ entries }, deps.clock()));
  });

  // The desk's search among the event's matches (api/manage/match_query.ts): every match can be found.
  app.get("/:slug/matches", async (c) => {
    const event = await findManagedEvent(deps.store.db, c.req.param("slug"));
    if (!event) throw notFound(c.req.param("slug"));
    const filter = parseMatchQuery(c.req.query());
    const page = await listEventMatches(deps.store.db, event.id, filter);
    return c.json(envelope(matchPageJson(page, filter), deps.clock()));
  });

  // The event as an import file (event_file/export.ts), the file itself (no envelope), to save and import again.
  app.get("/:slug/export", async (c) => {
    const slug = c.req.param("slug");
    const file = await exportEvent(deps.store.db, slug);
    if (!file) throw notFound(slug);
    c.header("Content-Disposition", `attachment; filename="${slug}.json"`);
    return c.json(file);
  });

  app.get("/:slug/links", async (c) => {
    const overview = await readEventOverview(deps.store.db, c.req.param("slug"));
    if (!overview) throw notFound(c.req.param("slug"));
    const base = linkBase(c.req.query("base"), new URL(c.req.url).origin);
    return c.json(envelope({ base, links: eventLinks(base, overview) }, deps.clock()));
  });

  return app;
}

function notFound(slug: string): HttpError {
  return new HttpError(404, "not-found", `Event ${quoted(slug)} does not exist`);
}

/** The `tables` query parameter of the overview: the hall's tables, 1 to MAX_TABLE_NO; none when absent. */
export function parseHallTables(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 0;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_TABLE_NO) {
    throw new HttpError(
      400,
      "invalid-query",
      `Invalid "tables": expected the number of tables in the hall, a whole number from 1 to ${MAX_TABLE_NO}, ` +
        `got "${raw.slice(0, 40)}"`,
      { extensions: { field: "tables" } },
    );
  }
  return Number(raw);
}

/**
 * The audit list's query: `action` and `exclude` (comma-separated actions such as event.publish, match.point),
 * `before` (the id of the last entry of the page before) and `limit`.
 */
export async function auditQuery(deps: AppDeps, query: Record<string, string>): Promise<AuditFilter> {
  const list = (name: "action" | "exclude") => {
    const raw = query[name];
    if (raw === undefined) return undefined;
    const actions = raw.split(",").filter((a) => a !== "");
    if (actions.length === 0 || actions.length > 50 || actions.some((a) => !/^[a-z_]+\.[a-z_]+$/.test(a))) {
      throw new HttpError(
        400,
        "invalid-query",
        `Invalid "${name}": expected actions such as "event.publish,match.walkover", got "${
          raw.slice(0, 80)
        }"`,
        { extensions: { field: name } },
      );
    }
    return actions;
  };
  let before: AuditFilter["before"];
  if (query.before !== undefined) {
    before = await findAuditPlace(deps.store.db, query.before.slice(0, 200)) ?? undefined;
    if (!before) {
      throw new HttpError(
        400,
        "invalid-query",
        `Invalid "before": expected the id of an audit entry, got "${query.before.slice(0, 80)}"`,
        { extensions: { field: "before" } },
      );
    }
  }
  return { actions: list("action"), exclude: list("exclude"), before, limit: parseLimit(query.limit) };
}

/** The `limit` query parameter: 1 to 1000, 100 when absent. */
export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return 100;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000) {
    throw new HttpError(
      400,
      "invalid-query",
      `Invalid "limit": expected a whole number from 1 to 1000, got "${raw.slice(0, 40)}"`,
      {
        extensions: {
          field: "limit",
        },
      },
    );
  }
  return Number(raw);
}
