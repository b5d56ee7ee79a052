import assert from "node:assert/strict";
import fc from "fast-check";
import {
  advance,
  BracketError,
  buildBracket,
  firstRoundPairs,
  groupLabel,
  type MatchResult,
  nextSlot,
  resolveByes,
  roundCountFor,
  roundLabel,
} from "../../domain/bracket.ts";
import { placeKnockout } from "../../domain/draw.ts";

/** The result that `winner` won the match of round `roundNo` at `bracketPos`. */
const won = (roundNo: number, bracketPos: number, winner: string): MatchResult => ({
  roundNo,
  bracketPos,
  winner,
});

Deno.test("roundLabel() names the last rounds and counts players before them", () => {
  assert.equal(roundLabel(1, 1), "Final");
  assert.equal(roundLabel(1, 2), "Semi-final");
  assert.equal(roundLabel(2, 2), "Final");
  assert.equal(roundLabel(1, 3), "Quarter-final");
  assert.equal(roundLabel(1, 4), "Round of 16");
  assert.equal(roundLabel(1, 5), "Round of 32");
  assert.equal(roundLabel(2, 5), "Round of 16");
  assert.equal(roundLabel(1, 7), "Round of 128");
  assert.throws(() => roundLabel(4, 3), /Cannot label round "4": the bracket has "3" rounds/);
  assert.throws(() => roundLabel(0, 3), BracketError);
});

Deno.test("groupLabel() and roundCountFor() name groups and count rounds", () => {
  assert.equal(groupLabel(0), "Group A");
  assert.equal(groupLabel(7), "Group H");
  assert.equal(roundCountFor(2), 1);
  assert.equal(roundCountFor(128), 7);
  assert.throws(() => roundCountFor(12), /expected a power of two/);
});

Deno.test("nextSlot() sends the winner of position p to floor(p / 2), home when p is even", () => {
  assert.deepEqual(nextSlot(1, 0), { roundNo: 2, bracketPos: 0, side: "home" });
  assert.deepEqual(nextSlot(1, 5), { roundNo: 2, bracketPos: 2, side: "away" });
  assert.deepEqual(nextSlot(3, 6), { roundNo: 4, bracketPos: 3, side: "home" });
  assert.throws(() => nextSlot(0, 0), /round number "0"/);
  assert.throws(() => nextSlot(1, -1), /bracket position "-1"/);
});

Deno.test("firstRoundPairs() and resolveByes() read the drawn slots two by two", () => {
  const slots = ["a", null, "b", "c", null, "d", "e", "f"];
  assert.deepEqual(firstRoundPairs(slots), [
    { bracketPos: 0, home: "a", away: null },
    { bracketPos: 1, home: "b", away: "c" },
    { bracketPos: 2, home: null, away: "d" },
    { bracketPos: 3, home: "e", away: "f" },
  ]);
  assert.deepEqual(resolveByes(slots), [{ bracketPos: 0, advances: "a" }, { bracketPos: 2, advances: "d" }]);
  assert.deepEqual(resolveByes([null, null]), [{ bracketPos: 0, advances: null }]);
  assert.throws(() => firstRoundPairs(["a", "b", "c"]), /"3" slots/);
});

Deno.test("advance() refuses an undecided match and a winner from elsewhere", () => {
  const match = { roundNo: 1, bracketPos: 3, home: "a", away: "b", winner: null };
  assert.throws(
    () => advance(match, 3),
    /Cannot advance from round 1 position 3: the match is not decided yet/,
  );
  assert.throws(() => advance({ ...match, winner: "z" }, 3), /Cannot advance "z" from round 1 position 3/);
  assert.deepEqual(advance({ ...match, winner: "b" }, 3), {
    roundNo: 2,
    bracketPos: 1,
    side: "away",
    id: "b",
  });
  assert.equal(advance({ roundNo: 3, bracketPos: 0, home: "a", away: "b", winner: "a" }, 3), null);
  assert.throws(() => advance({ ...match, roundNo: 4, winner: "a" }, 3), /the bracket has "3" rounds/);
});

Deno.test("buildBracket() sends byes through and waits for the rest", () => {
  const bracket = buildBracket(["a", null, "b", "c", null, "d", "e", "f"], []);
  assert.equal(bracket.roundCount, 3);
  assert.deepEqual(bracket.rounds.map((r) => r.length), [4, 2, 1]);
  assert.deepEqual(bracket.rounds[0]!.map((m) => m.state), ["bye", "ready", "bye", "ready"]);
  assert.deepEqual(bracket.rounds[1]![0], {
    roundNo: 2,
    bracketPos: 0,
    label: "Semi-final",
    home: "a",
    away: null,
    state: "waiting",
    winner: null,
  });
  assert.deepEqual(
    [bracket.rounds[1]![1]!.home, bracket.rounds[1]![1]!.away, bracket.rounds[1]![1]!.state],
    ["d", null, "waiting"],
  );
  assert.equal(bracket.champion, null);
});

