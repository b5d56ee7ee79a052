import assert from "node:assert/strict";
import { keyWriter, type QueryParam } from "../../api/route.ts";
import { paging, status } from "../../api/route_params.ts";
import { PUBLIC_ROUTES } from "../../api/routes.ts";

Deno.test("keyWriter() writes the path's values, then each declared query value present, in declared order", () => {
  const query = Object.entries({ status, ...paging("Matches") }) as [string, QueryParam<unknown>][];
  const key = keyWriter("/events/:slug/matches", query);
  assert.equal(
    key({ slug: "open", status: ["scheduled", "in_progress"], limit: 100, offset: 0 }),
    "/events/open/matches?status=scheduled,in_progress&limit=100&offset=0",
  );
  assert.equal(
    key({ slug: "open", status: null, limit: 5, offset: 10 }),
    "/events/open/matches?limit=5&offset=10",
  );
  const bare = keyWriter("/players/:id/head-to-head/:otherId", []);
  assert.equal(bare({ id: "a", otherId: "b" }), "/players/a/head-to-head/b");
  assert.equal(
    keyWriter("/subevents/:id/matches", [["status", status as QueryParam<unknown>]])({
      id: "c",
      status: null,
    }),
    "/subevents/c/matches",
  );
});

Deno.test("[api] every public route declares each parameter of its path, once, and a unique operation", () => {
  const operations = new Set<string>();
  for (const route of PUBLIC_ROUTES) {
    const named = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    assert.deepEqual(Object.keys(route.params), named, route.path);
    assert.ok(!operations.has(route.doc.operationId), route.doc.operationId);
    operations.add(route.doc.operationId);
  }
  assert.equal(new Set(PUBLIC_ROUTES.map((r) => r.path)).size, PUBLIC_ROUTES.length);
});
