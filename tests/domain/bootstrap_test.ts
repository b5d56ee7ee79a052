import assert from "node:assert/strict";
import { BootstrapError, bootstrapInterval } from "../../domain/bootstrap.ts";
import { brier, expectedCalibrationError } from "../../domain/calibration.ts";

Deno.test("bootstrapInterval() gives the score with an interval around it, the same for the same seed", () => {
  const ps = Array.from({ length: 200 }, (_, i) => (i % 10) / 10 + 0.05);
  const ys = ps.map((p, i) => ((i * 7919) % 100) / 100 < p ? 1 : 0);
  const once = bootstrapInterval(ps, ys, brier, { seed: 5, samples: 300 });
  assert.equal(once.value, brier(ps, ys));
  assert.ok(once.low <= once.value && once.value <= once.high, JSON.stringify(once));
  assert.ok(once.high - once.low > 0 && once.high - once.low < 0.1);
  assert.deepEqual(bootstrapInterval(ps, ys, brier, { seed: 5, samples: 300 }), once);
  const wider = bootstrapInterval(ps, ys, brier, { seed: 5, samples: 300, level: 0.99 });
  assert.ok(wider.low <= once.low && wider.high >= once.high);
});

Deno.test("bootstrapInterval() gives its documented example", () => {
  assert.deepEqual(
    bootstrapInterval([0.9, 0.2, 0.7, 0.6], [1, 0, 0, 1], expectedCalibrationError, { seed: 3 }),
    { value: 0.35, low: 0.15, high: 0.575 },
  );
});

Deno.test("bootstrapInterval() refuses inputs that do not fit together", () => {
  assert.throws(() => bootstrapInterval([], [], brier), BootstrapError);
  assert.throws(() => bootstrapInterval([0.5], [1, 0], brier), BootstrapError);
  assert.throws(
    () => bootstrapInterval([0.5], [1], brier, { samples: 0 }),
    new BootstrapError('Cannot bootstrap a score: expected a positive number of samples, got "0"'),
  );
  assert.throws(() => bootstrapInterval([0.5], [1], brier, { level: 1 }), BootstrapError);
});
