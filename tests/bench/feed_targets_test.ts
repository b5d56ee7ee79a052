import assert from "node:assert/strict";
import type { BuiltStore } from "../../bench/build_store.ts";
import { feedAndProfileTargets, targets } from "../../bench/main.ts";

const built = { slug: "bench-live", categories: [], live: [] } as unknown as BuiltStore;
const players = ["00000091-0001-4000-8000-000000000001", "00000091-0001-4000-8000-000000000002"];

Deno.test("feedAndProfileTargets() measures the change feed (200 and 304) and players' profiles", () => {
  const rows = feedAndProfileTargets(built, players);
  assert.deepEqual(rows.map((r) => [r.name, r.kind, r.expect, r.revalidate ?? false]), [
    ["GET /api/v1/events/{slug}/changes", "read", 200, false],
    ["304 GET /api/v1/events/{slug}/changes", "revalidate", 304, true],
    ["GET /api/v1/players/{id}", "read", 200, false],
  ]);
  assert.deepEqual(rows[0]!.requests, [{ path: "/api/v1/events/bench-live/changes" }]);
  assert.deepEqual(rows[2]!.requests.map((r) => r.path), players.map((id) => `/api/v1/players/${id}`));
});

Deno.test("targets() include the change feed and profile rows", () => {
  const names = targets(built, players).map((t) => t.name);
  for (const row of feedAndProfileTargets(built, players)) assert.ok(names.includes(row.name), row.name);
});
