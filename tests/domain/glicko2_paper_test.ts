/**
 * rate() against Glickman's "Example of the Glicko-2 system" (2013 revision,
 * http://www.glicko.net/glicko/glicko2.pdf): the worked example step by step, step 5's Illinois
 * iteration against the paper's f(x), the empty period of step 6, the 350 cap, and numeric robustness.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { GLICKO2_SCALE, type Glicko2Rating, MAX_DEVIATION, rate, rateMatch } from "../../domain/glicko2.ts";
import { assertClose } from "../support/assert_close.ts";

const PAPER_PLAYER: Glicko2Rating = { rating: 1500, deviation: 200, volatility: 0.06 };
const PAPER_RESULTS = [
  { rating: 1400, deviation: 30, score: 1 },
  { rating: 1550, deviation: 100, score: 0 },
  { rating: 1700, deviation: 300, score: 0 },
];

/** A usable rating state: what rate() accepts as input. */
function assertUsable(state: Glicko2Rating, what: string): void {
  assert.ok(Number.isFinite(state.rating), `${what}: rating ${state.rating}`);
  assert.ok(
    state.deviation > 0 && state.deviation <= MAX_DEVIATION,
    `${what}: deviation ${state.deviation}`,
  );
  assert.ok(
    Number.isFinite(state.volatility) && state.volatility > 0,
    `${what}: volatility ${state.volatility}`,
  );
}

