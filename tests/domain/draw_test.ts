import assert from "node:assert/strict";
import fc from "fast-check";
import {
  bracketSize,
  type DrawEntry,
  DrawError,
  type DrawSlot,
  MAX_BRACKET_SIZE,
  meetingRound,
  placeKnockout,
  seedPositions,
} from "../../domain/draw.ts";

/** `n` entries p1..pn; the first `seeds` carry seeds 1..seeds; `association` picks each one's association. */
function makeEntries(n: number, seeds: number, association?: (i: number) => string | undefined): DrawEntry[] {
  return Array.from({ length: n }, (_, i) => {
    const entry: DrawEntry = { id: `p${i + 1}` };
    if (i < seeds) entry.seed = i + 1;
    const a = association?.(i);
    if (a !== undefined) entry.association = a;
    return entry;
  });
}

/** Byes in each of the two halves of every section of every level, checked to differ by at most one. */
function assertByesBalanced(slots: readonly DrawSlot[], context: string): void {
  for (let section = slots.length; section >= 4; section /= 2) {
    for (let start = 0; start < slots.length; start += section) {
      const count = (from: number, to: number) => slots.slice(from, to).filter((s) => s === null).length;
      const top = count(start, start + section / 2);
      const bottom = count(start + section / 2, start + section);
      assert.ok(
        Math.abs(top - bottom) <= 1,
        `${context}: byes ${top} v ${bottom} in the halves of slots ${start}..${start + section - 1}`,
      );
    }
  }
}

/** Every invariant of a knockout draw that does not depend on associations. */
function assertValidDraw(entries: readonly DrawEntry[], slots: readonly DrawSlot[], context: string): void {
  const size = bracketSize(entries.length);
  assert.equal(slots.length, size, context);
  const placed = slots.filter((s): s is string => s !== null);
  assert.deepEqual(
    [...placed].sort(),
    entries.map((e) => e.id).sort(),
    `${context}: each entry exactly once`,
  );
  assert.equal(slots.filter((s) => s === null).length, size - entries.length, context);

  for (let k = 0; k < size; k += 2) {
    assert.ok(
      slots[k] !== null || slots[k + 1] !== null,
      `${context}: bye meets bye at slots ${k}, ${k + 1}`,
    );
  }
  assertByesBalanced(slots, context);

  // Seeds by rank sit in the slots reserved for their group: 1 top, 2 bottom, 3-4 the quarter ends...
  const seeded = entries.filter((e) => e.seed !== undefined).sort((a, b) => a.seed! - b.seed!);
  const groups = seedPositions(size);
  let rank = 0;
  for (const group of groups) {
    for (let k = 0; k < group.length && rank < seeded.length; k++, rank++) {
      const slot = slots.indexOf(seeded[rank]!.id);
      assert.ok(group.includes(slot), `${context}: seed rank ${rank + 1} at ${slot}, not in [${group}]`);
    }
  }

  // Byes face the seeds in seeding order; only when every seed has one do unseeded entries get byes.
  const byes = size - entries.length;
  const facingBye = new Set(
    slots.flatMap((s, i) => (s === null ? [slots[i ^ 1] as string] : [])),
  );
  for (let r = 0; r < seeded.length; r++) {
    assert.equal(facingBye.has(seeded[r]!.id), r < byes, `${context}: seed rank ${r + 1} and the byes`);
  }
}

Deno.test("bracketSize() is the next power of two, at least 2", () => {
  assert.equal(bracketSize(0), 2);
  assert.equal(bracketSize(2), 2);
  assert.equal(bracketSize(3), 4);
  assert.equal(bracketSize(12), 16);
  assert.equal(bracketSize(16), 16);
  assert.equal(bracketSize(17), 32);
  assert.equal(bracketSize(128), 128);
  assert.throws(() => bracketSize(2.5), DrawError);
  assert.throws(() => bracketSize(-1), /Cannot size a bracket for "-1" entries/);
});

