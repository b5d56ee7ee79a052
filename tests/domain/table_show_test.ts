import assert from "node:assert/strict";
import { tableShow, type TableShowMatch } from "../../domain/table_show.ts";

const at = (ms: number) => new Date(ms).toISOString();
const makeMatch = (over: Partial<TableShowMatch> & { id: string }): TableShowMatch => ({
  status: "scheduled",
  tableNo: 1,
  calledAt: null,
  startedAt: null,
  completedAt: null,
  scheduledAt: null,
  stage: "knockout",
  roundNo: 1,
  bracketPos: 0,
  ...over,
});

Deno.test("tableShow() holds the last result on the table, then shows its next match by the order of play", () => {
  const done = makeMatch({ id: "a", status: "completed", completedAt: at(1_000) });
  const later = makeMatch({ id: "c", bracketPos: 2 });
  const next = makeMatch({ id: "b", bracketPos: 1 });
  const elsewhere = makeMatch({ id: "d", tableNo: 2 });
  const matches = [done, later, next, elsewhere];
  assert.deepEqual(tableShow(matches, 1, 2_000, 60_000), { match: done, until: 61_000 });
  assert.deepEqual(tableShow(matches, 1, 61_000, 60_000), { match: next, until: null });
  assert.deepEqual(tableShow(matches, 1, 2_000, 0), { match: next, until: null });
});

Deno.test("tableShow() ends the hold when the next match is called or starts there", () => {
  const done = makeMatch({ id: "a", status: "completed", completedAt: at(1_000) });
  const called = makeMatch({ id: "b", bracketPos: 5, calledAt: at(1_500) });
  assert.deepEqual(tableShow([done, called], 1, 2_000, 60_000), { match: called, until: null });
  const playing = makeMatch({ id: "c", status: "in_progress", startedAt: at(1_500) });
  assert.deepEqual(tableShow([done, playing], 1, 2_000, 60_000), { match: playing, until: null });
});

Deno.test("tableShow() is null for a table with nothing on it or to come", () => {
  const done = makeMatch({ id: "a", status: "completed", completedAt: at(1_000) });
  assert.equal(tableShow([done], 1, 100_000, 60_000), null);
  assert.equal(tableShow([done], 2, 2_000, 60_000), null);
});
