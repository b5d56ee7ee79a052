import assert from "node:assert/strict";
import { MEDICAL_BREAK_MS, medicalBreakLeft, medicalReasonWords } from "../../domain/medical_break.ts";

Deno.test("medicalBreakLeft() counts the 10 minutes of Regulation 3.4.2.3 down to 0, never below", () => {
  const began = "2026-12-05T10:00:00.000Z";
  const t = (s: number) => Date.parse(began) + s * 1000;
  assert.equal(MEDICAL_BREAK_MS, 600_000);
  assert.equal(medicalBreakLeft({ side: "home", began }, t(0)), 600_000);
  assert.equal(medicalBreakLeft({ side: "home", began }, t(240)), 360_000);
  assert.equal(medicalBreakLeft({ side: "away", began }, t(600)), 0);
  assert.equal(medicalBreakLeft({ side: "away", began }, t(900)), 0);
});

Deno.test("medicalReasonWords() says the phone's reasons in words and any other text as it is", () => {
  assert.equal(medicalReasonWords("accident"), "injury from an accident");
  assert.equal(medicalReasonWords("bleeding"), "bleeding");
  assert.equal(medicalReasonWords("other"), "other reason allowed by the referee");
  assert.equal(medicalReasonWords("cut hand"), "cut hand");
});
