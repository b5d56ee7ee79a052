import assert from "node:assert/strict";
import fc from "fast-check";
import {
  DEFAULT_DEVIATION,
  DEFAULT_RATING,
  DEFAULT_TAU,
  DEFAULT_VOLATILITY,
  defaultRating,
  DEVIATION_GROWTH_PER_DAY,
  GLICKO2_SCALE,
  type Glicko2Rating,
  inflateDeviation,
  MAX_DEVIATION,
  rate,
  rateMatch,
  RatingError,
} from "../../domain/glicko2.ts";
import { assertClose } from "../support/assert_close.ts";

const arbitraryRating = fc.record({
  rating: fc.double({ min: 800, max: 2800, noNaN: true }),
  deviation: fc.double({ min: 30, max: 350, noNaN: true }),
  volatility: fc.double({ min: 0.03, max: 0.1, noNaN: true }),
});

Deno.test("constants are Glickman's defaults and the documented choices", () => {
  assert.equal(DEFAULT_RATING, 1500);
  assert.equal(DEFAULT_DEVIATION, 350);
  assert.equal(DEFAULT_VOLATILITY, 0.06);
  assert.equal(MAX_DEVIATION, 350);
  assert.equal(DEFAULT_TAU, 0.5);
  assert.equal(DEVIATION_GROWTH_PER_DAY, 8);
  assertClose(GLICKO2_SCALE, 173.7178, 1e-4, "scale");
  assert.deepEqual(defaultRating(), { rating: 1500, deviation: 350, volatility: 0.06 });
});

Deno.test("rate() reproduces Glickman's worked example", () => {
  const after = rate({ rating: 1500, deviation: 200, volatility: 0.06 }, [
    { rating: 1400, deviation: 30, score: 1 },
    { rating: 1550, deviation: 100, score: 0 },
    { rating: 1700, deviation: 300, score: 0 },
  ], { tau: 0.5 });
  // The paper rounds mu' to -0.2069 before converting (1464.06); exact arithmetic gives 1464.0507.
  assertClose(after.rating, 1464.06, 0.01, "rating");
  assert.equal(after.deviation.toFixed(2), "151.52");
  // The paper prints 0.05999 (truncated); exact arithmetic gives 0.0599960.
  assertClose(after.volatility, 0.05999, 1e-5, "volatility");
});

Deno.test("rate() without results only grows the deviation by the volatility", () => {
  const player = { rating: 1720, deviation: 200, volatility: 0.06 };
  const after = rate(player, []);
  assert.equal(after.rating, 1720);
  assert.equal(after.volatility, 0.06);
  assertClose(after.deviation, Math.hypot(200, 0.06 * GLICKO2_SCALE), 1e-9, "deviation");
});

Deno.test("rate() without results never grows the deviation beyond 350", () => {
  assert.equal(rate({ rating: 1500, deviation: 349.9, volatility: 0.06 }, []).deviation, 350);
});

Deno.test("rate() leaves equal players' ratings unchanged by a draw", () => {
  const after = rate({ rating: 1600, deviation: 80, volatility: 0.06 }, [{
    rating: 1600,
    deviation: 80,
    score: 0.5,
  }]);
  assertClose(after.rating, 1600, 1e-9, "rating");
  assert.ok(after.deviation < 80);
});

Deno.test("rate() moves a winner up and a loser down, never past 350 deviation", () => {
  fc.assert(
    fc.property(arbitraryRating, arbitraryRating, (player, opponent) => {
      const won = rate(player, [{ rating: opponent.rating, deviation: opponent.deviation, score: 1 }]);
      const lost = rate(player, [{ rating: opponent.rating, deviation: opponent.deviation, score: 0 }]);
      assert.ok(won.rating > player.rating);
      assert.ok(lost.rating < player.rating);
      assert.ok(won.deviation <= MAX_DEVIATION && lost.deviation <= MAX_DEVIATION);
    }),
  );
});

Deno.test("rate() rejects a score outside 0 to 1, a bad deviation and an even format", () => {
  const player = defaultRating();
  assert.throws(
    () => rate(player, [{ rating: 1500, deviation: 100, score: 2 }]),
    new RatingError('Cannot rate "results[0]": expected a score from 0 to 1, got "2"'),
  );
  assert.throws(
    () => rate({ ...player, deviation: 0 }, []),
    new RatingError('Cannot rate "player": expected a positive deviation, got "0"'),
  );
  assert.throws(
    () => rate(player, [], { bestOf: 4 }),
    new RatingError('Cannot rate a player: expected an odd number of games, got "4"'),
  );
  assert.throws(() => rate(player, [], { tau: 0 }), RatingError);
});

