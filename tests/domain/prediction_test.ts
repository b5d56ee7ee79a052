import assert from "node:assert/strict";
import fc from "fast-check";
import {
  bestOfWinProbability,
  bestOfWinProbabilityDerivative,
  confidenceLabel,
  gameWinProbability,
  HIGH_CONFIDENCE_MAX_WIDTH,
  MAX_DEVIATION_FOR_PREDICTION,
  MEDIUM_CONFIDENCE_MAX_WIDTH,
  MIN_MATCHES_FOR_PREDICTION,
  PredictionError,
  type PredictionSide,
  predictMatch,
  teamRating,
  winCurve,
} from "../../domain/prediction.ts";
import { assertClose } from "../support/assert_close.ts";

const side = (rating: number, deviation = 60, matchCount = 50): PredictionSide => ({
  rating,
  deviation,
  matchCount,
});

const arbitrarySide = fc.record({
  rating: fc.double({ min: 600, max: 3000, noNaN: true }),
  deviation: fc.double({ min: 0, max: 350, noNaN: true }),
  matchCount: fc.nat(500),
});
const arbitraryBestOf = fc.constantFrom(1, 3, 5, 7);

/** E[winCurve(D)] by composite Simpson over +-10 sd: an independent check of the quadrature. */
function simpson(mean: number, sd: number, bestOf: number): number {
  const steps = 4000;
  const h = 20 / steps;
  let total = 0;
  for (let i = 0; i <= steps; i++) {
    const z = -10 + i * h;
    const weight = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
    total += weight * winCurve(mean + sd * z, bestOf) * Math.exp(-z * z / 2);
  }
  return (total * h) / 3 / Math.sqrt(2 * Math.PI);
}

Deno.test("bestOfWinProbability() matches hand-computed values", () => {
  assertClose(bestOfWinProbability(0.6, 5), 0.68256, 1e-12, "best of 5");
  assertClose(bestOfWinProbability(0.6, 3), 0.648, 1e-12, "best of 3");
  assertClose(bestOfWinProbability(0.6, 7), 0.710208, 1e-12, "best of 7");
  assert.equal(bestOfWinProbability(0.37, 1), 0.37);
  assert.equal(bestOfWinProbability(0, 5), 0);
  assert.equal(bestOfWinProbability(1, 5), 1);
  assertClose(bestOfWinProbability(0.5, 9), 0.5, 1e-15, "a coin stays a coin");
});

Deno.test("bestOfWinProbability() is symmetric and grows with the number of games for a favourite", () => {
  fc.assert(
    fc.property(fc.double({ min: 0.5, max: 1, noNaN: true }), (p) => {
      assertClose(bestOfWinProbability(1 - p, 5), 1 - bestOfWinProbability(p, 5), 1e-12, "mirror");
      assert.ok(bestOfWinProbability(p, 3) <= bestOfWinProbability(p, 5) + 1e-15);
      assert.ok(bestOfWinProbability(p, 5) <= bestOfWinProbability(p, 7) + 1e-15);
    }),
  );
});

Deno.test("bestOfWinProbability() rejects an even format and a probability outside 0 to 1", () => {
  assert.throws(
    () => bestOfWinProbability(0.5, 4),
    new PredictionError('Cannot predict a match: expected an odd number of games, got "4"'),
  );
  assert.throws(
    () => bestOfWinProbability(1.2, 5),
    new PredictionError('Cannot compute a match probability: expected pGame from 0 to 1, got "1.2"'),
  );
});

Deno.test("bestOfWinProbabilityDerivative() is the slope of bestOfWinProbability()", () => {
  assert.equal(bestOfWinProbabilityDerivative(0.5, 3), 1.5);
  assert.equal(bestOfWinProbabilityDerivative(0.5, 5), 1.875);
  assert.equal(bestOfWinProbabilityDerivative(0.5, 7), 2.1875);
  assert.equal(bestOfWinProbabilityDerivative(0.3, 1), 1);
  fc.assert(
    fc.property(fc.double({ min: 0.01, max: 0.99, noNaN: true }), arbitraryBestOf, (p, bestOf) => {
      const h = 1e-6;
      const numeric = (bestOfWinProbability(p + h, bestOf) - bestOfWinProbability(p - h, bestOf)) / (2 * h);
      assertClose(bestOfWinProbabilityDerivative(p, bestOf), numeric, 1e-6, "slope");
    }),
  );
});

