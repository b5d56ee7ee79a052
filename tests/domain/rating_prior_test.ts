import assert from "node:assert/strict";
import fc from "fast-check";
import { RatingError } from "../../domain/glicko2.ts";
import {
  PRIOR_DEVIATION_FLOOR,
  PRIOR_NEWCOMER_OFFSET,
  PRIOR_RETENTION_PER_MATCH,
  priorDeviation,
  priorRating,
  ratingFromPrior,
} from "../../domain/rating_prior.ts";
import { assertClose } from "../support/assert_close.ts";

Deno.test("ratingFromPrior() gives the defaults without a prior", () => {
  const defaults = { rating: 1500, deviation: 350, volatility: 0.06 };
  assert.deepEqual(ratingFromPrior(null), defaults);
  assert.deepEqual(ratingFromPrior(undefined), defaults);
});

Deno.test("priorDeviation() starts at 350 and decays towards the floor of 55", () => {
  assert.equal(PRIOR_DEVIATION_FLOOR, 55);
  assert.equal(PRIOR_RETENTION_PER_MATCH, 0.963);
  assertClose(priorDeviation(0), 350, 1e-9, "no matches");
  assertClose(
    priorDeviation(30),
    Math.sqrt(55 ** 2 + (350 ** 2 - 55 ** 2) * 0.963 ** 60),
    1e-9,
    "30 matches",
  );
  assert.equal(priorDeviation(30).toFixed(0), "124");
  assertClose(priorDeviation(1000), 55, 1e-9, "many matches");
});

Deno.test("priorDeviation() never grows with more matches and stays between the floor and 350", () => {
  fc.assert(
    fc.property(fc.nat(2000), fc.nat(50), (n, more) => {
      const fewer = priorDeviation(n);
      assert.ok(priorDeviation(n + more) <= fewer);
      assert.ok(fewer >= PRIOR_DEVIATION_FLOOR && fewer <= 350);
    }),
  );
});

Deno.test("priorRating() takes the decaying newcomer offset off the imported rating", () => {
  assert.equal(PRIOR_NEWCOMER_OFFSET, 200);
  assert.equal(priorRating(1500, 0), 1300);
  assertClose(priorRating(1500, 30), 1500 - 200 * 0.963 ** 30, 1e-9, "30 matches");
  assertClose(priorRating(2100, 300), 2100, 0.01, "an established player");
  assert.equal(priorRating(1500, 0, { newcomerOffset: 0 }), 1500);
});

Deno.test("ratingFromPrior() maps rating and match count, with the default volatility", () => {
  const start = ratingFromPrior({ rating: 1850, matchCount: 120 });
  assertClose(start.rating, priorRating(1850, 120), 1e-12, "rating");
  assertClose(start.deviation, priorDeviation(120), 1e-12, "deviation");
  assert.equal(start.volatility, 0.06);
});

Deno.test("ratingFromPrior() gives its documented example: 1850 after 120 matches starts at 1847.8 / 55.1", () => {
  const start = ratingFromPrior({ rating: 1850, matchCount: 120 });
  assert.equal(start.rating.toFixed(1), "1847.8");
  assert.equal(start.deviation.toFixed(1), "55.1");
});

Deno.test("ratingFromPrior() uses a supplied deviation and its rating as given, deviation capped at 350", () => {
  assert.deepEqual(ratingFromPrior({ rating: 1700, matchCount: 3, deviation: 90 }), {
    rating: 1700,
    deviation: 90,
    volatility: 0.06,
  });
  assert.equal(ratingFromPrior({ rating: 1700, matchCount: 3, deviation: 500 }).deviation, 350);
  assert.equal(
    ratingFromPrior({ rating: 1700, matchCount: 3, deviation: null }).deviation,
    priorDeviation(3),
  );
});

Deno.test("ratingFromPrior() honours tuning options", () => {
  const start = ratingFromPrior({ rating: 1700, matchCount: 10 }, {
    floor: 70,
    retention: 0.5,
    newcomerOffset: 0,
  });
  assert.equal(start.rating, 1700);
  assertClose(start.deviation, Math.sqrt(70 ** 2 + (350 ** 2 - 70 ** 2) * 0.5 ** 20), 1e-9, "deviation");
});

Deno.test("ratingFromPrior() rejects a negative match count and a non-finite rating", () => {
  assert.throws(
    () => ratingFromPrior({ rating: 1700, matchCount: -1 }),
    new RatingError('Cannot map a prior: expected a non-negative match count, got "-1"'),
  );
  assert.throws(
    () => ratingFromPrior({ rating: Number.NaN, matchCount: 4 }),
    new RatingError('Cannot map a prior: expected a finite rating, got "NaN"'),
  );
  assert.throws(() => ratingFromPrior({ rating: 1700, matchCount: 4, deviation: 0 }), RatingError);
  assert.throws(() => priorDeviation(4, { retention: 1.5 }), RatingError);
});