Deno.test("rateMatch() rates both sides from their pre-match values", () => {
  const home = { rating: 1820, deviation: 70, volatility: 0.06 };
  const away = { rating: 1650, deviation: 120, volatility: 0.059 };
  const { home: h, away: a } = rateMatch(home, away, false);
  assert.deepEqual(h, rate(home, [{ rating: 1650, deviation: 120, score: 0 }]));
  assert.deepEqual(a, rate(away, [{ rating: 1820, deviation: 70, score: 1 }]));
});

Deno.test("rateMatch() of a home win mirrors the away win with sides swapped", () => {
  fc.assert(
    fc.property(arbitraryRating, arbitraryRating, fc.boolean(), (home, away, homeWon) => {
      const forward = rateMatch(home, away, homeWon);
      const mirrored = rateMatch(away, home, !homeWon);
      assert.deepEqual(forward.home, mirrored.away);
      assert.deepEqual(forward.away, mirrored.home);
    }),
  );
});

Deno.test("rateMatch() between equal players moves them by the same amount in opposite directions", () => {
  const { home, away } = rateMatch(defaultRating(), defaultRating(), true);
  assertClose(home.rating - 1500, 1500 - away.rating, 1e-9, "gain vs loss");
  assert.equal(home.deviation, away.deviation);
  assertClose(home.rating, 1662.31, 0.01, "home rating");
});

Deno.test("rateMatch() weighs a best of 3 less and a best of 7 more than the reference best of 5", () => {
  const player: Glicko2Rating = { rating: 1600, deviation: 120, volatility: 0.06 };
  const gain = (bestOf?: number) => rateMatch(player, player, true, { bestOf }).home.rating - 1600;
  assert.equal(gain(5), gain(undefined));
  assert.ok(gain(3) < gain(5), `best of 3 gain ${gain(3)} vs best of 5 ${gain(5)}`);
  assert.ok(gain(5) < gain(7), `best of 7 gain ${gain(7)} vs best of 5 ${gain(5)}`);
  // Less information, less certainty: the deviation shrinks least after a best of 3.
  const deviation = (bestOf: number) => rateMatch(player, player, true, { bestOf }).home.deviation;
  assert.ok(deviation(3) > deviation(5) && deviation(5) > deviation(7));
});

Deno.test("rateMatch() in any format keeps the mirror symmetry and sane values", () => {
  fc.assert(
    fc.property(arbitraryRating, arbitraryRating, fc.constantFrom(1, 3, 7, 9), (home, away, bestOf) => {
      const forward = rateMatch(home, away, true, { bestOf });
      const mirrored = rateMatch(away, home, false, { bestOf });
      assert.deepEqual(forward.home, mirrored.away);
      assert.ok(forward.home.rating >= home.rating && forward.away.rating <= away.rating);
      assert.ok(Number.isFinite(forward.home.deviation) && forward.home.deviation <= MAX_DEVIATION);
    }),
  );
});

Deno.test("inflateDeviation() grows the deviation by 8 points per sqrt(day), capped at 350", () => {
  const player = { rating: 1800, deviation: 55, volatility: 0.06 };
  assertClose(inflateDeviation(player, 365).deviation, Math.sqrt(55 * 55 + 365 * 64), 1e-9, "one year");
  assert.deepEqual(inflateDeviation(player, 0), player);
  assert.equal(inflateDeviation(player, 5000).deviation, 350);
  assert.equal(inflateDeviation(player, 365).rating, 1800);
  assert.equal(inflateDeviation(player, 10, 0).deviation, 55);
});

Deno.test("inflateDeviation() over two spans equals one span of their sum", () => {
  fc.assert(
    fc.property(arbitraryRating, fc.nat(400), fc.nat(400), (player, first, second) => {
      const twice = inflateDeviation(inflateDeviation(player, first), second).deviation;
      const once = inflateDeviation(player, first + second).deviation;
      assertClose(twice, once, 1e-9, "deviation");
    }),
  );
});

Deno.test("inflateDeviation() rejects negative days", () => {
  assert.throws(
    () => inflateDeviation(defaultRating(), -1),
    new RatingError('Cannot inflate a deviation: expected a non-negative number of days, got "-1"'),
  );
});