Deno.test("seedPositions() reserves the top, the bottom, then the ends of ever smaller sections", () => {
  assert.deepEqual(seedPositions(2), [[0], [1]]);
  assert.deepEqual(seedPositions(4), [[0], [3], [1, 2]]);
  assert.deepEqual(seedPositions(16), [[0], [15], [7, 8], [3, 4, 11, 12], [1, 2, 5, 6, 9, 10, 13, 14]]);
  assert.throws(() => seedPositions(12), /expected a power of two/);
});

Deno.test("seedPositions() puts seeds 1..2^m one in each section of size / 2^m, for every size", () => {
  for (let size = 2; size <= 256; size *= 2) {
    const groups = seedPositions(size);
    assert.deepEqual(groups.flat().sort((a, b) => a - b), Array.from({ length: size }, (_, i) => i));
    const taken: number[] = [];
    groups.forEach((group, m) => {
      taken.push(...group);
      const sections = 2 ** m;
      const used = new Set(taken.map((slot) => Math.floor(slot / (size / sections))));
      assert.equal(used.size, sections, `size ${size}, seeds 1..${sections}`);
    });
  }
});

Deno.test("meetingRound() is 1 for a first-round pair and log2(size) across the halves", () => {
  assert.equal(meetingRound(0, 1), 1);
  assert.equal(meetingRound(2, 3), 1);
  assert.equal(meetingRound(1, 2), 2);
  assert.equal(meetingRound(0, 15), 4);
  assert.equal(meetingRound(7, 8), 4);
});

for (const seedCap of [16, 32]) {
  Deno.test(`placeKnockout() places min(n, ${seedCap}) seeds and the byes for every n from 2 to 128`, () => {
    for (let n = 2; n <= 128; n++) {
      const entries = makeEntries(n, Math.min(n, seedCap));
      for (const lotSeed of ["first", "second"]) {
        const context = `n ${n}, lot ${lotSeed}`;
        const slots = placeKnockout(entries, { lotSeed });
        assertValidDraw(entries, slots, context);
        const size = slots.length;
        assert.equal(slots[0], "p1", context);
        assert.equal(slots[size - 1], "p2", context);
        if (size >= 4 && n >= 4) {
          assert.deepEqual(
            [slots.indexOf("p3"), slots.indexOf("p4")].sort((a, b) => a - b),
            [size / 2 - 1, size / 2],
            `${context}: seeds 3 and 4 at the other quarter ends`,
          );
        }
        if (n < size) assert.equal(slots[1], null, `${context}: seed 1 has the first bye`);
      }
    }
  });
}

Deno.test("placeKnockout() spreads byes evenly with no seeds at all, for every n from 2 to 128", () => {
  for (let n = 2; n <= 128; n++) {
    const entries = makeEntries(n, 0);
    assertValidDraw(entries, placeKnockout(entries, { lotSeed: `none-${n}` }), `n ${n}`);
  }
});

