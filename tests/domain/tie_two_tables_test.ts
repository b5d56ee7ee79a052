import assert from "node:assert/strict";
import fc from "fast-check";
import { customFormat, TEAM_FORMATS, type TieMatchSpec } from "../../domain/team_formats.ts";
import { tieLengthMs } from "../../domain/tie_plan.ts";
import { tieMatchUses, twoTableTie, type TwoTableTiming } from "../../domain/tie_two_tables.ts";

const MIN = 60_000;
const times = { durationMs: () => 20 * MIN, bufferMs: 2 * MIN };
const wttc = tieMatchUses(TEAM_FORMATS.wttc);

Deno.test("tieMatchUses() names each match's positions, a nominated pair any player of its side", () => {
  assert.deepEqual(wttc[3], ["home A", "away Y"]);
  assert.deepEqual(tieMatchUses(TEAM_FORMATS.olympic)[0], ["home B", "home C", "away Y", "away Z"]);
  assert.deepEqual(tieMatchUses(TEAM_FORMATS.corbillon)[2], ["home A", "home B", "away X", "away Y"]);
});

Deno.test("twoTableTie() plays a World Team tie as A-X | B-Y, then C-Z | A-Y, then B-X", () => {
  const plan = twoTableTie({ parts: [], remaining: 5 }, wttc, 5, 0, 0, times);
  assert.deepEqual(
    plan.matches.map((m) => [m.order, m.table, m.start / MIN]),
    [[1, 0, 0], [2, 1, 0], [3, 0, 22], [4, 1, 22], [5, 0, 44]],
  );
  // Three rounds of 20 minutes and two buffers, against 108 minutes on one table.
  assert.equal(plan.end, 64 * MIN);
  assert.equal(tieLengthMs({ parts: [], remaining: 5 }, 5, 0, times), 108 * MIN);
});

Deno.test("twoTableTie() keeps a Corbillon tie's nominated doubles apart from every singles", () => {
  const plan = twoTableTie({ parts: [], remaining: 5 }, tieMatchUses(TEAM_FORMATS.corbillon), 5, 0, 0, times);
  // A-X | B-Y, the doubles alone, then A-Y | B-X.
  assert.deepEqual(plan.matches.map((m) => m.start / MIN), [0, 0, 22, 44, 44]);
});

Deno.test("twoTableTie() re-estimates a tie under way: begun matches stay on their tables, the rest after now", () => {
  const parts = [
    { id: "t-1", order: 1, status: "completed" as const, start: 0, end: 25 * MIN, table: 7 },
    { id: "t-2", order: 2, status: "in_progress" as const, start: 0, table: 8 },
    { id: "t-3", order: 3, status: "scheduled" as const },
    { id: "t-4", order: 4, status: "scheduled" as const },
    { id: "t-5", order: 5, status: "scheduled" as const },
  ];
  const plan = twoTableTie({ parts, remaining: 4 }, wttc, 5, 0, 30 * MIN, times, [7, 8]);
  // Match 2 runs long (planned to end now, 30 min): C-Z starts on table 7 at 30 (now), A-Y on table 8 at 32.
  assert.deepEqual(
    plan.matches.map((m) => [m.id, m.table, m.start / MIN]),
    [["t-3", 0, 30], ["t-4", 1, 32], ["t-5", 0, 52]],
  );
  assert.equal(plan.end, 72 * MIN);
  // Decided 3-1 after four: nothing remains and the tie ends with its last match.
  const done = parts.slice(0, 4).map((p, i) => ({
    ...p,
    status: "completed" as const,
    start: i * 10,
    end: 50 * MIN,
  }));
  assert.deepEqual(twoTableTie({ parts: done, remaining: 0 }, wttc, 5, 0, 60 * MIN, times).matches, []);
  assert.equal(twoTableTie({ parts: done, remaining: 0 }, wttc, 5, 0, 60 * MIN, times).end, 50 * MIN);
});

const positionArb = (side: "home" | "away") =>
  fc.constantFrom(...(side === "home" ? ["A", "B", "C"] : ["X", "Y", "Z"]));
const specArb: fc.Arbitrary<TieMatchSpec> = fc.oneof(
  fc.record({ type: fc.constant("singles" as const), home: positionArb("home"), away: positionArb("away") }),
  fc.record({
    type: fc.constant("doubles" as const),
    home: fc.constantFrom(["A", "B"] as const, ["B", "C"] as const, "pair" as const),
    away: fc.constantFrom(["X", "Y"] as const, ["Y", "Z"] as const, "pair" as const),
  }),
);
const formatArb = fc.oneof(
  fc.constantFrom(...Object.values(TEAM_FORMATS)),
  fc.array(specArb, { minLength: 1, maxLength: 9 }).map((matches) =>
    customFormat({ matches, winsNeeded: 1 })
  ),
);

function overlap(a: TwoTableTiming, b: TwoTableTiming, gap: number): boolean {
  return a.start < b.end + gap && b.start < a.end + gap;
}

Deno.test("twoTableTie(): no player in two matches at once, no table double-booked, the format's order kept", () => {
  fc.assert(
    fc.property(
      formatArb,
      fc.integer({ min: 0, max: 9 }),
      fc.constantFrom(3, 5, 7),
      (format, left, bestOf) => {
        const uses = tieMatchUses(format);
        const remaining = Math.min(left, uses.length);
        const plan = twoTableTie({ parts: [], remaining }, uses, bestOf, 1000, 0, times);
        assert.equal(plan.matches.length, remaining);
        plan.matches.forEach((a, i) => {
          if (i > 0) assert.ok(a.start >= plan.matches[i - 1]!.start, "out of the format's order");
          for (const b of plan.matches.slice(i + 1)) {
            if (a.table === b.table) assert.ok(!overlap(a, b, times.bufferMs), "a table double-booked");
            const shared = uses[a.order - 1]!.some((u) => uses[b.order - 1]!.includes(u));
            if (shared) assert.ok(!overlap(a, b, 0), `a player in matches ${a.order} and ${b.order} at once`);
          }
        });
      },
    ),
  );
});

Deno.test("twoTableTie(): never longer than on one table, shorter and on both tables when two in a row share nobody", () => {
  fc.assert(
    fc.property(formatArb, fc.constantFrom(3, 5, 7), (format, bestOf) => {
      const uses = tieMatchUses(format);
      const tie = { parts: [], remaining: uses.length };
      const two = twoTableTie(tie, uses, bestOf, 0, 0, times);
      const one = tieLengthMs(tie, bestOf, 0, times);
      assert.ok(two.end <= one, "longer on two tables than on one");
      const apart = uses.some((u, i) => i > 0 && !u.some((p) => uses[i - 1]!.includes(p)));
      if (apart) {
        assert.ok(two.end < one, "no shorter on two tables");
        assert.deepEqual(new Set(two.matches.map((m) => m.table)), new Set([0, 1]));
      }
    }),
  );
});