Deno.test("gameWinProbability() inverts bestOfWinProbability()", () => {
  assertClose(gameWinProbability(1e-30, 5), Math.cbrt(1e-30 / 10), 1e-20, "a near-certain loss");
  assertClose(gameWinProbability(0.68256, 5), 0.6, 1e-12, "hand value");
  fc.assert(
    fc.property(fc.double({ min: 0, max: 1, noNaN: true }), arbitraryBestOf, (p, bestOf) => {
      assertClose(bestOfWinProbability(gameWinProbability(p, bestOf), bestOf), p, 1e-12, "round trip");
    }),
  );
});

Deno.test("winCurve() is the 400-point logistic for best of 5 and goes through the game probability otherwise", () => {
  assertClose(winCurve(200, 5), 1 / (1 + Math.pow(10, -0.5)), 1e-15, "best of 5");
  assertClose(
    winCurve(200, 7),
    bestOfWinProbability(gameWinProbability(winCurve(200, 5), 5), 7),
    1e-12,
    "best of 7",
  );
  for (const bestOf of [1, 3, 5, 7]) {
    assertClose(winCurve(0, bestOf), 0.5, 1e-12, `even match, best of ${bestOf}`);
  }
});

Deno.test("predictMatch() with no uncertainty is the win curve with a zero-width interval", () => {
  const prediction = predictMatch(side(1700, 0), side(1500, 0), 5);
  assertClose(prediction.pHome, winCurve(200, 5), 1e-12, "pHome");
  assert.equal(prediction.ciLow, prediction.pHome);
  assert.equal(prediction.ciHigh, prediction.pHome);
});

Deno.test("predictMatch() integrates the rating uncertainty like an independent quadrature", () => {
  const cases: [number, number, number][] = [[200, 85, 5], [0, 495, 5], [300, 495, 7], [-150, 140, 3], [
    900,
    300,
    1,
  ]];
  for (const [difference, sd, bestOf] of cases) {
    const prediction = predictMatch(
      side(1500 + difference, sd / Math.SQRT2),
      side(1500, sd / Math.SQRT2),
      bestOf,
    );
    assertClose(
      prediction.pHome,
      simpson(difference, sd, bestOf),
      1e-6,
      `d=${difference} sd=${sd} bo${bestOf}`,
    );
  }
  // The documented example: 1700/60 against 1500/60 in a best of 5.
  const example = predictMatch(side(1700, 60, 80), side(1500, 60, 40), 5);
  assert.equal(example.pHome.toFixed(3), "0.749");
  assert.equal(example.ciLow.toFixed(3), "0.586");
  assert.equal(example.ciHigh.toFixed(3), "0.876");
  assert.equal(example.confidenceLabel, "medium");
});

Deno.test("predictMatch() keeps pHome inside [ciLow, ciHigh] inside [0, 1]", () => {
  fc.assert(
    fc.property(arbitrarySide, arbitrarySide, arbitraryBestOf, (home, away, bestOf) => {
      const { pHome, ciLow, ciHigh } = predictMatch(home, away, bestOf);
      assert.ok(
        0 <= ciLow && ciLow <= pHome && pHome <= ciHigh && ciHigh <= 1,
        `${ciLow} ${pHome} ${ciHigh}`,
      );
    }),
  );
});

Deno.test("predictMatch() keeps pHome inside [ciLow, ciHigh] inside [0, 1] for extreme ratings and deviations", () => {
  const extremeSide = fc.record({
    rating: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    deviation: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e4, noNaN: true })),
    matchCount: fc.nat(1000),
  });
  fc.assert(
    fc.property(extremeSide, extremeSide, fc.constantFrom(1, 3, 5, 7, 9), (home, away, bestOf) => {
      const { pHome, ciLow, ciHigh } = predictMatch(home, away, bestOf);
      assert.ok(
        0 <= ciLow && ciLow <= pHome && pHome <= ciHigh && ciHigh <= 1,
        `${ciLow} ${pHome} ${ciHigh}`,
      );
    }),
  );
});

