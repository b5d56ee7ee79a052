import assert from "node:assert/strict";
import fc from "fast-check";
import { bracketSize, DrawError, seedPositions } from "../../domain/draw.ts";
import { placeGroupQualifiers, qualifierLabel, type QualifierRef } from "../../domain/group_qualifiers.ts";

const key = (ref: QualifierRef | null) => (ref === null ? "bye" : `${ref.group}/${ref.place}`);

/** Every invariant of a groups-to-knockout placement. */
function assertValidPlacement(
  groupCount: number,
  perGroup: 1 | 2,
  slots: readonly (QualifierRef | null)[],
  context: string,
): void {
  const qualifiers = groupCount * perGroup;
  const size = bracketSize(qualifiers);
  assert.equal(slots.length, size, context);
  const expected: string[] = [];
  for (let g = 0; g < groupCount; g++) for (let p = 1; p <= perGroup; p++) expected.push(`${g}/${p}`);
  assert.deepEqual(slots.filter((s) => s !== null).map(key).sort(), expected.sort(), `${context}: each once`);

  for (let k = 0; k < size; k += 2) {
    assert.ok(slots[k] !== null || slots[k + 1] !== null, `${context}: bye v bye`);
  }

  const slotOf = (group: number, place: number) =>
    slots.findIndex((s) => s?.group === group && s.place === place);
  // Winners like seeds in group order: A top, B bottom, C and D at the quarter ends, ...
  const groups = seedPositions(size);
  let rank = 0;
  for (const reserved of groups) {
    for (let k = 0; k < reserved.length && rank < groupCount; k++, rank++) {
      assert.ok(
        reserved.includes(slotOf(rank, 1)),
        `${context}: winner of group ${rank} at ${slotOf(rank, 1)}`,
      );
    }
  }
  // Byes go to the winners first, in group order.
  const byes = size - qualifiers;
  for (let g = 0; g < groupCount; g++) {
    const s = slotOf(g, 1);
    assert.equal(slots[s ^ 1] === null, g < byes, `${context}: bye of the winner of group ${g}`);
  }
  // A runner-up is never in the half of its own group's winner.
  if (perGroup === 2) {
    for (let g = 0; g < groupCount; g++) {
      const half = (s: number) => (s < size / 2 ? "top" : "bottom");
      assert.notEqual(half(slotOf(g, 2)), half(slotOf(g, 1)), `${context}: runner-up of group ${g}`);
    }
  }
}

Deno.test("placeGroupQualifiers() puts each runner-up in the other half from its winner, for 1 to 64 groups", () => {
  for (let groupCount = 1; groupCount <= 64; groupCount++) {
    for (const lotSeed of ["a", "b", "c"]) {
      assertValidPlacement(
        groupCount,
        2,
        placeGroupQualifiers(groupCount, 2, { lotSeed }),
        `${groupCount} groups, lot ${lotSeed}`,
      );
    }
  }
});

Deno.test("placeGroupQualifiers() places winners like seeds when one player qualifies per group", () => {
  for (let groupCount = 2; groupCount <= 64; groupCount++) {
    const slots = placeGroupQualifiers(groupCount, 1, { lotSeed: `one-${groupCount}` });
    assertValidPlacement(groupCount, 1, slots, `${groupCount} groups`);
    assert.deepEqual(slots[0], { group: 0, place: 1 });
    assert.deepEqual(slots.at(-1), { group: 1, place: 1 });
  }
});

Deno.test("placeGroupQualifiers() keeps its invariants for any lot seed", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 40 }), fc.string({ minLength: 1 }), (groupCount, lotSeed) => {
      assertValidPlacement(groupCount, 2, placeGroupQualifiers(groupCount, 2, { lotSeed }), `${groupCount}`);
    }),
    { numRuns: 200 },
  );
});

Deno.test("placeGroupQualifiers() for two groups crosses the winners and runners-up", () => {
  assert.deepEqual(placeGroupQualifiers(2, 2, { lotSeed: "s" }), [
    { group: 0, place: 1 },
    { group: 1, place: 2 },
    { group: 0, place: 2 },
    { group: 1, place: 1 },
  ]);
  assert.deepEqual(placeGroupQualifiers(1, 2, { lotSeed: "s" }), [{ group: 0, place: 1 }, {
    group: 0,
    place: 2,
  }]);
});

Deno.test("placeGroupQualifiers() for four groups puts runners-up in the quarters of other winners", () => {
  for (let i = 0; i < 30; i++) {
    const slots = placeGroupQualifiers(4, 2, { lotSeed: `four-${i}` });
    // Full 8 draw: every first-round match is a winner against a runner-up of another group.
    for (let k = 0; k < 8; k += 2) {
      const [a, b] = [slots[k]!, slots[k + 1]!];
      assert.notEqual(a.place, b.place, `lot four-${i}`);
      assert.notEqual(a.group, b.group, `lot four-${i}`);
    }
  }
});

Deno.test("placeGroupQualifiers() is reproducible from the stored lot seed", () => {
  const a = placeGroupQualifiers(12, 2, { lotSeed: "ko-2026" });
  assert.deepEqual(placeGroupQualifiers(12, 2, { lotSeed: "ko-2026" }), a);
  assert.notDeepEqual(placeGroupQualifiers(12, 2, { lotSeed: "ko-2026-b" }), a);
});

Deno.test("placeGroupQualifiers() refuses fewer than two qualifiers and bad arguments", () => {
  assert.throws(() => placeGroupQualifiers(1, 1, { lotSeed: "x" }), DrawError);
  assert.throws(() => placeGroupQualifiers(1, 1, { lotSeed: "x" }), /at least 2 qualifiers/);
  assert.throws(() => placeGroupQualifiers(0, 2, { lotSeed: "x" }), /from "0" groups/);
  assert.throws(() => placeGroupQualifiers(4, 3 as 2, { lotSeed: "x" }), /"3" qualifiers per group/);
  assert.throws(() => placeGroupQualifiers(4, 2, { lotSeed: "" }), /the lot seed is empty/);
});

Deno.test("qualifierLabel() names the place and the group", () => {
  assert.equal(qualifierLabel({ group: 0, place: 1 }), "1st of Group A");
  assert.equal(qualifierLabel({ group: 1, place: 2 }), "2nd of Group B");
  assert.equal(qualifierLabel({ group: 26, place: 1 }), "1st of Group AA");
});
