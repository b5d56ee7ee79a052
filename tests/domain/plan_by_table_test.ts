import assert from "node:assert/strict";
import { planTables, tableItems } from "../../domain/plan_by_table.ts";
import { bothTables } from "../../cli/schedule.ts";

const tie = { id: "tie", table: 2, secondTable: 1 };
const parts = [
  { id: "m1", table: 2, tieId: "tie" },
  { id: "m2", table: 1, tieId: "tie" },
  { id: "m3", table: 2, tieId: "tie" },
];
const single = { id: "s", table: 1 };

Deno.test("planTables() lists a tie's second table too", () => {
  assert.deepEqual(planTables([tie, ...parts, { id: "x", table: 5 }]), [1, 2, 5]);
});

Deno.test("tableItems() lists a tie once on each of its tables, its own matches there inside it", () => {
  const plan = [tie, ...parts, single];
  assert.deepEqual(tableItems(plan, 2).map((i) => [i.match.id, i.own.map((m) => m.id)]), [["tie", [
    "m1",
    "m3",
  ]]]);
  assert.deepEqual(tableItems(plan, 1).map((i) => [i.match.id, i.own.map((m) => m.id)]), [
    ["tie", ["m2"]],
    ["s", []],
  ]);
  // A tie's match whose tie is not in the list (over, left out) stands alone.
  assert.deepEqual(tableItems(parts, 1).map((i) => i.match.id), ["m2"]);
  assert.equal(bothTables(tie), "tables 1 and 2");
});
