import assert from "node:assert/strict";
import fc from "fast-check";
import { i18nFor } from "../../pages/i18n/mod.ts";
import {
  bestOfText,
  formatDateRange,
  formatMatchTime,
  percent,
  predictionSentence,
  resultReasonMark,
  resultReasonText,
  resultReasonWords,
} from "../../pages/format.ts";

Deno.test("formatDateRange() writes one day once and a span as a range", () => {
  assert.equal(formatDateRange("2026-11-28", "2026-11-28"), "28 November 2026");
  assert.equal(formatDateRange("2026-11-28", "2026-11-29"), "28–29 November 2026");
  assert.equal(formatDateRange("2026-12-30", "2027-01-02"), "30 December 2026 – 2 January 2027");
});

Deno.test("formatMatchTime() gives the hall's clock time, with the day for an event of several days", () => {
  // 14:05 on Saturday 28 November 2026 in this process's time zone, whichever it is (the server's is the hall's).
  const local = new Date(2026, 10, 28, 14, 5).toISOString();
  assert.equal(formatMatchTime(local, false), "14:05");
  assert.equal(formatMatchTime(local, true), "Sat 14:05");
  assert.equal(formatMatchTime(new Date(2026, 10, 29, 9, 0).toISOString(), true), "Sun 09:00");
  assert.equal(formatMatchTime(null, true), null);
  assert.equal(formatMatchTime("not a time", false), null);
});

Deno.test("predictionSentence() names the favourite with the label and the range", () => {
  const p = { pHome: 0.62, ciLow: 0.48, ciHigh: 0.74, confidenceLabel: "medium" };
  assert.equal(predictionSentence(p, "Ann", "Bo"), "Ann 62% to win (confidence: medium, range 48–74%)");
  const away = { pHome: 0.3, ciLow: 0.2, ciHigh: 0.45, confidenceLabel: "high" };
  assert.equal(predictionSentence(away, "Ann", "Bo"), "Bo 70% to win (confidence: high, range 55–80%)");
});

Deno.test("predictionSentence() shows the label with every number, and no number when insufficient", () => {
  const probability = fc.double({ min: 0, max: 1, noNaN: true });
  fc.assert(
    fc.property(
      probability,
      probability,
      probability,
      fc.constantFrom("high", "medium", "low", "insufficient"),
      (a, b, c, label) => {
        const [ciLow, pHome, ciHigh] = [a, b, c].sort((x, y) => x - y) as [number, number, number];
        const text = predictionSentence({ pHome, ciLow, ciHigh, confidenceLabel: label }, "Home", "Away");
        if (label === "insufficient") assert.doesNotMatch(text, /\d/);
        else {assert.ok(
            text.includes(`confidence: ${label}`) && text.includes(percent(Math.max(pHome, 1 - pHome))),
          );}
      },
    ),
  );
});

Deno.test("resultReasonText() words the result reasons and says nothing for a normal result", () => {
  assert.equal(resultReasonText(null), null);
  assert.equal(resultReasonText("walkover"), "walkover");
  assert.equal(resultReasonText("retired"), "retired");
});

Deno.test("resultReasonWords() names the side that retired or was disqualified; resultReasonMark() is short", () => {
  const m = { winnerId: "a", homeId: "a", awayId: "b", homeName: "Ann", awayName: "Bo" };
  assert.equal(resultReasonWords({ ...m, resultReasonCode: "retired" }), "Bo retired");
  assert.equal(
    resultReasonWords({ ...m, winnerId: "b", resultReasonCode: "disqualified" }),
    "Ann disqualified",
  );
  assert.equal(resultReasonWords({ ...m, resultReasonCode: "walkover" }), "walkover");
  assert.equal(resultReasonWords({ ...m, resultReasonCode: null }), null);
  assert.deepEqual(["walkover", "retired", "disqualified", null].map((c) => resultReasonMark(c)), [
    "W/O",
    "RET",
    "DSQ",
    null,
  ]);
});

Deno.test("bestOfText() says a match's length in each federation's term", () => {
  const said = (lang: Parameters<typeof i18nFor>[0], bestOf: number) => bestOfText(bestOf, i18nFor(lang));
  assert.equal(said("en", 5), "Best of 5");
  // The DTTB counts the games to win: a best of 5 is "3 Gewinnsätze", a best of 7 "4 Gewinnsätze".
  assert.equal(said("de", 5), "3 Gewinnsätze");
  assert.equal(said("de", 7), "4 Gewinnsätze");
  // The CTTA says both: "五局三胜制".
  assert.equal(said("zh", 5), "5局3胜制");
  assert.equal(said("ja", 5), "5ゲームマッチ");
  assert.equal(said("fr", 5), "Au meilleur des 5 manches");
  assert.equal(said("es", 3), "Al mejor de 3 juegos");
});
