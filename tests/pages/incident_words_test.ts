import assert from "node:assert/strict";
import type { IncidentWhat } from "../../domain/incident_list.ts";
import { LANGUAGES } from "../../lib/languages.ts";
import { incidentText, medicalWho } from "../../pages/incident_words.ts";
import { i18nFor } from "../../pages/i18n/mod.ts";

/** One incident of every kind the list has, as domain/incident_list.ts gives its words. */
const EVERY_KIND: IncidentWhat[] = [
  { kind: "card", card: "yellow", side: "home", player: "Ana", coach: false, penaltyPoints: 0 },
  { kind: "card", card: "yellow_red", side: "away", player: "Ben", coach: true, penaltyPoints: 1 },
  { kind: "card", card: "red", side: "away", player: "Ben", coach: false, penaltyPoints: 2 },
  { kind: "timeout", side: "home", player: "Ana" },
  { kind: "expedite", byRequest: false },
  { kind: "expedite", byRequest: true },
  { kind: "medical", side: "away", player: "Ben", reason: "accident", minutes: 6 },
  { kind: "medical", side: "away", player: "Ben", reason: "bleeding", minutes: null },
  { kind: "medical", side: "away", player: "Ben", reason: null, minutes: 3 },
  { kind: "retired", afterGame: 2 },
  { kind: "retired", afterGame: null },
  { kind: "disqualified" },
  { kind: "result", by: "Desk", games: ["11-9", "11-7"] },
  { kind: "correct", by: "Desk", game: 2, score: "11-9", was: "11-7" },
  { kind: "correct", by: "Desk", game: 2, score: "11-9", was: null },
];

Deno.test("incidentText() words every kind of incident in English", () => {
  const { t } = i18nFor("en");
  assert.deepEqual(EVERY_KIND.map((i) => incidentText(i, t)), [
    "Yellow card: Ana",
    "Yellow and red card: Ben's coach (1 penalty point)",
    "Red card: Ben (2 penalty points)",
    "Time-out: Ana",
    "Expedite system introduced",
    "Expedite system introduced at both sides' request",
    "Medical break: Ben (injury from an accident), 6 min",
    "Medical break: Ben (bleeding), under way",
    "Medical break: Ben, 3 min",
    "Retired after game 2",
    "Retired",
    "Disqualified",
    "Result entered by Desk: 11-9, 11-7",
    "Game 2 corrected by Desk to 11-9 (was 11-7)",
    "Game 2 corrected by Desk to 11-9",
  ]);
});

Deno.test("incidentText() leaves no English sentence in the other languages", () => {
  const english = EVERY_KIND.map((i) => incidentText(i, i18nFor("en").t));
  for (const lang of LANGUAGES.filter((l) => l !== "en")) {
    const said = EVERY_KIND.map((i) => incidentText(i, i18nFor(lang).t));
    said.forEach((s, n) => assert.notEqual(s, english[n], `${lang}: ${s}`));
    assert.ok(
      said.every((s) =>
        !/\b(card|coach|penalty|Time-out|Expedite|Medical|Retired|Disqualified|entered|corrected)\b/.test(s)
      ),
      `${lang}: ${said.join(" | ")}`,
    );
  }
  const { t } = i18nFor("de");
  assert.equal(incidentText(EVERY_KIND[1]!, t), "Gelbe und Rote Karte: Betreuer von Ben (1 Strafpunkt)");
  assert.equal(
    incidentText(EVERY_KIND[6]!, t),
    "Verletzungspause: Ben (Verletzung durch einen Unfall), 6 Min.",
  );
});

Deno.test("medicalWho() words the phone's reasons and keeps the referee's own text as written", () => {
  const { t } = i18nFor("fr");
  assert.equal(medicalWho("Ana", "bleeding", t), "Ana (saignement)");
  assert.equal(medicalWho("Ana", "cut hand", t), "Ana (cut hand)");
  assert.equal(medicalWho("Ana", null, t), "Ana");
});