/** The paper's steps 3-4 (v, delta) and step 5's f(x), written out independently of domain/glicko2.ts. */
function paperStep5(player: Glicko2Rating, results: typeof PAPER_RESULTS, tau: number) {
  const mu = (player.rating - 1500) / GLICKO2_SCALE;
  const phi = player.deviation / GLICKO2_SCALE;
  let inverseV = 0;
  let sum = 0;
  for (const { rating, deviation, score } of results) {
    const phiJ = deviation / GLICKO2_SCALE;
    const g = 1 / Math.sqrt(1 + 3 * phiJ ** 2 / Math.PI ** 2);
    const e = 1 / (1 + Math.exp(-g * (mu - (rating - 1500) / GLICKO2_SCALE)));
    inverseV += g ** 2 * e * (1 - e);
    sum += g * (score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  const a = Math.log(player.volatility ** 2);
  const f = (x: number) =>
    Math.exp(x) * (delta ** 2 - phi ** 2 - v - Math.exp(x)) / (2 * (phi ** 2 + v + Math.exp(x)) ** 2) -
    (x - a) / tau ** 2;
  return { mu, phi, v, delta, sum, f };
}

Deno.test("rate() reproduces the worked example's intermediate values (glicko2.pdf steps 2-8)", () => {
  const { mu, phi, v, delta } = paperStep5(PAPER_PLAYER, PAPER_RESULTS, 0.5);
  // Step 2, 3 and 4 as printed in the paper: mu = 0, phi = 1.1513, v = 1.7785, delta = -0.4834 (the
  // paper sums rounded g and E values; unrounded, v is 1.77898 and delta -0.48393).
  assertClose(mu, 0, 1e-12, "mu");
  assertClose(phi, 1.1513, 5e-5, "phi");
  assertClose(v, 1.7785, 5e-4, "v");
  assertClose(delta, -0.4834, 1e-3, "delta");
  const after = rate(PAPER_PLAYER, PAPER_RESULTS, { tau: 0.5 });
  // Step 5: sigma' = 0.05999; step 6: phi* = 1.152862; step 7: phi' = 0.8722, mu' = -0.2069.
  assertClose(after.volatility, 0.05999, 1e-5, "sigma'");
  const phiPrime = after.deviation / GLICKO2_SCALE;
  assertClose(phiPrime, 0.8722, 5e-5, "phi'");
  const phiStar = Math.hypot(phi, after.volatility);
  assertClose(phiStar, 1.152862, 1e-5, "phi*");
  assertClose(phiPrime, 1 / Math.sqrt(1 / phiStar ** 2 + 1 / v), 1e-12, "phi' from phi* and v");
  assertClose((after.rating - 1500) / GLICKO2_SCALE, -0.2069, 5e-5, "mu'");
  // Step 8: r' = 1464.06 and RD' = 151.52 in the paper (which converts the rounded mu').
  assertClose(after.rating, 1464.06, 0.01, "r'");
  assertClose(after.deviation, 151.52, 0.005, "RD'");
});

Deno.test("rate() finds step 5's root: f changes sign within the tolerance around ln(sigma'^2)", () => {
  // The worked example: the paper's f has its root at ln(0.05999^2) to within epsilon = 1e-6.
  const example = paperStep5(PAPER_PLAYER, PAPER_RESULTS, 0.5);
  const x = 2 * Math.log(rate(PAPER_PLAYER, PAPER_RESULTS, { tau: 0.5 }).volatility);
  assert.ok(example.f(x - 1e-6) > 0 && example.f(x + 1e-6) < 0, "a sign change around the result");
  fc.assert(
    fc.property(
      fc.record({
        rating: fc.double({ min: 0, max: 3500, noNaN: true }),
        deviation: fc.double({ min: 1, max: 350, noNaN: true }),
        volatility: fc.double({ min: 0.001, max: 0.5, noNaN: true }),
      }),
      fc.array(
        fc.record({
          rating: fc.double({ min: 0, max: 3500, noNaN: true }),
          deviation: fc.double({ min: 1, max: 350, noNaN: true }),
          score: fc.constantFrom(0, 0.5, 1),
        }),
        { minLength: 1, maxLength: 30 },
      ),
      fc.double({ min: 0.2, max: 1.5, noNaN: true }),
      (player, results, tau) => {
        const { f } = paperStep5(player, results, tau);
        const root = 2 * Math.log(rate(player, results, { tau }).volatility);
        const below = f(root - 2e-6);
        const above = f(root + 2e-6);
        assert.ok(below * above <= 0 || Math.abs(f(root)) < 1e-9, `f ${below} .. ${above} around ${root}`);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("rate() of an empty period keeps rating and volatility and grows phi to sqrt(phi^2 + sigma^2), at most 350", () => {
  fc.assert(
    fc.property(
      fc.record({
        rating: fc.double({ min: -5000, max: 10000, noNaN: true }),
        deviation: fc.double({ min: 1e-3, max: 1000, noNaN: true }),
        volatility: fc.double({ min: 1e-4, max: 2, noNaN: true }),
      }),
      (player) => {
        const after = rate(player, []);
        assert.equal(after.rating, player.rating);
        assert.equal(after.volatility, player.volatility);
        const phiStar = Math.hypot(player.deviation, player.volatility * GLICKO2_SCALE);
        assertClose(after.deviation, Math.min(phiStar, MAX_DEVIATION), 1e-9, "deviation");
      },
    ),
  );
});

Deno.test("rate() never returns a deviation above 350, even from a deviation above it", () => {
  assert.equal(rate({ rating: 1500, deviation: 900, volatility: 0.06 }, []).deviation, 350);
  // An opponent so far away that the result says almost nothing: phi' is about phi*, above 350 uncapped.
  const far = rate({ rating: 1500, deviation: 350, volatility: 0.06 }, [{
    rating: 4000,
    deviation: 350,
    score: 0,
  }]);
  assert.equal(far.deviation, 350);
});

Deno.test("rate() keeps a volatility beyond 1e-162 or 1e154 usable instead of returning 0 or Infinity", () => {
  // ln(sigma^2) under- or overflows there; sigma' came back as 0 or Infinity, which rate() itself rejects.
  for (const volatility of [1e-170, Number.MIN_VALUE, 1e160, Number.MAX_VALUE]) {
    const after = rate({ rating: 1500, deviation: 200, volatility }, [{
      rating: 1500,
      deviation: 50,
      score: 1,
    }]);
    assertUsable(after, `volatility ${volatility}`);
    assertUsable(rate(after, PAPER_RESULTS), `again from volatility ${volatility}`);
  }
});

Deno.test("rate() accepts deviations far below 1 and stays finite", () => {
  for (const deviation of [0.5, 1e-10, 1e-200, Number.MIN_VALUE]) {
    assertUsable(rate({ rating: 1500, deviation, volatility: 0.06 }, PAPER_RESULTS), `player ${deviation}`);
    const against = rate(PAPER_PLAYER, [{ rating: 1400, deviation, score: 1 }]);
    assertUsable(against, `opponent ${deviation}`);
  }
});

Deno.test("rate() keeps the deviation positive when deviation and volatility are both tiny", () => {
  // phi^2 + sigma^2 underflowed to 0: a deviation of 0, which rate() itself rejects.
  const player = { rating: 1500, deviation: 1e-200, volatility: 1e-200 };
  assertUsable(rate(player, []), "empty period");
  assertUsable(rate(player, PAPER_RESULTS), "a period with games");
  assertUsable(rateMatch(player, PAPER_PLAYER, true).home, "rateMatch()");
});

Deno.test("rate() over many games in one period stays finite and shrinks the deviation", () => {
  const results = Array.from({ length: 10_000 }, (_, i) => ({
    rating: 1300 + (i % 9) * 50,
    deviation: 40,
    score: i % 3 === 0 ? 0 : 1,
  }));
  const after = rate({ rating: 1500, deviation: 350, volatility: 0.06 }, results);
  assertUsable(after, "10,000 games");
  assert.ok(after.deviation < 10, `deviation ${after.deviation}`);
});

Deno.test("rate() and rateMatch() never produce NaN, Infinity, 0 or a deviation above 350 from usable inputs", () => {
  const state = fc.record({
    rating: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    deviation: fc.oneof(
      fc.double({ min: 1e-300, max: 1e-3, noNaN: true }),
      fc.double({ min: 1e-3, max: 2000, noNaN: true }),
    ),
    volatility: fc.oneof(
      fc.double({ min: Number.MIN_VALUE, max: 1e-100, noNaN: true }),
      fc.double({ min: 1e-100, max: 10, noNaN: true }),
      fc.double({ min: 10, max: Number.MAX_VALUE, noNaN: true }),
    ),
  });
  fc.assert(
    fc.property(
      state,
      fc.array(fc.record({ opponent: state, score: fc.constantFrom(0, 0.5, 1) }), { maxLength: 40 }),
      fc.constantFrom(1, 3, 5, 7, 9),
      fc.double({ min: 0.01, max: 10, noNaN: true }),
      (player, games, bestOf, tau) => {
        const results = games.map(({ opponent, score }) => ({ ...opponent, score }));
        const after = rate(player, results, { bestOf, tau });
        assertUsable(after, "rate()");
        assertUsable(rate(after, results, { bestOf, tau }), "rate() again from its own output");
        const opponent = games[0]?.opponent ?? player;
        const both = rateMatch(player, opponent, true, { bestOf, tau });
        assertUsable(both.home, "rateMatch() home");
        assertUsable(both.away, "rateMatch() away");
      },
    ),
    { numRuns: 500 },
  );
});
