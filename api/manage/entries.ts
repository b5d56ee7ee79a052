/**
 * Entries on the day (admin), through db/entry_writes.ts: list a category's entries, add a player or a pair,
 * withdraw an entry (before the draw it leaves; after it its matches become walkovers, or a reserve takes its
 * knockout place), and edit a player (name, club, rating prior). docs/operator.md lists the routes and errors.
 */
import { Hono } from "hono";
import { z } from "zod";
import { addEntry, updatePlayer, withdrawEntry } from "../../db/entry_writes.ts";
import { readCategoryRoster } from "../../db/read_category_entries.ts";
import { serializeEntry } from "../../views/serialize.ts";
import { isCountryCode } from "../../lib/country_codes.ts";
import type { AppDeps } from "../../http/deps.ts";
import { HttpError } from "../../http/problem.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { parseBody } from "./bodies.ts";
import { rethrow } from "./draws.ts";
import { envelope } from "./serialize.ts";

const NAME = "expected a name of 1 to 200 characters";
const CLUB = "expected a club or association of 1 to 200 characters, or null";
const RATING = "expected a rating from 1 to 5000, or null";
const ID = "expected an id";

const name = () => z.string({ error: NAME }).trim().min(1, { error: NAME }).max(200, { error: NAME });
const club = () =>
  z.string({ error: CLUB }).trim().max(200, { error: CLUB }).nullable()
    .transform((s) => s === null || s === "" ? null : s);
const rating = () =>
  z.number({ error: RATING }).min(1, { error: RATING }).max(5000, { error: RATING }).nullable();
const COUNTRY =
  'expected a country code of three capital letters as the ITTF writes it (e.g. "GER"), or null';
const country = () => z.string({ error: COUNTRY }).refine(isCountryCode, { error: COUNTRY }).nullable();
const id = () => z.string({ error: ID }).min(1, { error: ID }).max(200, { error: ID });

/** A player of a new entry: an existing one by id, or a new one by name (club and prior optional). */
const PlayerInput = z.union([
  z.strictObject({ playerId: id() }),
  z.strictObject({ name: name(), association: club().optional(), rating: rating().optional() }),
], { error: 'expected { "playerId" } or { "name", "association", "rating" }' });

/** Body of a new entry: its player (singles) or its two players (doubles), and a seed if it has one. */
export const EntryBody = z.strictObject({
  players: z.array(PlayerInput, { error: "expected a list of 1 or 2 players" }).min(1, {
    error: "expected a list of 1 or 2 players",
  }).max(2, { error: "expected a list of 1 or 2 players" }),
  seed: z.int({ error: "expected a seed from 1 to 512, or null" }).min(1, {
    error: "expected a seed from 1 to 512, or null",
  }).max(512, { error: "expected a seed from 1 to 512, or null" }).nullable().optional(),
});

/** Body of a withdrawal: a reserve (an entry of the category in no draw) to take its knockout place, if any. */
export const WithdrawBody = z.strictObject({ reserveEntryId: id().optional() });

/** Body of a player's edit: any of name, club (association), rating prior and country. */
export const PlayerBody = z.strictObject({
  name: name().optional(),
  association: club().optional(),
  rating: rating().optional(),
  country: country().optional(),
});

/** The entry routes, mounted at /api/manage/subevents beside the draw routes. */
export function entryRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  const ctx = (label: string) => ({ actor: label, now: deps.clock() });

  app.post("/:id/entries", async (c) => {
    requireAdmin(c.var.token, "add an entry");
    const body = await parseBody(c, EntryBody);
    const added = await addEntry(deps.store, c.req.param("id"), body, ctx(c.var.token.label)).catch(rethrow);
    return c.json(
      envelope(
        { entry: serializeEntry(added.entry), inDraw: added.inDraw, subeventId: added.categoryId },
        deps.clock(),
      ),
      201,
    );
  });

  app.post("/:id/entries/:entryId/withdraw", async (c) => {
    requireAdmin(c.var.token, "withdraw an entry");
    const body = await parseBody(c, WithdrawBody);
    const done = await withdrawEntry(
      deps.store,
      c.req.param("id"),
      c.req.param("entryId"),
      body,
      ctx(c.var.token.label),
    ).catch(rethrow);
    return c.json(envelope({ withdrawal: done }, deps.clock()));
  });

  app.get("/:id/entries", async (c) => {
    requireAdmin(c.var.token, "list a category's entries");
    const category = await readCategoryRoster(deps.store.db, c.req.param("id"));
    if (!category) throw new HttpError(404, "not-found", `Category "${c.req.param("id")}" does not exist`);
    return c.json(envelope({ category }, deps.clock()));
  });

  return app;
}

/** The player routes, mounted at /api/manage/players. */
export function playerRoutes(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.patch("/:id", async (c) => {
    requireAdmin(c.var.token, "edit a player");
    const body = await parseBody(c, PlayerBody);
    const player = await updatePlayer(deps.store, c.req.param("id"), body, {
      actor: c.var.token.label,
      now: deps.clock(),
    }).catch(rethrow);
    return c.json(envelope({ player }, deps.clock()));
  });
  return app;
}
