import assert from "node:assert/strict";
import fc from "fast-check";
import {
  bergerRounds,
  type GroupEntry,
  GroupError,
  groupName,
  makeGroups,
  roundRobinOrder,
} from "../../domain/groups.ts";

/** `n` entries p1..pn with seeds 1..n (p1 the best) and the given associations. */
function seededEntries(n: number, association?: (i: number) => string | undefined): GroupEntry[] {
  return Array.from({ length: n }, (_, i) => {
    const entry: GroupEntry = { id: `p${i + 1}`, seed: i + 1 };
    const a = association?.(i);
    if (a !== undefined) entry.association = a;
    return entry;
  });
}

Deno.test("groupName() counts A..Z then AA, AB like spreadsheet columns", () => {
  assert.equal(groupName(0), "A");
  assert.equal(groupName(2), "C");
  assert.equal(groupName(25), "Z");
  assert.equal(groupName(26), "AA");
  assert.equal(groupName(27), "AB");
  assert.equal(groupName(701), "ZZ");
  assert.equal(groupName(702), "AAA");
  assert.throws(() => groupName(-1), GroupError);
});

Deno.test("makeGroups() snakes seeds through the groups", () => {
  const groups = makeGroups(seededEntries(8), { groupSize: 4, lotSeed: "s" });
  assert.deepEqual(groups, [
    { name: "A", members: ["p1", "p4", "p5", "p8"] },
    { name: "B", members: ["p2", "p3", "p6", "p7"] },
  ]);
  const twelve = makeGroups(seededEntries(12), { groupSize: 3, lotSeed: "s" });
  assert.deepEqual(twelve.map((g) => g.members), [
    ["p1", "p8", "p9"],
    ["p2", "p7", "p10"],
    ["p3", "p6", "p11"],
    ["p4", "p5", "p12"],
  ]);
});

Deno.test("makeGroups() makes ceil(n / groupSize) groups whose sizes differ by at most one", () => {
  fc.assert(
    fc.property(fc.integer({ min: 2, max: 120 }), fc.integer({ min: 3, max: 6 }), (n, groupSize) => {
      const groups = makeGroups(seededEntries(n), { groupSize, lotSeed: "sizes" });
      assert.equal(groups.length, Math.ceil(n / groupSize));
      const sizes = groups.map((g) => g.members.length);
      assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1);
      assert.ok(Math.max(...sizes) <= groupSize);
      assert.deepEqual(groups.flatMap((g) => g.members).sort(), seededEntries(n).map((e) => e.id).sort());
    }),
  );
  const ten = makeGroups(seededEntries(10), { groupSize: 4, lotSeed: "s" });
  assert.deepEqual(ten.map((g) => g.members), [["p1", "p6", "p7"], ["p2", "p5", "p8"], [
    "p3",
    "p4",
    "p9",
    "p10",
  ]]);
});

Deno.test("makeGroups() orders by seed, then rating, then by lot, reproducibly", () => {
  const entries: GroupEntry[] = [
    { id: "r1500", rating: 1500 },
    { id: "s2", seed: 2, rating: 1000 },
    { id: "none-a" },
    { id: "r1800", rating: 1800 },
    { id: "s1", seed: 1 },
    { id: "none-b" },
  ];
  const groups = makeGroups(entries, { groupSize: 3, lotSeed: "order" });
  // Snake over two groups: A gets positions 1, 4, 5 and B gets 2, 3, 6.
  assert.equal(groups[0]!.members[0], "s1");
  assert.equal(groups[1]!.members[0], "s2");
  assert.equal(groups[1]!.members[1], "r1800");
  assert.equal(groups[0]!.members[1], "r1500");
  assert.deepEqual([groups[0]!.members[2], groups[1]!.members[2]].sort(), ["none-a", "none-b"]);
  assert.deepEqual(makeGroups(entries, { groupSize: 3, lotSeed: "order" }), groups);
  const unrated = Array.from({ length: 24 }, (_, i) => ({ id: `u${i}` }));
  const draws = new Set(
    Array.from(
      { length: 10 },
      (_, i) => JSON.stringify(makeGroups(unrated, { groupSize: 4, lotSeed: `u${i}` })),
    ),
  );
  assert.equal(draws.size, 10);
});

