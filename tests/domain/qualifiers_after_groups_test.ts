import assert from "node:assert/strict";
import fc from "fast-check";
import { meetingRound, seedPositions } from "../../domain/draw.ts";
import {
  groupSeeding,
  placeGroupQualifiers,
  placeQualifiersAfterGroups,
  type Qualifier,
  type QualifierRef,
} from "../../domain/group_qualifiers.ts";

const key = (ref: QualifierRef | null) => (ref === null ? "bye" : `${ref.group}/${ref.place}`);

/** Qualifiers of `groupCount` groups (two each), associations given by `assoc(group, place)`. */
function qualifiersOf(groupCount: number, assoc: (g: number, p: number) => string | undefined): Qualifier[] {
  const out: Qualifier[] = [];
  for (let g = 0; g < groupCount; g++) {
    for (const place of [1, 2]) {
      const a = assoc(g, place);
      out.push({ ref: { group: g, place }, ...(a === undefined ? {} : { association: a }) });
    }
  }
  return out;
}

/** Meetings of players of one association, by round (first round first). */
function associationMeetings(
  slots: readonly (QualifierRef | null)[],
  qualifiers: readonly Qualifier[],
): number[] {
  const levels = Math.log2(slots.length);
  const assoc = new Map(qualifiers.map((q) => [key(q.ref), q.association]));
  const cost = new Array<number>(levels).fill(0);
  for (let a = 0; a < slots.length; a++) {
    for (let b = a + 1; b < slots.length; b++) {
      const [x, y] = [assoc.get(key(slots[a] ?? null)), assoc.get(key(slots[b] ?? null))];
      if (x !== undefined && x === y) cost[meetingRound(a, b) - 1]!++;
    }
  }
  return cost;
}

function assertAfterGroups(
  before: readonly (QualifierRef | null)[],
  after: readonly (QualifierRef | null)[],
  groupCount: number,
  context: string,
): void {
  const size = before.length;
  assert.equal(after.length, size, context);
  assert.deepEqual(after.map(key).sort(), before.map(key).sort(), `${context}: the same places`);
  // Byes stay; a winner stays among the places of its seed group that face a bye as its own did.
  const placesOf = (p: number) => {
    const group = seedPositions(size).find((g) => g.includes(p)) ?? [];
    return group.filter((q) =>
      before[q]?.place === 1 && (before[q ^ 1] === null) === (before[p ^ 1] === null)
    );
  };
  before.forEach((ref, i) => {
    if (ref === null) assert.equal(after[i], null, `${context}: byes stay`);
    else if (ref.place === 1) {
      const now = after.findIndex((s) => s?.group === ref.group && s.place === 1);
      assert.ok(placesOf(i).includes(now), `${context}: winner of group ${ref.group} from ${i} to ${now}`);
    }
  });
  const slotOf = (g: number, p: number) => after.findIndex((s) => s?.group === g && s.place === p);
  for (let g = 0; g < groupCount; g++) {
    const half = (s: number) => s < size / 2;
    assert.notEqual(half(slotOf(g, 2)), half(slotOf(g, 1)), `${context}: group ${g} in one half`);
  }
}

/** A random case: groups, their qualifiers' associations, a lot seed, and the placements before and after. */
function drawCase(maxGroups: number, clubs: (string | undefined)[]) {
  return fc.record({
    groupCount: fc.integer({ min: 2, max: maxGroups }),
    assocs: fc.array(fc.constantFrom(...clubs), { minLength: 2 * maxGroups, maxLength: 2 * maxGroups }),
    lotSeed: fc.string({ minLength: 1, maxLength: 8 }),
  }).map(({ groupCount, assocs, lotSeed }) => {
    const before = placeGroupQualifiers(groupCount, 2, { lotSeed });
    const qualifiers = qualifiersOf(groupCount, (g, p) => assocs[2 * g + p - 1]);
    const after = placeQualifiersAfterGroups(before, qualifiers, { lotSeed });
    return { groupCount, lotSeed, before, qualifiers, after };
  });
}

Deno.test("placeQualifiersAfterGroups() keeps winners and byes, and each runner-up in the other half", () => {
  fc.assert(
    fc.property(drawCase(16, ["A", "B", "C", undefined]), (d) => {
      assertAfterGroups(d.before, d.after, d.groupCount, `${d.groupCount} groups, seed ${d.lotSeed}`);
    }),
    { numRuns: 300 },
  );
});

Deno.test("placeQualifiersAfterGroups() is the same for the same seed", () => {
  fc.assert(
    fc.property(drawCase(12, ["A", "B", undefined]), (d) => {
      assert.deepEqual(
        placeQualifiersAfterGroups(d.before, [...d.qualifiers].reverse(), { lotSeed: d.lotSeed }),
        d.after,
      );
    }),
    { numRuns: 200 },
  );
});

/** Every arrangement of the runners-up into their places that keeps each in the other half from its winner. */
function* arrangements(before: readonly (QualifierRef | null)[]): Generator<(QualifierRef | null)[]> {
  const open = before.flatMap((r, i) => (r !== null && r.place === 2 ? [i] : []));
  const runners = open.map((i) => before[i] as QualifierRef);
  const half = (s: number) => s < before.length / 2;
  const winnerHalf = new Map(before.flatMap((r, i) => (r?.place === 1 ? [[r.group, half(i)] as const] : [])));
  const out = [...before];
  function* go(k: number, left: QualifierRef[]): Generator<(QualifierRef | null)[]> {
    if (k === open.length) return yield [...out];
    const slot = open[k] as number;
    for (const [i, r] of left.entries()) {
      if (winnerHalf.get(r.group) === half(slot)) continue;
      out[slot] = r;
      yield* go(k + 1, left.filter((_, j) => j !== i));
    }
  }
  yield* go(0, runners);
}