Deno.test("predictMatch() stays within 0.021 of Glickman's expected score with both deviations in a best of 5", () => {
  // Glickman's closed form 1 / (1 + 10^(-g(RD) d / 400)), RD = sqrt(RD_h^2 + RD_a^2), g on the internal
  // scale, approximates the expectation predictMatch() integrates: equal without uncertainty, close with it.
  const scale = 400 / Math.LN10;
  const glickman = (d: number, rd: number) =>
    1 / (1 + Math.pow(10, -d / Math.sqrt(1 + (3 * (rd / scale) ** 2) / Math.PI ** 2) / 400));
  let worst = 0;
  let worstLabelled = 0;
  for (let d = 0; d <= 2000; d += 25) {
    assertClose(
      predictMatch(side(1500 + d, 0), side(1500, 0), 5).pHome,
      glickman(d, 0),
      1e-12,
      `d=${d}, RD 0`,
    );
    for (let home = 0; home <= 350; home += 25) {
      for (let away = 0; away <= 350; away += 25) {
        const gap = Math.abs(
          predictMatch(side(1500 + d, home), side(1500, away), 5).pHome - glickman(d, Math.hypot(home, away)),
        );
        worst = Math.max(worst, gap);
        if (home <= 150 && away <= 150) worstLabelled = Math.max(worstLabelled, gap);
      }
    }
  }
  assert.ok(worst <= 0.021, `largest gap ${worst}`);
  assert.ok(worstLabelled <= 0.013, `largest gap with both deviations at most 150: ${worstLabelled}`);
});

Deno.test("predictMatch() gives 1 - pHome and the mirrored interval when the sides swap", () => {
  fc.assert(
    fc.property(arbitrarySide, arbitrarySide, arbitraryBestOf, (home, away, bestOf) => {
      const forward = predictMatch(home, away, bestOf);
      const swapped = predictMatch(away, home, bestOf);
      assertClose(swapped.pHome, 1 - forward.pHome, 1e-9, "pHome");
      assertClose(swapped.ciLow, 1 - forward.ciHigh, 1e-9, "ciLow");
      assertClose(swapped.ciHigh, 1 - forward.ciLow, 1e-9, "ciHigh");
      assert.equal(swapped.confidenceLabel, forward.confidenceLabel);
    }),
  );
});

Deno.test("predictMatch() is monotone in the rating difference", () => {
  fc.assert(
    fc.property(
      arbitrarySide,
      arbitrarySide,
      fc.double({ min: 0, max: 800, noNaN: true }),
      arbitraryBestOf,
      (home, away, raise, bestOf) => {
        const before = predictMatch(home, away, bestOf);
        const after = predictMatch({ ...home, rating: home.rating + raise }, away, bestOf);
        assert.ok(after.pHome >= before.pHome - 1e-12, `${before.pHome} -> ${after.pHome}`);
        assert.ok(after.ciLow >= before.ciLow - 1e-12 && after.ciHigh >= before.ciHigh - 1e-12);
      },
    ),
  );
});

Deno.test("predictMatch() is more decisive in a best of 7 than in a best of 3 for the same favourite", () => {
  fc.assert(
    fc.property(
      fc.double({ min: 0, max: 1000, noNaN: true }),
      fc.double({ min: 0, max: 350, noNaN: true }),
      fc.double({ min: 0, max: 350, noNaN: true }),
      (difference, homeDeviation, awayDeviation) => {
        const home = side(1500 + difference, homeDeviation);
        const away = side(1500, awayDeviation);
        const three = predictMatch(home, away, 3).pHome;
        const five = predictMatch(home, away, 5).pHome;
        const seven = predictMatch(home, away, 7).pHome;
        assert.ok(three <= five + 1e-9 && five <= seven + 1e-9, `${three} ${five} ${seven}`);
        assert.ok(three >= 0.5 - 1e-9);
      },
    ),
  );
});

