/** /api/v1/subevents/{id}/...: a category's draw, group standings and matches. */
import { versions } from "../db/read_versions.ts";
import { Hono } from "hono";
import { readDrawSlots } from "../db/read_draw.ts";
import { readSubeventEntries } from "../db/read_entries.ts";
import { readSubeventGroups } from "../db/read_groups.ts";
import { listSubeventMatches } from "../db/read_matches.ts";
import { findPublicSubevent, type PublicSubeventRecord } from "../db/read_subevents.ts";
import { CategoryMatchLists } from "./category_matches.ts";
import type { AppDeps } from "./deps.ts";
import { buildDraw, servesDraw } from "./draw_view.ts";
import { idParam, statusParam } from "./params.ts";
import { notFound, quoted } from "./problem.ts";
import { respond } from "./respond.ts";
import type { Match } from "./schemas.ts";
import { serializeMatch } from "./serialize.ts";
import { buildStandings } from "./standings_view.ts";

/** Builds the /subevents sub-app. */
export function subeventsApi(deps: AppDeps): Hono {
  const db = deps.store.db;
  const app = new Hono();
  // The whole lists are made again from their last answers (a point changes one match of a list).
  const lists = new CategoryMatchLists();

  const category = async (id: string): Promise<PublicSubeventRecord> => {
    const found = await findPublicSubevent(db, id);
    if (!found) throw notFound(`Cannot find a category with id ${quoted(id)} in a published event`);
    return found;
  };

  // A category's answers are keyed on its own version: a point in another category leaves them valid.
  const version = (id: string) => () => versions(deps.store).subevent(id);

  app.get("/:id/draw", (c) => {
    const id = idParam(c.req.param("id"), "a category");
    return respond(c, deps, `/subevents/${id}/draw`, async () => {
      const subevent = await category(id);
      if (!servesDraw(subevent)) return { data: { draw: null } };
      const [slots, matches, entries, groups] = await Promise.all([
        readDrawSlots(db, id),
        listSubeventMatches(db, id),
        readSubeventEntries(db, id),
        readSubeventGroups(db, id),
      ]);
      return { data: { draw: buildDraw({ subevent, slots, matches, entries, groups }) } };
    }, version(id));
  });

  app.get("/:id/standings", (c) => {
    const id = idParam(c.req.param("id"), "a category");
    return respond(c, deps, `/subevents/${id}/standings`, async () => {
      await category(id);
      const groups = await readSubeventGroups(db, id);
      if (groups.length === 0) return { data: { standings: [] } };
      const [matches, entries] = await Promise.all([
        listSubeventMatches(db, id),
        readSubeventEntries(db, id),
      ]);
      return { data: { standings: buildStandings(groups, matches, entries) } };
    }, version(id));
  });

  app.get("/:id/matches", (c) => {
    const id = idParam(c.req.param("id"), "a category");
    const statuses = statusParam(new URL(c.req.url).searchParams);
    const key = `/subevents/${id}/matches${statuses ? `?status=${statuses.join(",")}` : ""}`;
    return respond(c, deps, key, async () => {
      await category(id);
      if (!statuses) return await lists.payload(db, id);
      const [matches, entries] = await Promise.all([
        listSubeventMatches(db, id),
        readSubeventEntries(db, id),
      ]);
      const shown = matches.filter((m) => (statuses as readonly string[]).includes(m.status));
      const served = shown.map((m) => serializeMatch(m, entries)).filter((m): m is Match => m !== null);
      return { data: { matches: served } };
    }, version(id));
  });

  return app;
}
