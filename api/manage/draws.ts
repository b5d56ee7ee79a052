/**
 * Draw routes of the management API (admin): generate a category's draw by lot (or draw a draft again), show
 * it (drafts included) and place group qualifiers again, through db/draw_writes.ts. Locking and unlocking are
 * in api/manage/categories.ts. docs/operator.md lists the routes, docs/draws.md the rules.
 */
import { Hono } from "hono";
import { z } from "zod";
import { MAX_GROUP_SIZE, MIN_GROUP_SIZE } from "../../domain/group_size.ts";
import { advanceGroups, generateDraw } from "../../db/draw_writes.ts";
import { type DrawDetail, readDrawDetail } from "../../db/read_draw_detail.ts";
import { WriteError } from "../../db/write_errors.ts";
import type { AppDeps } from "../../http/deps.ts";
import { buildDraw } from "../../views/draw.ts";
import { groupDisplayName, serializeEntry, serializeMatch } from "../../views/serialize.ts";
import { buildStandings } from "../../views/standings.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { parseBody } from "./bodies.ts";
import { HttpError } from "../../http/problem.ts";
import { writeProblem } from "./problem.ts";
import { envelope } from "./serialize.ts";

const SEED = "expected a lot seed of 1 to 200 characters";
const GROUP_SIZE = `expected a group size of ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE}`;

/** Body of a draw: every field optional (the category's stored values, else defaults, else a new seed). */
export const DrawBody = z.strictObject({
  lotSeed: z.string({ error: SEED }).trim().min(1, { error: SEED }).max(200, { error: SEED }).optional(),
  groupSize: z.int({ error: GROUP_SIZE }).min(MIN_GROUP_SIZE, { error: GROUP_SIZE })
    .max(MAX_GROUP_SIZE, { error: GROUP_SIZE })
    .optional(),
  qualifiersPerGroup: z.union([z.literal(1), z.literal(2)], { error: "expected 1 or 2 qualifiers per group" })
    .optional(),
});

/** Body of an advance: one group (by name) and, for players still level, its lot order (names or entry ids). */
export const AdvanceBody = z.strictObject({
  group: z.string({ error: 'expected a group name such as "A"' }).trim().min(1, {
    error: 'expected a group name such as "A"',
  }).max(40, { error: 'expected a group name such as "A"' }).optional(),
  lots: z.array(
    z.string({ error: "expected a player's name or an entry id" }).min(1, {
      error: "expected a player's name or an entry id",
    }).max(200, { error: "expected a name of at most 200 characters" }),
    { error: "expected a list of players' names (or entry ids), first drawn first" },
  ).min(1, { error: "expected a list of players' names (or entry ids), first drawn first" }).max(64, {
    error: "expected at most 64 players",
  }).optional(),
});

/**
 * A category's draw as the management API answers it: the category and its lot seed, the positions still
 * assigned to nothing, the groups with their members, matches and standings, and the bracket in the public
 * API's shape (views/draw.ts, which is also what the public draw shows once it is locked).
 */
export function drawJson(d: DrawDetail) {
  const s = d.category;
  const entry = (id: string) => {
    const e = d.entries.get(id);
    if (!e) throw new Error(`Cannot show the draw: entry "${id}" is missing from the store`);
    return serializeEntry(e);
  };
  const hasKnockout = d.slots.length > 0 || d.matches.some((m) => m.stage === "knockout");
  const bracket = s.format === "groups" || !hasKnockout ? null : buildDraw({
    // The operator sees a draft as it will look once locked.
    category: { ...s, drawState: "locked" },
    slots: d.slots,
    matches: d.matches,
    entries: d.entries,
    groups: d.groups,
  });
  return {
    subeventId: s.id,
    eventSlug: s.eventSlug,
    code: s.code,
    name: s.name,
    kind: s.kind,
    format: s.format,
    bestOf: s.bestOf,
    drawState: s.drawState,
    lotSeed: s.lotSeed,
    groupSize: s.groupSize,
    qualifiersPerGroup: s.qualifiersPerGroup,
    size: bracket?.size ?? null,
    unassigned: d.unassigned,
    groups: d.groups.map((g) => ({
      id: g.id,
      name: g.name,
      label: groupDisplayName(g.name),
      members: g.members.map((m) => ({ position: m.position, lot: m.lot, entry: entry(m.entryId) })),
      matches: d.matches.filter((m) => m.stage === "group" && m.groupId === g.id)
        .map((m) => serializeMatch(m, d.entries)),
    })),
    standings: buildStandings(d.groups, d.matches, d.entries),
    bracket,
  };
}

/** A refused draw write as the API's error; a 400 names its field (`Invalid "group": ...`). */
export function rethrow(e: unknown): never {
  if (!(e instanceof WriteError)) throw e;
  const field = e.code === "invalid-body" ? /^Invalid "([^"[]+)/.exec(e.message)?.[1] : undefined;
  throw writeProblem(e, field === undefined ? {} : { field });
}

/** The draw routes, mounted at /api/manage/subevents beside the lock routes. */
export function drawRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  const ctx = (label: string) => ({ actor: label, now: deps.clock() });
  const detail = async (id: string) => {
    const d = await readDrawDetail(deps.store.db, id);
    if (!d) throw new HttpError(404, "not-found", `Category "${id}" does not exist`);
    return drawJson(d);
  };

  app.get("/:id/draw", async (c) => {
    requireAdmin(c.var.token, "show a draw");
    return c.json(envelope({ draw: await detail(c.req.param("id")) }, deps.clock()));
  });

  app.post("/:id/draw", async (c) => {
    requireAdmin(c.var.token, "make a draw");
    const body = await parseBody(c, DrawBody);
    const id = c.req.param("id");
    const made = await generateDraw(deps.store, id, body, ctx(c.var.token.label)).catch(rethrow);
    return c.json(envelope({ generated: made, draw: await detail(id) }, deps.clock()), 201);
  });

  app.post("/:id/draw/advance", async (c) => {
    requireAdmin(c.var.token, "advance group qualifiers");
    const body = await parseBody(c, AdvanceBody);
    const id = c.req.param("id");
    const result = await advanceGroups(deps.store, id, body, ctx(c.var.token.label)).catch(rethrow);
    return c.json(envelope({ ...result, draw: await detail(id) }, deps.clock()));
  });

  return app;
}
