import assert from "node:assert/strict";
import fc from "fast-check";
import { playOrder, type PlayOrderMatch, sortInPlayOrder } from "../../domain/order_of_play.ts";

const match = (o: Partial<PlayOrderMatch>): PlayOrderMatch => ({
  tableNo: null,
  scheduledAt: null,
  stage: "group",
  roundNo: 1,
  bracketPos: 0,
  ...o,
});

Deno.test("playOrder() is a total order: any shuffle of the same matches sorts the same", () => {
  const arb = fc.record({
    tableNo: fc.option(fc.integer({ min: 1, max: 4 })),
    scheduledAt: fc.option(fc.constantFrom("2026-11-28T10:00:00.000Z", "2026-11-28T11:00:00.000Z")),
    stage: fc.constantFrom("group" as const, "knockout" as const),
    roundNo: fc.integer({ min: 1, max: 3 }),
    bracketPos: fc.integer({ min: 0, max: 3 }),
  });
  fc.assert(fc.property(fc.array(arb, { maxLength: 30 }), (rows) => {
    const ms = rows.map((r) => match(r));
    const key = (list: PlayOrderMatch[]) =>
      [...list].sort(playOrder).map((m) => [m.tableNo, m.scheduledAt, m.stage, m.roundNo, m.bracketPos]);
    assert.deepEqual(key([...ms].reverse()), key(ms));
    for (const a of ms) {
      assert.equal(playOrder(a, a), 0);
      for (const b of ms) assert.equal(Math.sign(playOrder(a, b)), -Math.sign(playOrder(b, a)) || 0);
    }
  }));
});

Deno.test("playOrder() compares times as instants, takes the expected start first, and ties on nothing", () => {
  const a = match({ id: "a", tableNo: 2, scheduledAt: "2026-11-28T11:30:00+01:00" });
  const b = match({ id: "b", tableNo: 1, scheduledAt: "2026-11-28T10:45:00Z" });
  assert.deepEqual([b, a].sort(playOrder).map((m) => m.id), ["a", "b"], "10:30 UTC before 10:45 UTC");
  const late = { ...a, estimatedStart: "2026-11-28T11:00:00.000Z" };
  assert.deepEqual([late, b].sort(playOrder).map((m) => m.id), ["b", "a"], "running late: after b");
  const x = match({ id: "x", categoryId: "women" });
  const y = match({ id: "y", categoryId: "men" });
  const z = match({ id: "z", categoryId: "men", bracketPos: 1 });
  assert.deepEqual(
    [x, z, y].sort(playOrder).map((m) => m.id),
    ["y", "z", "x"],
    "a round category by category",
  );
  assert.deepEqual([match({ id: "q" }), match({ id: "p" })].sort(playOrder).map((m) => m.id), ["p", "q"]);
});

Deno.test("sortInPlayOrder() sorts as sort(playOrder) does, whatever the items hold", () => {
  const arb = fc.record({
    id: fc.string({ maxLength: 2 }),
    categoryId: fc.option(fc.constantFrom("men", "women"), { nil: undefined }),
    tableNo: fc.option(fc.integer({ min: 1, max: 4 })),
    scheduledAt: fc.option(fc.constantFrom("2026-11-28T10:00:00.000Z", "2026-11-28T11:00:00+01:00")),
    estimatedStart: fc.option(fc.constantFrom("2026-11-28T10:05:00.000Z"), { nil: undefined }),
    stage: fc.constantFrom("group" as const, "knockout" as const),
    roundNo: fc.integer({ min: 1, max: 3 }),
    bracketPos: fc.integer({ min: 0, max: 3 }),
  });
  fc.assert(fc.property(fc.array(arb, { maxLength: 30 }), (rows) => {
    const items = rows.map((r, n) => ({ n, key: match(r) }));
    const expected = [...items].sort((a, b) => playOrder(a.key, b.key) || a.n - b.n).map((i) => i.n);
    const sorted = sortInPlayOrder(items, (i) => i.key);
    assert.deepEqual(sorted.map((i) => i.n), expected);
  }));
});
