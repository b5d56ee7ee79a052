import assert from "node:assert/strict";
import { estimateTrigger } from "../../db/estimate_writes.ts";

const row = {
  status: "in_progress",
  table_no: 1,
  scheduled_at: "2026-11-28T10:00:00.000Z",
  called_at: null,
  skipped_at: null,
  started_at: "2026-11-28T10:00:00.000Z",
  updated_at: "2026-11-28T10:10:00.000Z",
};

Deno.test("estimateTrigger() is 'moved' for a change of state or place, 'overrun' for its first point in a minute past the planned length", () => {
  const at = (hhmmss: string) => new Date(`2026-11-28T${hhmmss}.000Z`);
  // A best of 5 is planned for 20 minutes: a point at 10:15 is on time, one at 10:25 runs long.
  assert.equal(estimateTrigger(row, row, 5, at("10:15:00")), null);
  assert.equal(
    estimateTrigger({ ...row, updated_at: "2026-11-28T10:24:30.000Z" }, row, 5, at("10:25:10")),
    "overrun",
    "its first write in the minute",
  );
  assert.equal(
    estimateTrigger({ ...row, updated_at: "2026-11-28T10:25:01.000Z" }, row, 5, at("10:25:40")),
    null,
    "written already in this minute",
  );
  for (
    const change of [
      { status: "completed" },
      { table_no: 2 },
      { scheduled_at: null },
      { called_at: "2026-11-28T10:15:00.000Z" },
      { skipped_at: "2026-11-28T10:15:00.000Z" },
    ]
  ) {
    assert.equal(
      estimateTrigger(row, { ...row, ...change }, 5, at("10:15:00")),
      "moved",
      JSON.stringify(change),
    );
  }
});
