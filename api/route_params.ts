/**
 * The parameters the public routes take (api/routes.ts), each declared once: how it is read (api/params.ts),
 * how the cache key writes it and how the OpenAPI document describes it.
 */
import { playerAlias } from "../db/read_players.ts";
import type { FeedCursor } from "../views/change_cursor.ts";
import type { ReadyDeps } from "../http/deps.ts";
import {
  DEFAULT_LIMIT,
  feedLimitParam,
  idParam,
  integerParam,
  isSlug,
  isUuid,
  type MatchStatusFilter,
  MAX_LIMIT,
  MAX_OFFSET,
  oneParam,
  playerParam,
  sinceParam,
  slugParam,
  statusParam,
} from "./params.ts";
import type { PathParam, QueryParam } from "./route.ts";

/** The id a player has now, for an id they had before (one answer, one ETag). */
const alias = async (deps: ReadyDeps, id: string) => await playerAlias(deps.store.db, id) ?? id;

/** The `{slug}` of an event's paths. */
export const slug: PathParam = {
  read: slugParam,
  doc: { description: "The event's slug (letters, digits, _ ~ . -)", example: "city-open-2026" },
};

/** The `{id}` of `what` ("a match"), documented as the id of `noun` ("match"). */
export function idOf(what: string, noun: string): PathParam {
  return {
    read: (raw) => idParam(raw, what),
    doc: {
      format: "uuid",
      description: `Id of the ${noun}; anything that is not a UUID is answered with 404`,
    },
  };
}

/** A player's `{id}`: an id they had before answers as the one they have now. */
export function playerId(description?: string): PathParam {
  return {
    ...idOf("a player", "player"),
    resolve: alias,
    ...(description ? { doc: { format: "uuid", description } } : {}),
  };
}

const written = (value: string | number | null) => value === null ? null : String(value);

/** The `status` filter of the match lists. */
export const status: QueryParam<MatchStatusFilter[] | null> = {
  read: statusParam,
  key: (statuses) => statuses && statuses.join(","),
  doc: {
    description: "Only matches with these statuses: one or more of scheduled, in_progress, completed, " +
      "comma-separated (or the parameter repeated); all when absent",
    example: "in_progress",
  },
};

/** The `player` filter of the event's match list. */
export const player: QueryParam<string | null> = {
  read: playerParam,
  key: written,
  resolve: alias,
  doc: {
    format: "uuid",
    description:
      "Only the matches of this player (the id of /events/{slug}/players): their singles, and their " +
      "doubles with any partner; given once",
    example: "3f2c1a9e-6b1d-4c2a-9f5e-0d8b7a6c5e4f",
  },
};

/** The `limit` and `offset` of a paged list of `what` ("Rows", "Matches"). */
export function paging(what: string): { limit: QueryParam<number>; offset: QueryParam<number> } {
  return {
    limit: {
      read: (query) => integerParam(query, "limit", 1, MAX_LIMIT, DEFAULT_LIMIT),
      key: written,
      doc: {
        description: `${what} per page, an integer from 1 to 500 (default 100)`,
        integer: { min: 1, max: MAX_LIMIT, default: DEFAULT_LIMIT },
      },
    },
    offset: {
      read: (query) => integerParam(query, "offset", 0, MAX_OFFSET, 0),
      key: written,
      doc: {
        description: `${what} to skip, an integer from 0 to 1000000 (default 0)`,
        integer: { min: 0, max: MAX_OFFSET, default: 0 },
      },
    },
  };
}

/** The `event` filter of a player's matches: an event's slug. */
export const event: QueryParam<string | null> = {
  read: (query) => oneParam(query, "event", isSlug, "expected an event's slug"),
  key: written,
  doc: { description: "Only this event's matches (its slug)" },
};

/** The `opponent` filter of a player's matches: a player id. */
export const opponent: QueryParam<string | null> = {
  read: (query) =>
    oneParam(query, "opponent", isUuid, "expected a player id (a UUID)")?.toLowerCase() ?? null,
  key: written,
  resolve: alias,
  doc: { format: "uuid", description: "Only the matches against this player (a player id), given once" },
};

/** The change feed's `since`: the cursor, and its text as given (which the cache key writes). */
export const since: QueryParam<{ cursor: FeedCursor; given: string } | null> = {
  read: (query) => {
    const cursor = sinceParam(query);
    return cursor && { cursor, given: query.get("since")! };
  },
  key: (since) => since && since.given,
  doc: {
    description: "The next cursor of an earlier answer of this feed; absent to start from the event",
    example: "NmQ4YzI0ZTAtYjM2ZC00ZTk2LWE1YjgtOWM3NjE4NTRjYmVjfDQyfG1hdGNofA",
  },
};

/** The change feed's `limit`. */
export const feedLimit: QueryParam<number> = {
  read: feedLimitParam,
  key: written,
  doc: {
    description: "Changes per page, an integer from 1 to 500 (default 100)",
    integer: { min: 1, max: MAX_LIMIT, default: DEFAULT_LIMIT },
  },
};
