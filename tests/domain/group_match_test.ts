import assert from "node:assert/strict";
import { type StoredGroupMatch, toGroupMatch } from "../../domain/group_match.ts";

const stored = (overrides: Partial<StoredGroupMatch> = {}): StoredGroupMatch => ({
  homeEntryId: "a",
  awayEntryId: "b",
  status: "completed",
  resultReason: null,
  winnerEntryId: "a",
  games: [[11, 5], [11, 7], [11, 9]],
  ...overrides,
});

Deno.test("toGroupMatch() reads a played match with its games and winner", () => {
  assert.deepEqual(toGroupMatch(stored()), {
    home: "a",
    away: "b",
    games: [[11, 5], [11, 7], [11, 9]],
    status: "completed",
    winner: "a",
  });
});

Deno.test("toGroupMatch() is null while a side is not known", () => {
  assert.equal(toGroupMatch(stored({ awayEntryId: null })), null);
  assert.equal(toGroupMatch(stored({ homeEntryId: null })), null);
});

Deno.test("toGroupMatch() reads a result reason into the standings' status (ITTF 3.7.5: 0 points unplayed)", () => {
  const dq = (games: [number, number][]) =>
    toGroupMatch(stored({ resultReason: "disqualified", winnerEntryId: "b", games }))?.status;
  assert.equal(dq([]), "walkover");
  assert.equal(dq([[11, 5]]), "retired");
  assert.equal(toGroupMatch(stored({ resultReason: "walkover", games: [] }))?.status, "walkover");
});

Deno.test("toGroupMatch() gives no winner before the end and reads an unknown status as scheduled", () => {
  const running = toGroupMatch(stored({ status: "in_progress", winnerEntryId: "a", games: [[11, 5]] }));
  assert.deepEqual([running?.status, running?.winner], ["in_progress", null]);
  const odd = toGroupMatch(stored({ status: "postponed", resultReason: "walkover", winnerEntryId: "a" }));
  assert.deepEqual([odd?.status, odd?.winner], ["scheduled", null]);
});
