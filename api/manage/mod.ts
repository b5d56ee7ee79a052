/**
 * The management API for operators and umpires, mounted at /api/manage: JSON, `Authorization: Bearer
 * <token>`, never cached (`Cache-Control: no-store`), no cross-origin access (no CORS headers: only the
 * site's own pages call it), bodies up to 1 MiB, errors as RFC 9457 problem details. docs/operator.md lists
 * the routes.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { listAudit } from "../../db/audit.ts";
import { findManagedEvent } from "../../db/read_manage.ts";
import type { AppDeps } from "../../http/deps.ts";
import { authenticate, type ManageEnv, requireAdmin } from "./auth.ts";
import { drawRoutes } from "./draws.ts";
import { entryRoutes, playerRoutes } from "./entries.ts";
import { auditQuery, eventRoutes } from "./events.ts";
import { importRoute } from "./import.ts";
import { qrRoute } from "./links.ts";
import { matchRoutes } from "./matches.ts";
import { planRoute } from "./plan.ts";
import { needsRoute } from "./needs.ts";
import { incidentRoutes } from "./incidents.ts";
import { checkInRoutes } from "./check_in.ts";
import { ratingListRoute } from "./rating_list.ts";
import { categorySessionRoutes, eventSessionRoutes } from "./sessions.ts";
import { HttpError } from "../../http/problem.ts";
import { manageProblemResponse, NO_STORE_HEADERS, quoted } from "./problem.ts";
import { requestLog } from "../../http/outage_guard.ts";
import { FailureLimiter } from "../../http/failure_limiter.ts";
import { envelope } from "./serialize.ts";
import { categoryRoutes } from "./categories.ts";
import { tokenRoutes, whoamiRoute } from "./tokens.ts";
import { tieRoutes } from "./ties.ts";
import { metricsRoute } from "./metrics.ts";
import { ServiceMetrics } from "../../http/metrics.ts";
import { MAX_PUSH_BYTES, relayRoutes, relayStatusRoutes } from "./relay.ts";
import { venueOwned } from "./venue_owned.ts";
import { streamRoutes } from "./stream.ts";

/** The largest body accepted (an event file included). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Options for tests: a limiter of their own (the default allows 10 failed attempts a minute per address). */
export interface ManageOptions {
  limiter?: FailureLimiter;
}

/** Builds the /api/manage sub-app. */
export function manageApi(deps: AppDeps, options: ManageOptions = {}): Hono {
  const limiter = options.limiter ?? new FailureLimiter(10, 60_000);
  const app = new Hono<ManageEnv>();
  app.onError((error, c) =>
    manageProblemResponse(error, new URL(c.req.url).pathname, requestLog(c, deps.log))
  );
  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(NO_STORE_HEADERS)) c.res.headers.set(name, value);
  });
  app.use("*", authenticate(deps, limiter));
  const limit = (maxSize: number, words: string) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new HttpError(413, "payload-too-large", `Cannot read the body: it is larger than ${words}`);
      },
    });
  const bodyOfOne = limit(MAX_BODY_BYTES, `1 MiB (${MAX_BODY_BYTES} bytes)`);
  // A relay's push may be larger (a day of play caught up); its route unpacks and bounds it itself.
  const push = limit(MAX_PUSH_BYTES, `32 MiB (${MAX_PUSH_BYTES} bytes)`);
  app.use(
    "*",
    (c, next) => new URL(c.req.url).pathname.includes("/relay/events/") ? push(c, next) : bodyOfOne(c, next),
  );
  app.use("*", venueOwned(deps));

  app.route("/whoami", whoamiRoute(deps));
  app.route("/events/import", importRoute(deps));
  app.route("/events", eventRoutes(deps));
  app.route("/events", planRoute(deps));
  app.route("/events", streamRoutes(deps));
  app.route("/events", needsRoute(deps));
  app.route("/events", incidentRoutes(deps));
  app.route("/events", checkInRoutes(deps));
  app.route("/events", ratingListRoute(deps));
  app.route("/subevents", categoryRoutes(deps));
  app.route("/subevents", drawRoutes(deps));
  app.route("/subevents", entryRoutes(deps));
  app.route("/players", playerRoutes(deps));
  app.route("/matches", matchRoutes(deps));
  app.route("/events", eventSessionRoutes(deps));
  app.route("/subevents", categorySessionRoutes(deps));
  app.route("/tokens", tokenRoutes(deps));
  app.route("/qr", qrRoute(deps));
  app.route("/ties", tieRoutes(deps));
  app.route("/metrics", metricsRoute(deps.metrics ?? new ServiceMetrics()));
  app.route("/relay", relayRoutes(deps));
  app.route("/relay", relayStatusRoutes(deps));

  app.get("/audit", async (c) => {
    requireAdmin(c.var.token, "read the audit log");
    const slug = c.req.query("event");
    let eventId: string | undefined;
    if (slug !== undefined) {
      const event = await findManagedEvent(deps.store.db, slug);
      if (!event) throw new HttpError(404, "not-found", `Event ${quoted(slug)} does not exist`);
      eventId = event.id;
    }
    const entries = await listAudit(deps.store.db, {
      eventId,
      matchId: c.req.query("match"),
      ...await auditQuery(deps, c.req.query()),
    });
    return c.json(envelope({ entries }, deps.clock()));
  });

  app.all("*", (c) => {
    throw new HttpError(
      404,
      "not-found",
      `No management route "${c.req.method} ${new URL(c.req.url).pathname}"`,
    );
  });
  return app as unknown as Hono;
}
