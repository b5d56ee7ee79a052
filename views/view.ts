/**
 * A public resource as the API, the pages and the answer caches all see it: its version (what its answers are
 * kept and revalidated under) and what it shows, read once here for every reader. Versions are read before the
 * data, so that an answer kept under a version is never older than that version.
 */
import type { Kysely } from "kysely";
import type { LeaderboardSize } from "../db/read_rankings.ts";
import type { VersionReader } from "../db/read_versions.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../lib/uuid.ts";

/** What views read from: the store's queries and its versions. */
export interface ViewDeps {
  readonly db: Kysely<Database>;
  readonly versions: VersionReader;
  readonly leaderboard: LeaderboardSize;
}

/** A public resource, asked for with `P`. */
export interface View<P, T> {
  /** Its version; null when it is not public (its answer is then a 404). */
  version(deps: ViewDeps, params: P): Promise<string | null>;
  /** What it shows; null when it is unknown or not public. */
  load(deps: ViewDeps, params: P): Promise<T | null>;
}

/**
 * A resource named by a UUID in any case: not public (null) unless the id is a UUID, and asked of `view` in
 * lowercase, the case the store keeps.
 */
export function namedByUuid<T>(view: View<string, T>): View<string, T> {
  return {
    version: (deps, id) => isUuid(id) ? view.version(deps, id.toLowerCase()) : Promise.resolve(null),
    load: (deps, id) => isUuid(id) ? view.load(deps, id.toLowerCase()) : Promise.resolve(null),
  };
}