Deno.test("makeGroups() spreads an association across groups by swapping within a seeding band", () => {
  // Snake would put seeds 1 and 8 (both CHN) into group A; seed 7, next in strength, trades with seed 8.
  const entries = seededEntries(12, (i) => (i === 0 || i === 7 ? "CHN" : undefined));
  const groups = makeGroups(entries, { groupSize: 3, lotSeed: "assoc" });
  assert.deepEqual(groups.map((g) => g.members), [
    ["p1", "p7", "p9"],
    ["p2", "p8", "p10"],
    ["p3", "p6", "p11"],
    ["p4", "p5", "p12"],
  ]);
});

Deno.test("makeGroups() puts four players of one association into four different groups", () => {
  fc.assert(
    fc.property(fc.shuffledSubarray([...Array(16).keys()], { minLength: 4, maxLength: 4 }), (chn) => {
      const entries = seededEntries(16, (i) => (chn.includes(i) ? "CHN" : undefined));
      const groups = makeGroups(entries, { groupSize: 4, lotSeed: "four" });
      for (const g of groups) {
        const count = g.members.filter((id) =>
          entries.find((e) => e.id === id)?.association === "CHN"
        ).length;
        assert.ok(count <= 1, `${g.name} has ${count} CHN players: ${chn}`);
      }
    }),
  );
});

Deno.test("makeGroups() only trades places within a seeding band", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 6, max: 60 }),
      fc.integer({ min: 3, max: 6 }),
      fc.array(fc.constantFrom("CHN", "JPN", "KOR", undefined), { minLength: 60, maxLength: 60 }),
      (n, groupSize, associations) => {
        const entries = seededEntries(n, (i) => associations[i]);
        const groups = makeGroups(entries, { groupSize, lotSeed: "band" });
        const count = groups.length;
        groups.forEach((g) =>
          g.members.forEach((id, band) => {
            const position = Number(id.slice(1)) - 1;
            assert.equal(Math.floor(position / count), band, `${id} in band ${band} of ${g.name}`);
          })
        );
      },
    ),
  );
});

Deno.test("makeGroups() refuses a bad group size, too few entries and duplicates", () => {
  const lot = "x";
  for (const groupSize of [2, 17, 3.5]) {
    assert.throws(
      () => makeGroups(seededEntries(8), { groupSize, lotSeed: lot }),
      /the group size must be 3 to 16/,
    );
  }
  assert.throws(() => makeGroups(seededEntries(1), { groupSize: 3, lotSeed: lot }), GroupError);
  assert.throws(
    () => makeGroups([{ id: "a" }, { id: "a" }], { groupSize: 3, lotSeed: lot }),
    /duplicate entry id "a"/,
  );
  assert.throws(
    () => makeGroups([{ id: "a", seed: 1 }, { id: "b", seed: 1 }], { groupSize: 3, lotSeed: lot }),
    /seed "1" is given to both "a" and "b"/,
  );
  assert.throws(
    () => makeGroups([{ id: "a", seed: 0 }, { id: "b" }], { groupSize: 3, lotSeed: lot }),
    /not a positive whole number/,
  );
  assert.throws(
    () => makeGroups([{ id: "a", rating: NaN }, { id: "b" }], { groupSize: 3, lotSeed: lot }),
    /rating "NaN" of "a" is not a number/,
  );
  assert.throws(() => makeGroups(seededEntries(4), { groupSize: 3, lotSeed: "" }), /the lot seed is empty/);
});

