// Knockout draws checked case by case against the ITTF draw regulations (Handbook, Regulations for
// International Competitions 3.6): seeding by ranking (3.6.2) together with separation by association
// (3.6.3), where the lot for one seed must leave room for a compatriot seeded lower in the same group.
import assert from "node:assert/strict";
import { type DrawEntry, type DrawSlot, placeKnockout } from "../../domain/draw.ts";
import { placeGroupQualifiers } from "../../domain/group_qualifiers.ts";

/** `n` entries p1..pn, the first `seeds` seeded 1..seeds; each in its own association unless `shared` says. */
function entries(n: number, seeds: number, shared: Record<number, string> = {}): DrawEntry[] {
  return Array.from({ length: n }, (_, i) => {
    const entry: DrawEntry = { id: `p${i + 1}`, association: shared[i + 1] ?? `A${i + 1}` };
    if (i < seeds) entry.seed = i + 1;
    return entry;
  });
}

const LOTS = Array.from({ length: 60 }, (_, i) => `lot-${i}`);
const section = (slots: readonly DrawSlot[], id: string, parts: number) =>
  Math.floor(slots.indexOf(id) / (slots.length / parts));

Deno.test("placeKnockout() draws seed 4 into the other half from a compatriot seeded 2 (3.6.3.3)", () => {
  for (const lotSeed of LOTS) {
    // Seeds 3 and 4 are drawn between the bottom of the first half and the top of the second (3.6.2.3.1);
    // seed 4 shares seed 2's association, so the lot must leave seed 4 the first half.
    const slots = placeKnockout(entries(16, 4, { 2: "CHN", 4: "CHN" }), { lotSeed });
    assert.equal(slots.indexOf("p4"), 7, `lot ${lotSeed}: ${slots.join(" ")}`);
    assert.equal(slots.indexOf("p3"), 8, `lot ${lotSeed}`);
  }
  for (const lotSeed of LOTS) {
    const slots = placeKnockout(entries(32, 8, { 1: "CHN", 4: "CHN" }), { lotSeed });
    assert.equal(slots.indexOf("p4"), 16, `lot ${lotSeed}: seed 4 away from seed 1`);
  }
});

Deno.test("placeKnockout() draws an association's third seed into a quarter of its own (3.6.3.3)", () => {
  for (const lotSeed of LOTS) {
    // CHN holds seeds 1, 4 and 8: seed 4 goes to the second half, seed 8 to one of the two other quarters.
    const slots = placeKnockout(entries(16, 8, { 1: "CHN", 4: "CHN", 8: "CHN" }), { lotSeed });
    const quarters = ["p1", "p4", "p8"].map((id) => section(slots, id, 4));
    assert.equal(new Set(quarters).size, 3, `lot ${lotSeed}: quarters ${quarters}`);
  }
});

Deno.test("placeKnockout() keeps byes even and still separates a compatriot seed that holds a bye", () => {
  for (const lotSeed of LOTS) {
    // 10 entries in 16 slots: 6 byes for seeds 1-6, so seeds 5 and 6 split the halves (3.6.1.2); seed 6
    // shares seed 1's association, so the lot must send seed 5 to the top half and seed 6 to the bottom.
    const slots = placeKnockout(entries(10, 8, { 1: "CHN", 6: "CHN" }), { lotSeed });
    assert.equal(section(slots, "p6", 2), 1, `lot ${lotSeed}: ${slots.join(" ")}`);
    assert.equal(section(slots, "p5", 2), 0, `lot ${lotSeed}`);
    assert.equal(slots[slots.indexOf("p6") ^ 1], null, `lot ${lotSeed}: seed 6 keeps its bye`);
  }
});

Deno.test("placeKnockout() separates compatriot seeds among seeds 9-16 whatever the lot of the others", () => {
  for (const lotSeed of LOTS) {
    // 33 entries in 64 slots, seeds 1-15 all with byes; CHN holds seeds 3 and 12 (its 1st and 2nd).
    const slots = placeKnockout(entries(33, 15, { 3: "CHN", 12: "CHN" }), { lotSeed });
    assert.notEqual(section(slots, "p3", 2), section(slots, "p12", 2), `lot ${lotSeed}`);
  }
});

Deno.test("placeKnockout() leaves a draw without shared associations as it was (same lot, same slots)", () => {
  // The look-ahead only acts when a lower seed of the group has a compatriot: other stored draws stay valid.
  assert.deepEqual(placeKnockout(entries(3, 2), { lotSeed: "x" }), ["p1", null, "p3", "p2"]);
  assert.deepEqual(placeGroupQualifiers(2, 2, { lotSeed: "s" }), [
    { group: 0, place: 1 },
    { group: 1, place: 2 },
    { group: 0, place: 2 },
    { group: 1, place: 1 },
  ]);
});

Deno.test("placeKnockout() handles the smallest draws: 2 and 3 entries, one association", () => {
  assert.deepEqual(placeKnockout(entries(2, 0, { 1: "CHN", 2: "CHN" }), { lotSeed: "two" }).length, 2);
  for (const lotSeed of LOTS) {
    const slots = placeKnockout(entries(3, 0, { 1: "CHN", 2: "CHN", 3: "CHN" }), { lotSeed });
    assert.equal(slots.filter((s) => s === null).length, 1, `lot ${lotSeed}`);
    // The association's first two are in different halves; the bye faces one of the three.
    assert.notEqual(section(slots, "p1", 2), section(slots, "p2", 2), `lot ${lotSeed}`);
  }
  assert.throws(() => placeKnockout(entries(1, 1), { lotSeed: "one" }), /at least 2 are needed/);
});

Deno.test("placeKnockout() spreads a one-association draw: halves, then quarters, then no first-round pair", () => {
  for (const lotSeed of LOTS) {
    const all = entries(8, 2, Object.fromEntries(Array.from({ length: 8 }, (_, i) => [i + 1, "CHN"])));
    const slots = placeKnockout(all, { lotSeed });
    assert.deepEqual([slots[0], slots[7]], ["p1", "p2"]);
    const quarters = ["p3", "p4"].map((id) => section(slots, id, 4)).sort();
    assert.deepEqual(quarters, [1, 2], `lot ${lotSeed}: the next two in the other quarters`);
  }
});