Deno.test("predictMatch() pulls the point estimate towards 1/2 as the deviations grow", () => {
  fc.assert(
    fc.property(
      fc.double({ min: 0, max: 1000, noNaN: true }),
      fc.double({ min: 0, max: 300, noNaN: true }),
      fc.double({ min: 0, max: 50, noNaN: true }),
      (difference, deviation, extra) => {
        const narrow = predictMatch(side(1500 + difference, deviation), side(1500, deviation), 5).pHome;
        const wide =
          predictMatch(side(1500 + difference, deviation + extra), side(1500, deviation + extra), 5).pHome;
        assert.ok(wide <= narrow + 1e-9 && narrow <= winCurve(difference, 5) + 1e-9);
      },
    ),
  );
});

Deno.test("predictMatch() rejects a negative deviation and an even format", () => {
  assert.throws(
    () => predictMatch(side(1500, -1), side(1500), 5),
    new PredictionError('Cannot predict a match: expected a non-negative "home.deviation", got "-1"'),
  );
  assert.throws(() => predictMatch(side(1500), side(1500), 2), PredictionError);
});

Deno.test("confidenceLabel() is insufficient below 5 matches or above deviation 150", () => {
  assert.equal(MIN_MATCHES_FOR_PREDICTION, 5);
  assert.equal(MAX_DEVIATION_FOR_PREDICTION, 150);
  assert.equal(confidenceLabel(side(1500, 60, 4), side(1500, 60, 50), 0.1), "insufficient");
  assert.equal(confidenceLabel(side(1500, 60, 50), side(1500, 60, 4), 0.1), "insufficient");
  assert.equal(confidenceLabel(side(1500, 60, 5), side(1500, 60, 5), 0.1), "high");
  assert.equal(confidenceLabel(side(1500, 150, 50), side(1500, 60, 50), 0.1), "high");
  assert.equal(confidenceLabel(side(1500, 150.01, 50), side(1500, 60, 50), 0.1), "insufficient");
});

Deno.test("confidenceLabel() grades by interval width: high to 0.25, medium to 0.45, low beyond", () => {
  assert.equal(HIGH_CONFIDENCE_MAX_WIDTH, 0.25);
  assert.equal(MEDIUM_CONFIDENCE_MAX_WIDTH, 0.45);
  const a = side(1600);
  const b = side(1500);
  assert.equal(confidenceLabel(a, b, 0.25), "high");
  assert.equal(confidenceLabel(a, b, 0.2501), "medium");
  assert.equal(confidenceLabel(a, b, 0.45), "medium");
  assert.equal(confidenceLabel(a, b, 0.4501), "low");
});

Deno.test("predictMatch() labels by its own interval width", () => {
  // Two established players, a clear favourite: narrow interval.
  assert.equal(predictMatch(side(2000, 55), side(1600, 55), 5).confidenceLabel, "high");
  // Two established players, an even match: the latent probability is least certain at 1/2.
  assert.equal(predictMatch(side(1800, 55), side(1800, 55), 5).confidenceLabel, "medium");
  assert.equal(predictMatch(side(1800, 120), side(1800, 90), 5).confidenceLabel, "low");
  assert.equal(predictMatch(side(1800, 200), side(1800, 55), 5).confidenceLabel, "insufficient");
});

Deno.test("teamRating() averages the ratings, takes the root mean square deviation and the smaller count", () => {
  const pair = teamRating(side(1800, 60, 90), side(1600, 80, 12));
  assert.equal(pair.rating, 1700);
  assertClose(pair.deviation, Math.sqrt((60 * 60 + 80 * 80) / 2), 1e-12, "deviation");
  assert.equal(pair.matchCount, 12);
  const doubles = predictMatch(pair, teamRating(side(1650, 70, 40), side(1550, 70, 40)), 5);
  assertClose(
    doubles.pHome,
    predictMatch(pair, side(1600, 70, 40), 5).pHome,
    1e-12,
    "same as one side of 1600",
  );
});
