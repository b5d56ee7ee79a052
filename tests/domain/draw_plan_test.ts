import assert from "node:assert/strict";
import { type DrawPlanInput, planDraw } from "../../domain/draw_plan.ts";

const entries = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `e${i + 1}`, seed: i < 2 ? i + 1 : null, rating: 2000 - i }));

const input = (over: Partial<DrawPlanInput>): DrawPlanInput => ({
  format: "knockout",
  entries: entries(3),
  lotSeed: "seed",
  groupLotSeed: "seed:groups",
  groupSize: null,
  qualifiers: null,
  keptGroups: null,
  ...over,
});

Deno.test("planDraw() places a knockout of 3 in 4 slots: a bye's opponent waits in the final", () => {
  const plan = planDraw(input({}));
  assert.equal(plan.slots.length, 4);
  assert.equal(plan.slots.filter((s) => s.kind === "bye").length, 1);
  assert.deepEqual(plan.groups, []);
  assert.deepEqual(plan.matches.map((m) => [m.stage, m.roundNo, m.bracketPos]), [
    ["knockout", 1, plan.matches[0]!.bracketPos],
    ["knockout", 2, 0],
  ]);
  const final = plan.matches[1]!;
  assert.equal([final.home, final.away].filter((e) => e !== null).length, 1);
});

Deno.test("planDraw() is the same plan for the same seeds", () => {
  const groups = input({ format: "groups_knockout", entries: entries(12), groupSize: 4, qualifiers: 2 });
  assert.deepEqual(planDraw(groups), planDraw(groups));
});

Deno.test("planDraw() draws groups with every pairing once, and the knockout from their places", () => {
  const plan = planDraw(
    input({ format: "groups_knockout", entries: entries(12), groupSize: 4, qualifiers: 2 }),
  );
  assert.equal(plan.groups.length, 3);
  assert.deepEqual(plan.groups.flatMap((g) => g.members).sort(), entries(12).map((e) => e.id).sort());
  const groupMatches = plan.matches.filter((m) => m.stage === "group");
  assert.equal(groupMatches.length, 3 * 6);
  for (const [gi, g] of plan.groups.entries()) {
    const pairs = groupMatches.filter((m) => m.group === gi).map((m) => [m.home, m.away].sort().join("-"));
    assert.equal(new Set(pairs).size, (g.members.length * (g.members.length - 1)) / 2);
  }
  assert.equal(plan.slots.length, 8);
  assert.ok(plan.slots.every((s) => s.kind !== "entry"));
});

Deno.test("planDraw() keeps the groups it is given and draws the knockout alone", () => {
  const kept = [["e1", "e4", "e5", "e8"], ["e2", "e3", "e6", "e7"]];
  const plan = planDraw(
    input({ format: "groups_knockout", entries: entries(8), groupSize: 4, qualifiers: 2, keptGroups: kept }),
  );
  assert.deepEqual(plan.groups, []);
  assert.ok(plan.matches.every((m) => m.stage === "knockout"));
  assert.equal(plan.slots.length, 4);
});
