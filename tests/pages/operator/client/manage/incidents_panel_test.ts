import assert from "node:assert/strict";
import { filterIncidents } from "../../../../../pages/operator/client/manage/incidents_panel.ts";
import type { EventIncident } from "../../../../../domain/incident_list.ts";

const incident = (over: Partial<EventIncident>): EventIncident => ({
  key: "k",
  category: "card",
  matchId: "m",
  match: "A v B (Singles, R1)",
  tableNo: 1,
  categoryId: "c1",
  categoryName: "Singles",
  gameNumber: 1,
  score: "0-0",
  at: null,
  text: "Yellow card: A",
  alert: false,
  undone: null,
  ...over,
});

Deno.test("filterIncidents() keeps a table's, a category's and a kind's incidents; empty filters keep all", () => {
  const list = [
    incident({ key: "a" }),
    incident({ key: "b", tableNo: 2, category: "timeout" }),
    incident({ key: "c", tableNo: null, categoryId: "c2", category: "correction" }),
  ];
  const keys = (f: { table: string; category: string; kind: string }) =>
    filterIncidents(list, f).map((i) => i.key);
  assert.deepEqual(keys({ table: "", category: "", kind: "" }), ["a", "b", "c"]);
  assert.deepEqual(keys({ table: "2", category: "", kind: "" }), ["b"]);
  assert.deepEqual(keys({ table: "", category: "c2", kind: "" }), ["c"]);
  assert.deepEqual(keys({ table: "1", category: "", kind: "timeout" }), []);
});

Deno.test("filterIncidents() shows, hides or keeps alone the incidents the umpire undid", () => {
  const list = [
    incident({ key: "a" }),
    incident({ key: "b", undone: { at: "2026-12-05T10:00:00.000Z", by: "Table 1 phone" } }),
  ];
  const keys = (undone: string) =>
    filterIncidents(list, { table: "", category: "", kind: "card", undone }).map((i) => i.key);
  assert.deepEqual(keys(""), ["a", "b"]);
  assert.deepEqual(keys("hide"), ["a"]);
  assert.deepEqual(keys("only"), ["b"]);
});
