import assert from "node:assert/strict";
import fc from "fast-check";
import { RatingError } from "../../domain/glicko2.ts";
import {
  PRIOR_DEVIATION_FLOOR,
  PRIOR_NEWCOMER_DEVIATION,
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

Deno.test("priorDeviation() starts at the newcomer deviation of 250 and decays towards the floor of 55", () => {
  assert.equal(PRIOR_DEVIATION_FLOOR, 55);
  assert.equal(PRIOR_RETENTION_PER_MATCH, 0.963);
  assert.equal(PRIOR_NEWCOMER_DEVIATION, 250);
  assertClose(priorDeviation(0), 250, 1e-9, "no matches");
  assertClose(
    priorDeviation(30),
    Math.sqrt(55 ** 2 + (250 ** 2 - 55 ** 2) * 0.963 ** 60),
    1e-9,
    "30 matches",
  );
  assert.equal(priorDeviation(30).toFixed(0), "96");
  assertClose(priorDeviation(1000), 55, 1e-9, "many matches");
});

Deno.test("priorDeviation() never grows with more matches and stays between the floor and the newcomer deviation", () => {
  fc.assert(
    fc.property(fc.nat(2000), fc.nat(50), (n, more) => {
      const fewer = priorDeviation(n);
      assert.ok(priorDeviation(n + more) <= fewer);
      assert.ok(fewer >= PRIOR_DEVIATION_FLOOR && fewer <= PRIOR_NEWCOMER_DEVIATION);
    }),
  );
});

Deno.test("priorDeviation() takes the newcomer deviation as an option, from the floor to 350", () => {
  assertClose(priorDeviation(0, { newcomerDeviation: 350 }), 350, 1e-9, "the whole population");
  assertClose(
    priorDeviation(10, { newcomerDeviation: 120 }),
    Math.sqrt(55 ** 2 + (120 ** 2 - 55 ** 2) * 0.963 ** 20),
    1e-9,
    "10 matches",
  );
  assert.throws(
    () => priorDeviation(3, { newcomerDeviation: 400 }),
    new RatingError('Cannot map a prior: expected a newcomer deviation from the floor to 350, got "400"'),
  );
  assert.throws(() => priorDeviation(3, { newcomerDeviation: 40 }), RatingError);
});

Deno.test("ratingFromPrior() keeps a player new to the source less certain than an established one, more than nobody", () => {
  const newcomer = ratingFromPrior({ rating: 1500, matchCount: 0 });
  assert.equal(newcomer.rating, 1200);
  assert.equal(newcomer.deviation, 250);
  assert.ok(newcomer.deviation < ratingFromPrior(null).deviation);
  assert.ok(newcomer.deviation > ratingFromPrior({ rating: 1500, matchCount: 40 }).deviation);
});

Deno.test("priorRating() takes the decaying newcomer offset off the imported rating", () => {
  assert.equal(PRIOR_NEWCOMER_OFFSET, 300);
  assert.equal(priorRating(1500, 0), 1200);
  assertClose(priorRating(1500, 30), 1500 - 300 * 0.963 ** 30, 1e-9, "30 matches");
  assertClose(priorRating(2100, 300), 2100, 0.01, "an established player");
  assert.equal(priorRating(1500, 0, { newcomerOffset: 0 }), 1500);
});

Deno.test("ratingFromPrior() maps rating and match count, with the default volatility", () => {
  const start = ratingFromPrior({ rating: 1850, matchCount: 120 });
  assertClose(start.rating, priorRating(1850, 120), 1e-12, "rating");
  assertClose(start.deviation, priorDeviation(120), 1e-12, "deviation");
  assert.equal(start.volatility, 0.06);
});

Deno.test("ratingFromPrior() gives its documented example: 1850 after 120 matches starts at 1846.7 / 55.1", () => {
  const start = ratingFromPrior({ rating: 1850, matchCount: 120 });
  assert.equal(start.rating.toFixed(1), "1846.7");
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
    newcomerDeviation: 300,
  });
  assert.equal(start.rating, 1700);
  assertClose(start.deviation, Math.sqrt(70 ** 2 + (300 ** 2 - 70 ** 2) * 0.5 ** 20), 1e-9, "deviation");
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
