import assert from "node:assert/strict";
import fc from "fast-check";
import {
  accuracy,
  brier,
  CalibrationError,
  expectedCalibrationError,
  intervalCoverage,
  logLoss,
  reliabilityTable,
  type SimulatedMatch,
  simulateTournaments,
} from "../../domain/calibration.ts";
import { assertClose } from "../support/assert_close.ts";

Deno.test("logLoss() averages the negative log-likelihood", () => {
  assertClose(logLoss([0.8, 0.4], [1, 0]), (-Math.log(0.8) - Math.log(0.6)) / 2, 1e-15, "two predictions");
  assertClose(logLoss([0.5, 0.5], [1, 0]), Math.LN2, 1e-15, "coin flip");
  assert.ok(Number.isFinite(logLoss([0, 1], [1, 0])), "a wrong certainty is clipped, not infinite");
});

Deno.test("brier() averages the squared error", () => {
  assertClose(brier([0.8, 0.4], [1, 0]), 0.1, 1e-15, "two predictions");
  assert.equal(brier([0.5, 0.5], [1, 0]), 0.25);
});

Deno.test("accuracy() counts the favoured side and an exact 1/2 as half right", () => {
  assert.equal(accuracy([0.8, 0.4, 0.5, 0.3], [1, 1, 0, 0]), 0.625);
});

Deno.test("reliabilityTable() bins by predicted probability with count, mean and observed rate", () => {
  const table = reliabilityTable([0.05, 0.15, 0.12, 1, 0.95], [0, 1, 0, 1, 0], 10);
  assert.equal(table.length, 10);
  assert.deepEqual(table[0], { low: 0, high: 0.1, count: 1, meanPredicted: 0.05, observedRate: 0 });
  const second = table[1];
  assert.ok(second);
  assert.equal(second.count, 2);
  assertClose(second.meanPredicted ?? -1, 0.135, 1e-15, "mean");
  assert.equal(second.observedRate, 0.5);
  assert.deepEqual(table[5], { low: 0.5, high: 0.6, count: 0, meanPredicted: null, observedRate: null });
  // 1 falls in the last bin.
  assert.equal(table[9]?.count, 2);
  assert.equal(table[9]?.observedRate, 0.5);
});

Deno.test("reliabilityTable() counts every prediction exactly once", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1)), { minLength: 1 }),
      fc.integer({ min: 1, max: 20 }),
      (pairs, bins) => {
        const table = reliabilityTable(pairs.map(([p]) => p), pairs.map(([, y]) => y), bins);
        assert.equal(table.reduce((sum, row) => sum + row.count, 0), pairs.length);
      },
    ),
  );
});

Deno.test("expectedCalibrationError() weighs each bin's gap by its count", () => {
  assertClose(
    expectedCalibrationError([0.05, 0.15, 0.12], [0, 1, 0], 10),
    (0.05 + 2 * 0.365) / 3,
    1e-15,
    "gap",
  );
  assertClose(expectedCalibrationError([0.25, 0.25, 0.25, 0.25], [1, 0, 0, 0]), 0, 1e-15, "calibrated bin");
});

Deno.test("intervalCoverage() counts truths inside their interval, bounds included", () => {
  assert.equal(intervalCoverage([0.2, 0.5], [0.6, 0.9], [0.6, 0.4]), 0.5);
  assert.equal(intervalCoverage([0.2], [0.2], [0.2]), 1);
});

Deno.test("metrics reject arrays that do not fit together", () => {
  assert.throws(
    () => logLoss([0.5], [1, 0]),
    new CalibrationError('Cannot score predictions: got "1" probabilities for "2" outcomes'),
  );
  assert.throws(
    () => brier([0.5], [2]),
    new CalibrationError('Cannot score predictions: expected "outcomes[0]" 0 or 1, got "2"'),
  );
  assert.throws(() => accuracy([], []), CalibrationError);
  assert.throws(() => reliabilityTable([0.5], [1], 0), CalibrationError);
  assert.throws(() => intervalCoverage([0.1], [0.2, 0.3], [0.1]), CalibrationError);
});

Deno.test("simulateTournaments() is deterministic for a seed and plays every round", () => {
  const options = { seed: 3, players: 8, tournaments: 2, roundsPerTournament: 3 };
  const matches = simulateTournaments(options);
  assert.equal(matches.length, 8 / 2 * 3 * 2);
  assert.deepEqual(simulateTournaments(options), matches);
  assert.notDeepEqual(simulateTournaments({ ...options, seed: 4 }), matches);
  for (const m of matches) {
    assert.ok(m.ciLow <= m.pHome && m.pHome <= m.ciHigh);
    assert.ok(m.outcome === 0 || m.outcome === 1);
    assert.ok(m.trueP > 0 && m.trueP < 1);
  }
});

Deno.test("simulateTournaments() rejects an odd number of players", () => {
  assert.throws(
    () => simulateTournaments({ seed: 1, players: 7 }),
    new CalibrationError('Cannot simulate: expected an even number of players, got "7"'),
  );
});

Deno.test("simulateTournaments() finds the model calibrated and its 90% interval honest", () => {
  // Ten seeds pooled (13,440 matches): one seed's figures carry too much binning noise.
  for (const bestOf of [3, 5, 7]) {
    const matches: SimulatedMatch[] = [];
    for (let seed = 1; seed <= 10; seed++) matches.push(...simulateTournaments({ seed, bestOf }));
    const ece = expectedCalibrationError(matches.map((m) => m.pHome), matches.map((m) => m.outcome));
    const coverage = intervalCoverage(
      matches.map((m) => m.ciLow),
      matches.map((m) => m.ciHigh),
      matches.map((m) => m.trueP),
    );
    assert.ok(ece <= 0.03, `best of ${bestOf}: ECE ${ece}`);
    assert.ok(coverage >= 0.85 && coverage <= 0.95, `best of ${bestOf}: coverage ${coverage}`);
  }
});
