import assert from "node:assert/strict";
import { buildTeamDemoEvent, DEMO_TEAMS_SLUG } from "../../cli/demo_teams.ts";
import { importEvent } from "../../event_file/import.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { apiClient } from "../support/api_client.ts";
import { storeTest } from "../support/stores.ts";

const now = new Date("2026-11-28T12:00:00.000Z");

Deno.test("buildTeamDemoEvent() is a valid import file with a tie being played", async () => {
  const file = buildTeamDemoEvent(now);
  const checked = await validateEventFile(file);
  assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
  const ties = file.categories[0]!.matches!;
  assert.deepEqual(ties.map((t) => t.status), [
    "completed",
    "completed",
    "completed",
    "completed",
    "in_progress",
    "scheduled",
  ]);
});

storeTest("buildTeamDemoEvent() imports as a team event whose ties are public, one live", async (store) => {
  await importEvent(store, buildTeamDemoEvent(now), () => now);
  const api = apiClient(store);
  const event = await api.request(`/api/v1/events/${DEMO_TEAMS_SLUG}`);
  assert.equal(event.status, 200);
  const category = event.body.data.subevents[0];
  assert.equal(category.kind, "team");
  const ties = await api.request(category.ties);
  assert.equal(ties.status, 200);
  const live = ties.body.data.ties.find((t: { status: string }) => t.status === "in_progress");
  assert.deepEqual(live.score, { home: 1, away: 0 });
  assert.equal(live.matches[1].match.status, "in_progress");
  assert.equal(live.matches[1].match.tieId, live.id);
  const standings = await api.request(`/api/v1/subevents/${category.id}/standings`);
  assert.equal(standings.status, 200);
  const rows = standings.body.data.standings[0].rows as { entry: { name: string }; won: number }[];
  assert.deepEqual(rows.map((r) => r.won), [2, 2, 0, 0]);
  assert.deepEqual(rows.slice(0, 2).map((r) => r.entry.name).sort(), ["Belgium", "France"]);
});