Deno.test("buildBracket() plays a full bracket through to the champion", () => {
  const slots = placeKnockout(
    Array.from({ length: 13 }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 })),
    { lotSeed: "full" },
  );
  const results: MatchResult[] = [];
  let bracket = buildBracket(slots, results);
  // The better seed always wins; record results round by round as they become ready.
  for (let round = 1; round <= bracket.roundCount; round++) {
    for (const m of bracket.rounds[round - 1]!) {
      if (m.state === "ready") {
        const winner = Number(m.home!.slice(1)) < Number(m.away!.slice(1)) ? m.home! : m.away!;
        results.push({ roundNo: m.roundNo, bracketPos: m.bracketPos, winner });
      }
    }
    bracket = buildBracket(slots, results);
    assert.ok(bracket.rounds[round - 1]!.every((m) => m.state === "decided" || m.state === "bye"));
  }
  assert.equal(bracket.champion, "p1");
  const final = bracket.rounds.at(-1)![0]!;
  assert.deepEqual([final.label, final.home, final.away, final.winner], ["Final", "p1", "p2", "p1"]);
  assert.deepEqual(bracket.rounds[2]!.map((m) => [m.home, m.away].sort()), [["p1", "p4"], ["p2", "p3"]]);
});

Deno.test("buildBracket() gives every match a winner of its own players, whatever the results", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 64 }),
      fc.string({ minLength: 1 }),
      fc.infiniteStream(fc.boolean()),
      (
        n,
        lotSeed,
        coins,
      ) => {
        const slots = placeKnockout(Array.from({ length: n }, (_, i) => ({ id: `p${i}` })), { lotSeed });
        const results: MatchResult[] = [];
        const flips = coins[Symbol.iterator]();
        let bracket = buildBracket(slots, results);
        while (bracket.champion === null) {
          const ready = bracket.rounds.flat().filter((m) => m.state === "ready");
          assert.ok(ready.length > 0, "a bracket without a champion has a match to play");
          for (const m of ready) {
            results.push({
              roundNo: m.roundNo,
              bracketPos: m.bracketPos,
              winner: flips.next().value ? m.home! : m.away!,
            });
          }
          bracket = buildBracket(slots, results);
        }
        for (const m of bracket.rounds.flat()) {
          assert.ok(m.state === "decided" || m.state === "bye");
          assert.ok(m.winner === m.home || m.winner === m.away);
        }
        // Every match played knocks one player out; byes knock nobody out.
        assert.equal(results.length, n - 1);
      },
    ),
    { numRuns: 100 },
  );
});

Deno.test("buildBracket() refuses to advance from an undecided match", () => {
  const slots = ["a", "b", "c", "d"];
  assert.throws(
    () => buildBracket(slots, [won(2, 0, "a")]),
    /Cannot record "a" as winner of round 2 position 0: round 1 position 0 is not decided yet/,
  );
  assert.throws(
    () => buildBracket(slots, [won(1, 0, "a"), won(2, 0, "a")]),
    /round 1 position 1 is not decided yet/,
  );
});

Deno.test("buildBracket() refuses a winner outside the match, duplicates and impossible positions", () => {
  const slots = ["a", "b", "c", null];
  assert.throws(() => buildBracket(slots, [won(1, 0, "c")]), /Cannot advance "c"/);
  assert.throws(() => buildBracket(slots, [won(1, 1, "x")]), /"c" has a bye/);
  assert.deepEqual(buildBracket(slots, [won(1, 1, "c")]).rounds[0]![1]!.state, "bye");
  assert.throws(
    () => buildBracket(slots, [won(1, 0, "a"), won(1, 0, "b")]),
    /two results for round 1 position 0/,
  );
  assert.throws(() => buildBracket(slots, [won(1, 2, "a")]), /no such match/);
  assert.throws(() => buildBracket(slots, [won(3, 0, "a")]), /no such match/);
  assert.throws(() => buildBracket(["a", "a"], []), /"a" is drawn twice/);
  assert.throws(() => buildBracket(["a", "b", "c"], []), /"3" slots/);
});

Deno.test("buildBracket() turns two byes into a void match and a bye in the next round", () => {
  const bracket = buildBracket(["a", "b", null, null], [won(1, 0, "b")]);
  assert.equal(bracket.rounds[0]![1]!.state, "void");
  const final = bracket.rounds[1]![0]!;
  assert.deepEqual([final.home, final.away, final.state, final.winner], ["b", null, "bye", "b"]);
  assert.equal(bracket.champion, "b");
  assert.throws(() => buildBracket(["a", "b", null, null], [won(1, 1, "a")]), /nobody plays in it/);
});
