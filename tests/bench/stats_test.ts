import assert from "node:assert/strict";
import fc from "fast-check";
import { percentile, summarize } from "../../bench/stats.ts";

Deno.test("percentile() takes the nearest rank", () => {
  assert.equal(percentile([1, 2, 3, 4], 50), 2);
  assert.equal(percentile([1, 2, 3, 4], 99), 4);
  assert.ok(Number.isNaN(percentile([], 50)));
});

Deno.test("summarize() keeps p50 <= p90 <= p99 <= max within the samples", () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), { minLength: 1 }), (values) => {
      const s = summarize(values);
      assert.ok(s.p50 <= s.p90 && s.p90 <= s.p99 && s.p99 <= s.max);
      assert.equal(s.max, Math.max(...values));
      assert.equal(s.count, values.length);
    }),
  );
});
