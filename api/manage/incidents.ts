/**
 * The referee's incident list (admin): `GET /api/manage/events/{slug}/incidents` lists every incident of the
 * event (domain/incident_list.ts: cards, time-outs, expedite, medical breaks, retirements, disqualifications,
 * results entered and games corrected; the umpire's undone ones marked `undone`), the latest first, each with its
 * acknowledgement; `alerts` are the red and
 * yellow-red cards not acknowledged yet. `POST /api/manage/events/{slug}/incidents/acknowledge` with `{ key }`
 * acknowledges one, audited (db/incident_acknowledgements.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import { acknowledgeIncident, readAcknowledgements } from "../../db/incident_acknowledgements.ts";
import { readCorrections } from "../../db/read_corrections.ts";
import { readMedicalBreaks } from "../../db/medical_breaks.ts";
import { readUndoneIncidents } from "../../db/undone_incidents.ts";
import { readEventOverview } from "../../db/read_manage.ts";
import { eventIncidents } from "../../domain/incident_list.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError } from "../../http/problem.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { parseBody } from "./bodies.ts";
import { quoted } from "./problem.ts";
import { envelope } from "./serialize.ts";

/** Body of an acknowledgement. */
export const AcknowledgeBody = z.strictObject({ key: z.string().min(1).max(500) });

/** The routes, mounted at /api/manage/events. */
export function incidentRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  const list = async (slug: string) => {
    const db = deps.store.db;
    const overview = await readEventOverview(db, slug);
    if (!overview) throw new HttpError(404, "not-found", `Event ${quoted(slug)} does not exist`);
    const eventId = overview.event.id;
    const incidents = eventIncidents(
      overview.matches,
      await readCorrections(db, eventId),
      await readMedicalBreaks(db, eventId),
      await readUndoneIncidents(db, eventId),
    );
    return { eventId, incidents, acks: await readAcknowledgements(db, eventId) };
  };
  app.get("/:slug/incidents", async (c) => {
    requireAdmin(c.var.token, "read the event's incidents");
    const { incidents, acks } = await list(c.req.param("slug"));
    const listed = incidents.map((i) => ({ ...i, acknowledged: acks.get(i.key) ?? null }));
    const alerts = listed.filter((i) => i.alert && i.acknowledged === null);
    return c.json(envelope({ incidents: listed, alerts }, deps.clock()));
  });
  app.post("/:slug/incidents/acknowledge", async (c) => {
    requireAdmin(c.var.token, "acknowledge an incident");
    const body = await parseBody(c, AcknowledgeBody);
    const { eventId, incidents } = await list(c.req.param("slug"));
    if (!incidents.some((i) => i.key === body.key)) {
      throw new HttpError(404, "not-found", `No incident of this event has the key ${quoted(body.key)}`);
    }
    const now = deps.clock();
    const done = await acknowledgeIncident(deps.store.db, eventId, body.key, c.var.token.label, now);
    return c.json(envelope({ key: body.key, acknowledged: done }, now));
  });
  return app;
}
