import assert from "node:assert/strict";
import fc from "fast-check";
import { playOrder, type PlayOrderMatch } from "../../domain/order_of_play.ts";

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
