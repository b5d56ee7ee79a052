import assert from "node:assert/strict";
import { WARM_UP_MS, warmUpWords } from "../../../../../pages/operator/client/score/warm_up.ts";

const BEGAN = "2026-11-28T10:00:00.000Z";

Deno.test("warmUpWords() counts the 2 minutes of warm-up down, then says they are over (Regulation 3.4.2.1)", () => {
  assert.equal(warmUpWords(null, Date.parse(BEGAN)), "");
  assert.equal(warmUpWords(BEGAN, Date.parse(BEGAN)), "Warm-up: 02:00 left");
  assert.equal(warmUpWords(BEGAN, Date.parse(BEGAN) + 30_000), "Warm-up: 01:30 left");
  assert.equal(warmUpWords(BEGAN, Date.parse(BEGAN) + WARM_UP_MS), "Warm-up over: who serves first?");
});
