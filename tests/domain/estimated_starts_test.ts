/**
 * Estimated starts (domain/estimated_starts.ts): a table's later matches move with the match on it, never before
 * their planned time, around their players' other matches; a called match keeps its table; a skipped one has
 * no estimate. And over random days: no table and no player in two estimated matches at once.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  estimatedStartOf,
  type EstimateMatch,
  type EstimateOptions,
  estimateStarts,
} from "../../domain/estimated_starts.ts";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 28, 9);
const at = (minutes: number) => T0 + minutes * MIN;
const options = (now: number): EstimateOptions => ({
  durationMs: () => 20 * MIN,
  bufferMs: 2 * MIN,
  restMs: 10 * MIN,
  now,
});

function makeMatch(overrides: Partial<EstimateMatch> & { id: string }): EstimateMatch {
  return {
    status: "scheduled",
    table: 1,
    plannedStart: null,
    startedAt: null,
    completedAt: null,
    calledAt: null,
    skipped: false,
    bestOf: 5,
    players: [],
    feeders: [],
    ...overrides,
  };
}

const running = (id: string, table: number, started: number, players: string[]) =>
  makeMatch({ id, table, status: "in_progress", startedAt: started, plannedStart: started, players });

Deno.test("estimateStarts() keeps the plan when play keeps to it", () => {
  const m1 = running("m1", 1, at(0), ["a", "b"]);
  const m2 = makeMatch({ id: "m2", plannedStart: at(22), players: ["c", "d"] });
  const m3 = makeMatch({ id: "m3", plannedStart: at(44), players: ["e", "f"] });
  const out = estimateStarts([m1, m2, m3], options(at(10)));
  assert.deepEqual([...out], [["m2", at(22)], ["m3", at(44)]]);
});

Deno.test("estimateStarts() moves a table's later matches when the match on it overruns", () => {
  const m1 = running("m1", 1, at(0), ["a", "b"]);
  const m2 = makeMatch({ id: "m2", plannedStart: at(22), players: ["c", "d"] });
  const m3 = makeMatch({ id: "m3", plannedStart: at(44), players: ["e", "f"] });
  const other = makeMatch({ id: "x", table: 2, plannedStart: at(22), players: ["g", "h"] });
  const out = estimateStarts([m1, m2, m3, other], options(at(30)));
  assert.equal(out.get("m2"), at(32));
  assert.equal(out.get("m3"), at(54));
  assert.equal(out.get("x"), at(22), "another table keeps its plan");
});

Deno.test("estimateStarts() gives back a delay when a match ends early, never before the planned time", () => {
  const m1 = makeMatch({
    id: "m1",
    status: "completed",
    startedAt: at(0),
    completedAt: at(35),
    plannedStart: at(0),
  });
  const m2 = makeMatch({ id: "m2", plannedStart: at(22), players: ["c", "d"] });
  const m3 = makeMatch({ id: "m3", plannedStart: at(44), players: ["e", "f"] });
  assert.deepEqual([...estimateStarts([m1, m2, m3], options(at(35)))], [["m2", at(37)], ["m3", at(59)]]);
  // m2 began at 37 and ended after 10 minutes: m3 comes back to its planned time, not earlier.
  const m2Done = { ...m2, status: "completed" as const, startedAt: at(37), completedAt: at(47) };
  assert.deepEqual([...estimateStarts([m1, m2Done, m3], options(at(47)))], [["m3", at(49)]]);
  const m2Quick = { ...m2Done, completedAt: at(39) };
  assert.deepEqual([...estimateStarts([m1, m2Quick, m3], options(at(39)))], [["m3", at(44)]]);
});

Deno.test("estimateStarts() waits for a player rested after a match elsewhere", () => {
  const elsewhere = running("e1", 2, at(0), ["a", "z"]);
  const m2 = makeMatch({ id: "m2", plannedStart: at(22), players: ["a", "d"] });
  // e1 runs until 28 (now): a rests until 38.
  assert.equal(estimateStarts([elsewhere, m2], options(at(28))).get("m2"), at(38));
});

Deno.test("estimateStarts() keeps a called match on its table from its call on, and skips a skipped one", () => {
  const called = makeMatch({ id: "c", table: 3, plannedStart: at(60), calledAt: at(5), players: ["a", "b"] });
  const skipped = makeMatch({ id: "s", table: 3, plannedStart: at(0), skipped: true, players: ["c", "d"] });
  const next = makeMatch({ id: "n", table: 3, plannedStart: at(22), players: ["e", "f"] });
  const out = estimateStarts([called, skipped, next], options(at(5)));
  assert.equal(out.get("c"), at(5));
  assert.equal(out.has("s"), false);
  assert.equal(out.get("n"), at(27));
});

Deno.test("estimateStarts() starts a knockout match after the matches that feed it", () => {
  const semi = running("sf", 1, at(0), ["a", "b"]);
  const final = makeMatch({ id: "f", table: 2, plannedStart: at(30), players: ["c"], feeders: ["sf"] });
  assert.equal(estimateStarts([semi, final], options(at(40))).get("f"), at(40));
});

Deno.test("estimateStarts() books no table and no player twice at once, over random days", () => {
  const player = fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h");
  const match = fc.record({
    table: fc.integer({ min: 1, max: 4 }),
    planned: fc.integer({ min: 0, max: 300 }),
    players: fc.uniqueArray(player, { minLength: 2, maxLength: 4 }),
    state: fc.constantFrom("scheduled", "scheduled", "called", "skipped", "in_progress", "completed"),
    length: fc.integer({ min: 5, max: 50 }),
  });
  fc.assert(fc.property(fc.array(match, { maxLength: 30 }), fc.integer({ min: 0, max: 300 }), (raw, now) => {
    const matches = raw.map((r, i) =>
      makeMatch({
        id: `m${i}`,
        table: r.table,
        plannedStart: at(r.planned),
        players: r.players,
        status: r.state === "in_progress" || r.state === "completed" ? r.state : "scheduled",
        startedAt: r.state === "in_progress" || r.state === "completed" ? at(Math.min(r.planned, now)) : null,
        completedAt: r.state === "completed" ? at(Math.min(r.planned, now)) + r.length * MIN : null,
        calledAt: r.state === "called" ? at(now) : null,
        skipped: r.state === "skipped",
      })
    );
    const opts = options(at(now));
    const out = estimateStarts(matches, opts);
    const estimated = matches.filter((m) => out.has(m.id));
    assert.equal(estimated.length, raw.filter((r) => r.state === "scheduled" || r.state === "called").length);
    const spans = estimated.map((m) => ({ m, start: out.get(m.id)!, end: out.get(m.id)! + 20 * MIN }));
    for (const s of spans) {
      if (s.m.calledAt === null) assert.ok(s.start >= s.m.plannedStart!, "never before its planned time");
      for (const o of spans) {
        if (o === s) continue;
        const overlap = s.start < o.end && o.start < s.end;
        assert.ok(!(overlap && s.m.table === o.m.table), "a table holds one match at once");
        const shared = s.m.players.some((p) => o.m.players.includes(p));
        assert.ok(!(shared && s.start < o.end + 10 * MIN && o.start < s.end + 10 * MIN), "players rest");
      }
    }
  }));
});

Deno.test("estimatedStartOf() answers the kept estimate, else the planned time; none once begun or skipped", () => {
  const m = {
    status: "scheduled",
    tableNo: 2,
    scheduledAt: "2026-11-28T10:20:00Z",
    skippedAt: null,
    estimatedStart: null,
  };
  assert.equal(estimatedStartOf(m), "2026-11-28T10:20:00Z");
  assert.equal(
    estimatedStartOf({ ...m, estimatedStart: "2026-11-28T10:35:00.000Z" }),
    "2026-11-28T10:35:00.000Z",
  );
  assert.equal(estimatedStartOf({ ...m, tableNo: null }), null);
  assert.equal(estimatedStartOf({ ...m, skippedAt: "2026-11-28T10:00:00Z" }), null);
  assert.equal(estimatedStartOf({ ...m, status: "in_progress" }), null);
});