Deno.test("placeKnockout() keeps every invariant for random entries, seeds and associations", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 80 }),
      fc.integer({ min: 0, max: 80 }),
      fc.array(fc.constantFrom("CHN", "JPN", "GER", undefined), { minLength: 80, maxLength: 80 }),
      fc.string({ minLength: 1 }),
      (n, seedCount, associations, lotSeed) => {
        const entries = makeEntries(n, Math.min(n, seedCount), (i) => associations[i]);
        const slots = placeKnockout(entries, { lotSeed });
        assertValidDraw(entries, slots, `n ${n}`);
        assert.deepEqual(placeKnockout(entries, { lotSeed }), slots);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("placeKnockout() gives the only bye of a 3-entry draw to seed 1", () => {
  const slots = placeKnockout([{ id: "a", seed: 1 }, { id: "b", seed: 2 }, { id: "c" }], { lotSeed: "x" });
  assert.deepEqual(slots, ["a", null, "c", "b"]);
});

Deno.test("placeKnockout() closes gaps in seed numbers", () => {
  const entries = [{ id: "a", seed: 3 }, { id: "b", seed: 7 }, { id: "c" }, { id: "d" }];
  const slots = placeKnockout(entries, { lotSeed: "gaps" });
  assert.equal(slots[0], "a");
  assert.equal(slots[3], "b");
});

Deno.test("placeKnockout() keeps byes even between halves when seeds 5-8 are partly byes", () => {
  // 16 slots, 10 entries: six byes for seeds 1-6, so seeds 5 and 6 must land in different halves.
  for (let i = 0; i < 50; i++) {
    const slots = placeKnockout(makeEntries(10, 8), { lotSeed: `half-${i}` });
    const half = (id: string) => (slots.indexOf(id) < 8 ? "top" : "bottom");
    assert.notEqual(half("p5"), half("p6"), `lot half-${i}`);
  }
});

Deno.test("placeKnockout() is reproducible from the stored lot seed and depends on it", () => {
  const entries = makeEntries(40, 8, (i) => ["CHN", "JPN", "KOR", "GER", "SWE"][i % 5]);
  const a = placeKnockout(entries, { lotSeed: "wttc-2026-ms" });
  assert.deepEqual(placeKnockout(entries, { lotSeed: "wttc-2026-ms" }), a);
  assert.deepEqual(placeKnockout(structuredClone(entries), { lotSeed: "wttc-2026-ms" }), a);
  assert.notDeepEqual(placeKnockout(entries, { lotSeed: "wttc-2026-ms-redraw" }), a);
  const differing = new Set(
    Array.from({ length: 20 }, (_, i) => placeKnockout(entries, { lotSeed: `${i}` }).join()),
  );
  assert.ok(differing.size >= 19, `only ${differing.size} different draws from 20 seeds`);
});

Deno.test("placeKnockout() puts 4 players of one association in a 16 draw into four quarters", () => {
  for (let i = 0; i < 100; i++) {
    // Seeds 1-4 from elsewhere, the four CHN players unseeded among eight others.
    const entries = makeEntries(16, 4, (k) => (k >= 4 && k < 8 ? "CHN" : `A${k}`));
    const slots = placeKnockout(entries, { lotSeed: `quarters-${i}` });
    const quarters = ["p5", "p6", "p7", "p8"].map((id) => Math.floor(slots.indexOf(id) / 4));
    assert.deepEqual([...quarters].sort(), [0, 1, 2, 3], `lot quarters-${i}`);
  }
});

Deno.test("placeKnockout() separates two associations of four at once, and eight players into eighths", () => {
  for (let i = 0; i < 50; i++) {
    const entries = makeEntries(
      16,
      2,
      (k) => (k < 2 ? undefined : k < 6 ? "CHN" : k < 10 ? "JPN" : undefined),
    );
    const slots = placeKnockout(entries, { lotSeed: `two-${i}` });
    for (const ids of [["p3", "p4", "p5", "p6"], ["p7", "p8", "p9", "p10"]]) {
      const quarters = new Set(ids.map((id) => Math.floor(slots.indexOf(id) / 4)));
      assert.equal(quarters.size, 4, `lot two-${i}: ${ids}`);
    }
    const big = makeEntries(32, 8, (k) => (k >= 8 && k < 16 ? "CHN" : undefined));
    const bigSlots = placeKnockout(big, { lotSeed: `eighths-${i}` });
    const eighths = new Set(big.slice(8, 16).map((e) => Math.floor(bigSlots.indexOf(e.id) / 4)));
    assert.equal(eighths.size, 8, `lot eighths-${i}`);
  }
});

Deno.test("placeKnockout() draws seeds 3-4 and 5-8 away from a seeded compatriot", () => {
  for (let i = 0; i < 50; i++) {
    // Seeds 1 and 3 share an association: seed 3 goes to the bottom half (top of the second half).
    const entries = makeEntries(16, 8, (k) => (k === 0 || k === 2 ? "CHN" : k === 4 ? "JPN" : `A${k}`));
    entries[1]!.association = "JPN";
    const slots = placeKnockout(entries, { lotSeed: `seeds-${i}` });
    assert.equal(slots.indexOf("p3"), 8, `lot seeds-${i}`);
    // Seed 5 shares seed 2's association: it goes to the top half.
    assert.ok(slots.indexOf("p5") < 8, `lot seeds-${i}`);
  }
});

Deno.test("placeKnockout() keeps the top two of an association in different halves, the next two in other quarters", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 9, max: 128 }),
      fc.integer({ min: 2, max: 4 }),
      fc.integer({ min: 0, max: 32 }),
      fc.string({ minLength: 1 }),
      (n, k, seedCount, lotSeed) => {
        const size = bracketSize(n);
        const seeds = Math.min(seedCount, size / 4, n - k);
        // The seeds come first and belong elsewhere, then k unseeded "CHN"; every other association is
        // smaller, so CHN is drawn first among the unseeded.
        const entries = makeEntries(
          n,
          seeds,
          (i) => (i >= seeds && i < seeds + k ? "CHN" : `A${Math.floor(i / (k - 1))}`),
        );
        const slots = placeKnockout(entries, { lotSeed });
        const chn = entries.filter((e) => e.association === "CHN").map((e) => slots.indexOf(e.id));
        assert.notEqual(chn[0]! < size / 2, chn[1]! < size / 2, "first two in different halves");
        const quarters = new Set(chn.map((s) => Math.floor(s / (size / 4))));
        assert.equal(quarters.size, chn.length, "each in its own quarter");
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("placeKnockout() refuses too few entries, duplicates and malformed seeds", () => {
  const lot = { lotSeed: "x" };
  assert.throws(() => placeKnockout([{ id: "a" }], lot), DrawError);
  assert.throws(() => placeKnockout([{ id: "a" }], lot), /Cannot make a knockout draw of "1" entries/);
  assert.throws(() => placeKnockout([{ id: "a" }, { id: "a" }], lot), /duplicate entry id "a"/);
  assert.equal(placeKnockout(makeEntries(MAX_BRACKET_SIZE, 8), lot).length, 256, "the largest bracket");
  assert.throws(
    () => placeKnockout(makeEntries(MAX_BRACKET_SIZE + 1, 8), lot),
    /Cannot make a knockout draw of "257" entries: a bracket has at most 256 slots/,
  );
  assert.throws(
    () => placeKnockout([{ id: "a", seed: 1 }, { id: "b", seed: 1 }], lot),
    /seed "1" is given to both "a" and "b"/,
  );
  for (const seed of [0, -1, 1.5, NaN]) {
    assert.throws(
      () => placeKnockout([{ id: "a", seed }, { id: "b" }], lot),
      /is not a positive whole number/,
    );
  }
  assert.throws(() => placeKnockout([{ id: "" }, { id: "b" }], lot), /an entry has an empty id/);
  assert.throws(() => placeKnockout([{ id: "a" }, { id: "b" }], { lotSeed: "" }), /the lot seed is empty/);
});

Deno.test("placeKnockout() names why it cannot draw by a fault's code and values", () => {
  const faultOf = (entries: DrawEntry[]) => {
    try {
      placeKnockout(entries, { lotSeed: "x" });
    } catch (e) {
      return e instanceof DrawError ? e.fault : undefined;
    }
  };
  assert.deepEqual(faultOf([{ id: "a" }]), { code: "too-few-entries", params: { n: 1 } });
  assert.deepEqual(faultOf([{ id: "a" }, { id: "a" }]), { code: "duplicate-entry", params: { entry: "a" } });
  assert.deepEqual(faultOf([{ id: "a", seed: 1 }, { id: "b", seed: 1 }]), {
    code: "duplicate-seed",
    params: { seed: 1, first: "a", second: "b" },
  });
});
