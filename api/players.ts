/**
 * /api/v1/players: a player across the published events (views/player_profile.ts): the profile, a page of their
 * matches, and a head-to-head with another player.
 */
import { Hono } from "hono";
import { playerAlias } from "../db/read_players.ts";
import { headToHeadView, playerMatchesView, playerProfileView } from "../views/player_profile.ts";
import type { ReadyDeps } from "../http/deps.ts";
import type { AnswerEnv } from "../http/answer_cache.ts";
import { idParam, isUuid, pagingParams } from "./params.ts";
import { invalidParameter, notFound, quoted } from "../http/problem.ts";
import { serve } from "./respond.ts";

const SLUG = /^[A-Za-z0-9_~.-]{1,200}$/;
const isSlug = (value: string) => SLUG.test(value);

/** A query parameter given at most once and of the right shape, or null when absent. */
function oneParam(
  query: URLSearchParams,
  name: string,
  shape: (value: string) => boolean,
  expected: string,
): string | null {
  const values = query.getAll(name);
  if (values.length === 0) return null;
  if (values.length > 1) throw invalidParameter(name, `${expected}, given once`, values.join(","));
  if (!shape(values[0]!)) throw invalidParameter(name, expected, values[0]!);
  return values[0]!;
}

/** The id a player has now, for the id in a path (an old id answers as the player's id now). */
async function playerId(deps: ReadyDeps, raw: string | undefined): Promise<string> {
  const id = idParam(raw, "a player");
  return await playerAlias(deps.store.db, id) ?? id;
}

/** Builds the /players sub-app. */
export function playersApi(deps: ReadyDeps): Hono<AnswerEnv> {
  const app = new Hono<AnswerEnv>();
  const unknown = (id: string) => () =>
    notFound(`Cannot find a player ${quoted(id)}: no player of a published event has this id`);

  app.get("/:id", async (c) => {
    const id = await playerId(deps, c.req.param("id"));
    return serve(
      c,
      deps,
      `/players/${id}`,
      playerProfileView,
      id,
      (player) => ({ data: { player } }),
      unknown(id),
    );
  });

  app.get("/:id/matches", async (c) => {
    const id = await playerId(deps, c.req.param("id"));
    const query = new URL(c.req.url).searchParams;
    const event = oneParam(query, "event", isSlug, "expected an event's slug");
    const given = oneParam(query, "opponent", isUuid, "expected a player id (a UUID)")?.toLowerCase() ?? null;
    const opponent = given && (await playerAlias(deps.store.db, given) ?? given);
    const { limit, offset } = pagingParams(query);
    const filter = (event ? `event=${event}&` : "") + (opponent ? `opponent=${opponent}&` : "");
    return serve(
      c,
      deps,
      `/players/${id}/matches?${filter}limit=${limit}&offset=${offset}`,
      playerMatchesView,
      { id, event, opponent, limit, offset },
      (page) => ({ data: { matches: page.matches }, meta: { total: page.total, limit, offset } }),
      unknown(id),
    );
  });

  app.get("/:id/head-to-head/:otherId", async (c) => {
    const id = await playerId(deps, c.req.param("id"));
    const otherId = await playerId(deps, c.req.param("otherId"));
    return serve(
      c,
      deps,
      `/players/${id}/head-to-head/${otherId}`,
      headToHeadView,
      { id, otherId },
      (headToHead) => ({ data: { headToHead } }),
      () =>
        notFound(
          `Cannot find a head-to-head of ${quoted(id)} and ${quoted(otherId)}: both must be players of a ` +
            "published event, and two different players",
        ),
    );
  });

  return app;
}
