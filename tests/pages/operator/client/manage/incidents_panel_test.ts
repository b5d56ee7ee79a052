import assert from "node:assert/strict";
import {
  filterIncidents,
  incidentWords,
} from "../../../../../pages/operator/client/manage/incidents_panel.ts";
import type { DeskWords } from "../../../../../pages/operator/client/manage/words.ts";
import type { EventIncident } from "../../../../../domain/incident_list.ts";
import { deskDe } from "../../../../../pages/i18n/desk/de.ts";

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
  words: {
    kind: "card",
    card: "yellow",
    side: "home",
    player: "A",
    coach: false,
    penaltyPoints: 0,
    match: { home: "A", away: "B", category: "Singles", stage: "R1" },
  },
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

Deno.test("incidentWords() words an incident in the desk's language from its words, the API's text without them", () => {
  const red = incident({
    words: {
      kind: "card",
      card: "yellow_red",
      side: "away",
      player: "Ben Okafor",
      coach: true,
      penaltyPoints: 2,
      match: { home: "Ana Lopez", away: "Ben Okafor", category: "Herreneinzel", stage: "R1" },
    },
  });
  const words: DeskWords = { words: deskDe, locale: "de-DE", timeZone: "UTC", rtl: false };
  (globalThis as { deskWords?: DeskWords }).deskWords = words;
  try {
    const said = incidentWords(red);
    assert.equal(said.what, "Gelbe und Rote Karte: Betreuer von Ben Okafor (2 Strafpunkte)");
    assert.match(said.match, /^Ana Lopez – Ben Okafor \(Herreneinzel, .+\)$/);
  } finally {
    delete (globalThis as { deskWords?: DeskWords }).deskWords;
  }
  const undone = incident({ undone: { at: "2026-12-05T10:00:00.000Z", by: "Table 1 phone" } });
  assert.equal(incidentWords(undone).what, "Yellow card: A (undone)");
  const older = { ...incident({ text: "Red card: B" }), words: undefined } as unknown as EventIncident;
  assert.deepEqual(incidentWords(older), { what: "Red card: B", match: "A v B (Singles, R1)" });
});
