import assert from "node:assert/strict";
import { awaitsConfirmation, directorNeeds, type NeedsMatch } from "../../domain/director_needs.ts";

const now = new Date("2026-06-01T10:00:00.000Z");
const match = (o: Partial<NeedsMatch>): NeedsMatch => ({
  id: "m",
  label: "R1",
  categoryName: "Singles",
  status: "scheduled",
  homeEntryId: "a",
  awayEntryId: "b",
  homeName: "Ana",
  awayName: "Ben",
  tableNo: null,
  scheduledAt: null,
  calledAt: null,
  skippedAt: null,
  ...o,
});

Deno.test("directorNeeds() lists lots, withdrawn players' matches, late calls and due matches, each with its action", () => {
  const needs = directorNeeds({
    now,
    lots: [{ categoryId: "c", categoryName: "U15", groupName: "A" }],
    matches: [
      match({ id: "w", awayEntryId: "gone", awayName: "Gus" }),
      match({ id: "late", tableNo: 3, calledAt: "2026-06-01T09:52:00.000Z" }),
      match({ id: "just", tableNo: 4, calledAt: "2026-06-01T09:57:00.000Z" }),
      match({ id: "due", scheduledAt: "2026-06-01T09:30:00.000Z" }),
      match({ id: "later", scheduledAt: "2026-06-01T11:00:00.000Z" }),
      match({
        id: "done",
        status: "completed",
        awayEntryId: "gone",
        scheduledAt: "2026-06-01T09:00:00.000Z",
      }),
    ],
    withdrawn: new Set(["gone"]),
  });
  assert.deepEqual(needs.map((n) => [n.kind, n.text, n.action]), [
    ["lot", 'Group A of "U15" waits for a lot', "Record the lot"],
    ["withdrawn", "Gus withdrew and still has Ana v Gus (Singles, R1)", "Walkover to Ana"],
    [
      "called",
      "Ana v Ben (Singles, R1) was called to table 3 8 minutes ago and has not started",
      "Open its actions",
    ],
    ["no-table", "Ana v Ben (Singles, R1) is due and has no table", "Open its actions"],
  ]);
  assert.equal(needs[1]!.kind === "withdrawn" && needs[1]!.winner, "home");
});

Deno.test("directorNeeds() flags a player not checked in for a match on its table, only once check-in is used", () => {
  const matches = [
    match({ id: "t", tableNo: 2 }),
    match({ id: "later", homeEntryId: "c", awayEntryId: "d" }),
  ];
  const absent = new Map([["b", [{ id: "p-ben", name: "Ben" }]], ["d", [{ id: "p-dan", name: "Dan" }]]]);
  const needs = directorNeeds({ now, lots: [], matches, withdrawn: new Set(), absent });
  assert.deepEqual(needs.map((n) => [n.kind, n.text, n.action]), [
    ["absent", "Ben has not checked in for Ana v Ben (Singles, R1), next on table 2", "Mark Ben present"],
  ]);
  assert.deepEqual(directorNeeds({ now, lots: [], matches, withdrawn: new Set() }), []);
});

Deno.test("awaitsConfirmation() holds for a result a phone entered and no one confirmed, not a walkover", () => {
  const done = { status: "completed", resultReason: null, scorer: { label: "Table 1" }, confirmation: null };
  assert.equal(awaitsConfirmation(done), true);
  assert.equal(awaitsConfirmation({ ...done, confirmation: { by: "Table 1" } }), false);
  assert.equal(awaitsConfirmation({ ...done, scorer: null }), false);
  assert.equal(awaitsConfirmation({ ...done, resultReason: "walkover" }), false);
  assert.equal(awaitsConfirmation({ ...done, status: "in_progress" }), false);
});

Deno.test("directorNeeds() flags a match in play past its planned length and a margin, with its table", () => {
  // A best of 5 is planned for 20 minutes (domain/scheduler.ts defaultDurationMs): long from 30 minutes in play.
  const inPlay = (id: string, startedAt: string, o: Partial<NeedsMatch> = {}) =>
    match({ id, status: "in_progress", tableNo: 7, bestOf: 5, startedAt, ...o });
  const needs = directorNeeds({
    now,
    lots: [],
    matches: [
      inPlay("long", "2026-06-01T09:25:00.000Z"),
      inPlay("edge", "2026-06-01T09:30:00.000Z", { tableNo: 8 }),
      inPlay("fine", "2026-06-01T09:31:00.000Z", { tableNo: 9 }),
      // A best of 7 is planned for 25 minutes: 34 minutes in play is within its margin.
      inPlay("seven", "2026-06-01T09:26:00.000Z", { tableNo: 10, bestOf: 7 }),
      match({ id: "over", status: "completed", bestOf: 5, startedAt: "2026-06-01T08:00:00.000Z" }),
    ],
    withdrawn: new Set(),
  });
  assert.deepEqual(needs.map((n) => [n.kind, n.text, n.action, "matchId" in n && n.matchId]), [
    [
      "long",
      "Ana v Ben (Singles, R1) on table 7 has been in play 35 minutes, planned for 20",
      "Open its actions",
      "long",
    ],
    [
      "long",
      "Ana v Ben (Singles, R1) on table 8 has been in play 30 minutes, planned for 20",
      "Open its actions",
      "edge",
    ],
  ]);
});
