import assert from "node:assert/strict";
import { tieLengthMs, tiePartTimes } from "../../domain/tie_plan.ts";

const MIN = 60_000;
const times = { durationMs: () => 20 * MIN, bufferMs: 2 * MIN };
const parts = (statuses: ("scheduled" | "in_progress" | "completed")[], start = 0) =>
  statuses.map((status, i) => ({
    id: `t-${i + 1}`,
    order: i + 1,
    status,
    start: status === "scheduled" ? null : start + i * 25 * MIN,
    end: status === "completed" ? start + i * 25 * MIN + 23 * MIN : null,
  }));

Deno.test("tieLengthMs() plans a tie not begun for every match it may need, back to back", () => {
  assert.equal(tieLengthMs({ parts: [], remaining: 5 }, 5, 0, times), 108 * MIN);
  assert.equal(tieLengthMs({ parts: [], remaining: 9 }, 5, 0, times), (9 * 20 + 8 * 2) * MIN);
});

Deno.test("tieLengthMs() re-estimates a tie under way from its matches' ends", () => {
  // Two matches over (the second ended at 48 min); three may still be needed.
  const tie = {
    parts: parts(["completed", "completed", "scheduled", "scheduled", "scheduled"]),
    remaining: 3,
  };
  assert.equal(tieLengthMs(tie, 5, 0, times), (48 + 2 + 3 * 20 + 2 * 2) * MIN);
  // 3-0 after three: nothing remains, the tie lasts to its last end.
  const decided = { parts: parts(["completed", "completed", "completed"]), remaining: 0 };
  assert.equal(tieLengthMs(decided, 5, 0, times), (50 + 23 + 2) * MIN);
});

Deno.test("tiePartTimes() times the tie's matches not begun one after the other on its table", () => {
  const tie = {
    parts: parts(["scheduled", "scheduled", "scheduled", "scheduled", "scheduled"]),
    remaining: 5,
  };
  assert.deepEqual(
    tiePartTimes(tie, 5, 1000, 0, times).map((p) => [p.id, p.start - 1000]),
    [["t-1", 0], ["t-2", 22 * MIN], ["t-3", 44 * MIN], ["t-4", 66 * MIN], ["t-5", 88 * MIN]],
  );
  // The second in play since 25 min: the third follows its planned end, not before now.
  const under = { parts: parts(["completed", "in_progress", "scheduled"]), remaining: 2 };
  assert.deepEqual(tiePartTimes(under, 5, 0, 30 * MIN, times), [{
    id: "t-3",
    start: 47 * MIN,
    end: 67 * MIN,
  }]);
  assert.deepEqual(tiePartTimes(under, 5, 0, 60 * MIN, times), [{
    id: "t-3",
    start: 60 * MIN,
    end: 80 * MIN,
  }]);
});