for (const qualifiers of [1, 2] as const) {
  Deno.test(`roundRobinOrder() plays every pair once in rounds, deciding match last, ${qualifiers} qualifying`, () => {
    for (let size = 2; size <= 16; size++) {
      const rounds = roundRobinOrder(size, qualifiers);
      assert.equal(rounds.length, size === 2 ? 1 : size % 2 === 0 ? size - 1 : size, `size ${size}`);
      const seen = new Set<string>();
      for (const round of rounds) {
        const players = round.flat();
        assert.equal(new Set(players).size, players.length, `size ${size}: a player twice in one round`);
        assert.equal(round.length, Math.floor(size / 2), `size ${size}`);
        for (const [a, b] of round) {
          assert.ok(a >= 0 && b < size && a !== b);
          const key = [a, b].sort().join("-");
          assert.ok(!seen.has(key), `size ${size}: ${key} twice`);
          seen.add(key);
        }
      }
      assert.equal(seen.size, (size * (size - 1)) / 2, `size ${size}: every pair`);
      const last = rounds.at(-1)!.at(-1)!;
      const expected = size === 2 ? [0, 1] : qualifiers === 1 ? [0, 1] : [1, 2];
      assert.deepEqual([...last].sort(), expected, `size ${size}: last match`);
      if (size >= 3 && !(size === 4 && qualifiers === 2)) {
        assert.deepEqual(rounds[0]![0], [0, size - 1], `size ${size}: top seed meets bottom seed first`);
      }
    }
  });
}

Deno.test("roundRobinOrder() follows the documented tables", () => {
  const show = (size: number, q: 1 | 2) =>
    roundRobinOrder(size, q).map((r) => r.map(([a, b]) => `${a + 1}-${b + 1}`).join(" ")).join(" | ");
  assert.equal(show(3, 1), "1-3 | 2-3 | 1-2");
  assert.equal(show(3, 2), "1-3 | 1-2 | 2-3");
  assert.equal(show(4, 1), "1-4 2-3 | 1-3 2-4 | 3-4 1-2");
  assert.equal(show(4, 2), "1-3 2-4 | 1-2 3-4 | 1-4 2-3");
  assert.equal(show(5, 1), "1-5 2-4 | 2-3 4-5 | 1-4 3-5 | 1-3 2-5 | 3-4 1-2");
  assert.equal(show(5, 2), "1-5 2-4 | 2-5 3-4 | 1-3 4-5 | 1-2 3-5 | 1-4 2-3");
  assert.equal(show(6, 1), "1-6 2-5 3-4 | 1-5 2-3 4-6 | 1-4 2-6 3-5 | 1-3 2-4 5-6 | 3-6 4-5 1-2");
  assert.equal(show(6, 2), "1-6 2-5 3-4 | 1-2 3-5 4-6 | 1-3 2-6 4-5 | 1-5 2-4 3-6 | 1-4 5-6 2-3");
});

Deno.test("roundRobinOrder() returns a fresh copy and refuses other sizes", () => {
  roundRobinOrder(4, 1)[0]![0]![0] = 99;
  assert.equal(roundRobinOrder(4, 1)[0]![0]![0], 0);
  assert.throws(() => roundRobinOrder(17, 1), /a group of "17": expected 2 to 16 members/);
  assert.throws(() => roundRobinOrder(1, 2), GroupError);
  assert.throws(() => roundRobinOrder(4, 3 as 1), /"3" qualifiers: expected 1 or 2/);
});

Deno.test("makeGroups() draws one group of 9 and roundRobinOrder() plays it in 9 rounds with a bye each", () => {
  const [group, ...rest] = makeGroups(seededEntries(9), { groupSize: 9, lotSeed: "u15" });
  assert.equal(rest.length, 0);
  assert.equal(group!.members.length, 9);
  const rounds = roundRobinOrder(9, 1);
  assert.equal(rounds.length, 9);
  const rests = rounds.map((round) => [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((i) => !round.flat().includes(i)));
  assert.ok(rests.every((r) => r.length === 1), "one member rests each round");
  assert.deepEqual(rests.flat().sort(), [0, 1, 2, 3, 4, 5, 6, 7, 8], "each member rests once");
  assert.equal(rests[0]![0], 4, "the middle seed rests in round 1");
  assert.deepEqual(rounds[0], [[0, 8], [1, 7], [2, 6], [3, 5]]);
});

Deno.test("bergerRounds() turns the circle around the top seed", () => {
  assert.deepEqual(bergerRounds(4), [[[0, 3], [1, 2]], [[0, 2], [1, 3]], [[0, 1], [2, 3]]]);
  assert.equal(bergerRounds(16).length, 15);
  assert.equal(bergerRounds(15).flat().length, 105);
});
