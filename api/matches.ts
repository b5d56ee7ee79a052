/** /api/v1/matches/{id}: one match with its live block and frozen prediction. */
import { Hono } from "hono";
import { readEntries } from "../db/read_entries.ts";
import { findPrediction, findPublicMatch } from "../db/read_matches.ts";
import { versions } from "../db/read_versions.ts";
import type { AppDeps } from "./deps.ts";
import { idParam } from "./params.ts";
import { notFound, quoted } from "./problem.ts";
import { respond } from "./respond.ts";
import { serializeLive, serializeMatch, serializePrediction } from "./serialize.ts";

/** Builds the /matches sub-app. */
export function matchesApi(deps: AppDeps): Hono {
  const db = deps.store.db;
  const app = new Hono();

  app.get("/:id", (c) => {
    const id = idParam(c.req.param("id"), "a match");
    return respond(c, deps, `/matches/${id}`, async () => {
      const [found, prediction] = await Promise.all([findPublicMatch(db, id), findPrediction(db, id)]);
      const sides = found
        ? [found.homeEntryId, found.awayEntryId].filter((e): e is string => e !== null)
        : [];
      const match = found && serializeMatch(found, await readEntries(db, sides));
      // A match with an open side is shown in the draw only, so it has no page of its own yet.
      if (!found || !match) throw notFound(`Cannot find a public match with id ${quoted(id)}`);
      return {
        data: {
          match,
          live: serializeLive(found),
          prediction: prediction && serializePrediction(prediction),
        },
      };
    }, () => versions(deps.store).match(id));
  });

  return app;
}
