import assert from "node:assert/strict";
import fc from "fast-check";
import {
  knockoutRoundName,
  readStageLabel,
  type StageName,
  stageNameLabel,
} from "../../domain/stage_name.ts";
import { roundLabel } from "../../domain/bracket.ts";

Deno.test("knockoutRoundName() names the rounds from the final back", () => {
  assert.deepEqual(knockoutRoundName(0), { kind: "final" });
  assert.deepEqual(knockoutRoundName(2), { kind: "quarterFinal" });
  assert.deepEqual(knockoutRoundName(4), { kind: "roundOf", players: 32 });
  assert.equal(roundLabel(2, 5), "Round of 16");
});

Deno.test("readStageLabel() reads back every label stageNameLabel() writes, and no organiser's words", () => {
  const name: fc.Arbitrary<StageName> = fc.oneof(
    fc.constant({ kind: "final" as const }),
    fc.constant({ kind: "semiFinal" as const }),
    fc.constant({ kind: "quarterFinal" as const }),
    fc.integer({ min: 3, max: 12 }).map((fromFinal) => knockoutRoundName(fromFinal)),
    fc.integer({ min: 1, max: 99 }).map((number) => ({ kind: "round" as const, number })),
    fc.constant({ kind: "group" as const, name: null }),
    fc.stringMatching(/^[A-Z0-9][A-Za-z0-9 ]{0,8}$/).map((g) => ({ kind: "group" as const, name: g })),
  );
  fc.assert(fc.property(name, (n) => assert.deepEqual(readStageLabel(stageNameLabel(n)), n)));
  for (const own of ["Plate final", "Finale", "Round of sixteen", "Round 0", ""]) {
    assert.equal(readStageLabel(own), null, own);
  }
});