const compare = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};

/** The least meetings of one association, by round (earliest first), of any draw keeping the groups apart. */
function bestMeetings(before: readonly (QualifierRef | null)[], qualifiers: readonly Qualifier[]): number[] {
  let best: number[] | null = null;
  for (const a of arrangements(before)) {
    const m = associationMeetings(a, qualifiers);
    if (best === null || compare(m, best) < 0) best = m;
  }
  return best ?? [];
}

Deno.test("placeQualifiersAfterGroups() separates associations as well as the best draw that keeps groups apart", () => {
  fc.assert(
    fc.property(drawCase(6, ["A", "B", "C", undefined]), (d) => {
      const meet = associationMeetings(d.after, d.qualifiers);
      assert.ok(
        compare(meet, bestMeetings(d.before, d.qualifiers)) <= 0,
        `${d.groupCount} groups, ${d.lotSeed}`,
      );
    }),
    { numRuns: 150 },
  );
});

Deno.test("placeQualifiersAfterGroups() separates two players of one club drawn together before the groups", () => {
  // Six groups feed a Round of 16: the winners of A-D have byes. Drawn before the groups, with seed "d" the
  // runners-up of B and E meet in the first round; both are Westbrook players.
  const before = placeGroupQualifiers(6, 2, { lotSeed: "d" });
  const qualifiers = qualifiersOf(
    6,
    (g, p) => (p === 2 && (g === 1 || g === 4) ? "Westbrook" : `club${g}${p}`),
  );
  assert.equal(associationMeetings(before, qualifiers)[0], 1, "drawn together before the groups");
  const after = placeQualifiersAfterGroups(before, qualifiers, { lotSeed: "d" });
  assertAfterGroups(before, after, 6, "open");
  const meet = associationMeetings(after, qualifiers);
  assert.equal(meet[0], 0, "not in the Round of 16");
  assert.ok(
    compare(meet, bestMeetings(before, qualifiers)) <= 0,
    "as late as any draw keeping the groups apart",
  );
  // The same seed gives the same draw.
  assert.deepEqual(placeQualifiersAfterGroups(before, qualifiers, { lotSeed: "d" }), after);
});

Deno.test("placeQualifiersAfterGroups() puts the first two of an association in different halves when it can", () => {
  for (const lotSeed of ["a", "b", "c", "d", "e"]) {
    const before = placeGroupQualifiers(4, 2, { lotSeed });
    // The runners-up of A and B share an association; A's and B's winners are in different halves.
    const qualifiers = qualifiersOf(4, (g, p) => (p === 2 && g < 2 ? "X" : undefined));
    const after = placeQualifiersAfterGroups(before, qualifiers, { lotSeed });
    assert.deepEqual(associationMeetings(after, qualifiers), [0, 0, 1], lotSeed);
  }
});

Deno.test("groupSeeding() orders groups by their best seed, then rating, then their own order", () => {
  assert.deepEqual(groupSeeding([{ bestSeed: 2 }, { bestSeed: 1 }, {}]), [1, 0, 2]);
  assert.deepEqual(groupSeeding([{ bestRating: 1500 }, { bestRating: 1700 }, {}, { bestSeed: 9 }]), [
    3,
    1,
    0,
    2,
  ]);
  assert.deepEqual(groupSeeding([{}, {}, {}]), [0, 1, 2]);
});

Deno.test("placeGroupQualifiers() places the winners by the groups' seeding", () => {
  const slots = placeGroupQualifiers(4, 2, { lotSeed: "s", seeding: [2, 0, 1, 3] });
  assert.deepEqual(slots[0], { group: 2, place: 1 });
  assert.deepEqual(slots[7], { group: 0, place: 1 });
  assert.throws(() => placeGroupQualifiers(3, 2, { lotSeed: "s", seeding: [0, 0, 1] }), /seeding/);
});

Deno.test("placeQualifiersAfterGroups() keeps every winner's place when no two winners share an association", () => {
  fc.assert(
    fc.property(drawCase(16, [undefined]), (d) => {
      d.before.forEach((ref, i) => {
        if (ref?.place === 1) assert.deepEqual(d.after[i], ref);
      });
    }),
    { numRuns: 100 },
  );
});

Deno.test("placeQualifiersAfterGroups() draws seeds 3 and 4 again when seed 3 shares seed 1's association", () => {
  // Four groups: winners of A (seed 1) at the top, B at the bottom, C and D drawn to places 3 and 4 (the ends
  // of the halves). Winners of A and C are both Westbrook: C's winner goes to the bottom half.
  for (const lotSeed of ["a", "b", "c", "d", "e", "f"]) {
    const before = placeGroupQualifiers(4, 2, { lotSeed });
    const qualifiers = qualifiersOf(4, (g, p) => (p === 1 && (g === 0 || g === 2) ? "Westbrook" : undefined));
    const after = placeQualifiersAfterGroups(before, qualifiers, { lotSeed });
    const c1 = after.findIndex((s) => s?.group === 2 && s.place === 1);
    assert.ok(c1 >= 4, `${lotSeed}: winner of C at ${c1}`);
    assertAfterGroups(before, after, 4, lotSeed);
  }
});
