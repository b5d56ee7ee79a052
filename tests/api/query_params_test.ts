import assert from "node:assert/strict";
import { openApiDocument as documentOf } from "../../api/openapi.ts";
import { PUBLIC_ROUTES } from "../../api/routes.ts";

const openApiDocument = () => documentOf(PUBLIC_ROUTES);
import { PUBLIC_PATHS } from "../../api/public_paths.ts";
import { apiClient } from "../support/api_client.ts";
import { seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";
import { importEvent } from "../../event_file/import.ts";
import { matchIdFor } from "../../db/ids.ts";
import { TEAM_SLUG, teamEventFile } from "../support/team_event.ts";

type Json = Record<string, unknown>;

/** The query parameters the document declares for the GET of a path (Hono syntax). */
function declaredQuery(path: string): string[] {
  const item = (openApiDocument().paths as Json)[path.replace(/:(\w+)/g, "{$1}")] as Json;
  const params = ((item.get as Json).parameters ?? []) as Json[];
  return params.filter((p) => p.in === "query").map((p) => String(p.name));
}

storeTest(
  "[api] an unknown query parameter on any /api/v1 endpoint is a 400 problem naming it",
  async (store) => {
    const seeded = await seedTournament(store.db);
    // A tie of a team event, for /ties/:id (docs/teams.md).
    await importEvent(store, teamEventFile());
    const tie = matchIdFor(TEAM_SLUG, "WTG", "G1");
    const api = apiClient(store);
    const concrete = (path: string) =>
      path.replace(":slug", seeded.event.slug).replace(":otherId", seeded.knockout.players[1]!).replace(
        /^\/players\/:id/,
        `/players/${seeded.knockout.players[0]}`,
      ).replace(
        ":id",
        path.startsWith("/matches")
          ? seeded.matches.r1Done
          : path.startsWith("/ties")
          ? tie
          : seeded.knockout.id,
      );
    // A cursor of the event's change feed, for its `since`.
    const since = (await api.request(`/api/v1/events/${seeded.event.slug}/changes`)).body.data.next;
    for (const path of PUBLIC_PATHS) {
      const url = `/api/v1${concrete(path)}`;
      const { status, body } = await api.request(`${url}?page=2`);
      assert.equal(status, 400, `${url}?page=2`);
      assert.equal(body.code, "invalid-parameter");
      assert.equal(body.parameter, "page");
      const takes = declaredQuery(path);
      assert.equal(
        body.detail,
        `Unknown query parameter "page": ${
          takes.length ? `this endpoint takes ${takes.join(", ")}` : "this endpoint takes no query parameter"
        }`,
        url,
      );
      // What the document declares is still taken, and an empty query is none.
      for (const name of takes) {
        const value = {
          limit: "5",
          offset: "0",
          status: "completed",
          player: seeded.knockout.players[0],
          since,
          event: seeded.event.slug,
          opponent: seeded.knockout.players[1],
        }[name];
        assert.equal((await api.request(`${url}?${name}=${value}`)).status, 200, `${url}?${name}=${value}`);
      }
      assert.equal((await api.request(`${url}?`)).status, 200, `${url}?`);
    }
    // The typo of the issue: ?page=2 on a list paged by limit and offset no longer answers page 1.
    const typo = await api.request(`/api/v1/events/${seeded.event.slug}/players?limit=5&page=2`);
    assert.equal(typo.status, 400);
    assert.match(typo.body.detail, /"page": this endpoint takes limit, offset/);
  },
);
