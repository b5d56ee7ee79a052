import assert from "node:assert/strict";
import fc from "fast-check";
import { type MatchPrediction, PredictionError } from "../../domain/prediction.ts";
import {
  liveTieProbabilities,
  predictTie,
  tieOutcome,
  type TieSide,
  tieWinProbability,
} from "../../domain/tie_probability.ts";

function near(actual: number, expected: number, tolerance = 1e-12): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not ${expected}`);
}

const five = (p: number) => [p, p, p, p, p];

Deno.test("known values: a fair best of five is even, a certain one certain", () => {
  near(tieWinProbability(five(0.5), 0, 0, 3), 0.5);
  near(tieWinProbability(five(1), 0, 0, 3), 1);
  near(tieWinProbability(five(0), 0, 0, 3), 0);
  // Swaythling Cup: best of nine, first to five.
  near(tieWinProbability(Array(9).fill(0.5), 0, 0, 5), 0.5);
});

Deno.test("known values: first to three with p = 0.6 in every match, by hand", () => {
  // P(Binomial(5, 0.6) >= 3) = 10 * 0.6^3 * 0.4^2 + 5 * 0.6^4 * 0.4 + 0.6^5 = 0.3456 + 0.2592 + 0.07776.
  near(tieWinProbability(five(0.6), 0, 0, 3), 0.68256);
  // 3-0 in three matches 0.216, 3-1 in four 3 * 0.6^3 * 0.4 = 0.2592, 3-2 in five 6 * 0.6^3 * 0.4^2 = 0.20736.
  near(0.216 + 0.2592 + 0.20736, 0.68256);
  // Home leads 1-0: 2 of the 4 left before away's 3 = 1 - 0.4^4 - 4 * 0.6 * 0.4^3 = 0.8208.
  near(tieWinProbability(five(0.6).slice(1), 1, 0, 3), 0.8208);
  near(tieWinProbability([], 3, 1, 3), 1);
  near(tieWinProbability([0.9], 1, 3, 3), 0);
});

Deno.test("known values: different probabilities per match, and matches after the decision do not count", () => {
  // First to two of three: p1 p2 + p1 (1 - p2) p3 + (1 - p1) p2 p3.
  const [p1, p2, p3] = [0.9, 0.2, 0.7];
  near(tieWinProbability([p1, p2, p3], 0, 0, 2), p1 * p2 + p1 * (1 - p2) * p3 + (1 - p1) * p2 * p3);
  // Two wins needed and home has them after two: a third match of any probability changes nothing.
  near(tieWinProbability([1, 1, 0], 0, 0, 2), 1);
});

Deno.test("a format that can end level gives the rest to undecided", () => {
  const two = tieOutcome([0.5, 0.5], 0, 0, 2);
  near(two.home, 0.25);
  near(two.away, 0.25);
  near(two.undecided, 0.5);
  const full = tieOutcome(five(0.3), 0, 0, 3);
  near(full.home + full.away, 1);
  near(full.undecided, 0);
});

Deno.test("live probabilities after each match", () => {
  const live = liveTieProbabilities(five(0.6), ["home", "away", "home", "home"], 3);
  [0.68256, 0.8208, 0.648, 0.84, 1].forEach((expected, i) => near(live[i]!, expected));
  assert.deepEqual(liveTieProbabilities(five(0.6), ["away", "away", "away"], 3).at(-1), 0);
});

const match = (pHome: number, ciLow: number, ciHigh: number, label = "high"): MatchPrediction => ({
  pHome,
  ciLow,
  ciHigh,
  confidenceLabel: label as MatchPrediction["confidenceLabel"],
});

Deno.test("a pre-tie prediction: both ends of every match's interval at once, labelled by its width", () => {
  const m = match(0.6, 0.5, 0.7);
  const tie = predictTie([m, m, m, m, m], 3);
  near(tie.pHome, 0.68256);
  near(tie.ciLow, 0.5);
  // P(Binomial(5, 0.7) >= 3) = 0.3087 + 0.36015 + 0.16807.
  near(tie.ciHigh, 0.83692);
  assert.equal(tie.confidenceLabel, "medium");
  const narrow = match(0.8, 0.78, 0.82);
  assert.equal(predictTie([narrow, narrow, narrow, narrow, narrow], 3).confidenceLabel, "high");
  const wide = match(0.5, 0.2, 0.8);
  assert.equal(predictTie([wide, wide, wide, wide, wide], 3).confidenceLabel, "low");
});

Deno.test("a tie whose unrated matches could decide it alone is insufficient", () => {
  const rated = match(0.6, 0.55, 0.65);
  const unrated = match(0.6, 0.3, 0.9, "insufficient");
  // Two unrated matches cannot give either side its three wins: labelled by the (wide) interval.
  assert.equal(predictTie([rated, rated, unrated, unrated, rated], 3).confidenceLabel, "low");
  assert.equal(predictTie([rated, unrated, unrated, unrated, rated], 3).confidenceLabel, "insufficient");
  // Live, home one win from the tie: one unrated match left could decide it.
  assert.equal(
    predictTie([rated, rated, unrated, rated, rated], 3, ["home", "home"]).confidenceLabel,
    "insufficient",
  );
});

Deno.test("a decided tie is certain; bad input is a PredictionError", () => {
  const m = match(0.3, 0.2, 0.4);
  assert.deepEqual(predictTie([m, m, m, m, m], 3, ["home", "home", "home"]), {
    pHome: 1,
    ciLow: 1,
    ciHigh: 1,
    confidenceLabel: "high",
  });
  assert.throws(() => tieWinProbability([1.5], 0, 0, 3), PredictionError);
  assert.throws(() => tieWinProbability([0.5], 0, 0, 0), PredictionError);
  assert.throws(() => tieWinProbability([0.5], 3, 3, 3), PredictionError);
  assert.throws(() => tieWinProbability([0.5], -1, 0, 3), PredictionError);
  assert.throws(() => predictTie([m], 3, ["home", "away"]), PredictionError);
  assert.throws(() => liveTieProbabilities([0.5], ["home", "away"], 3), PredictionError);
});

// ---------------------------------------------------------------------------------------------------
// Properties.

const probability = fc.double({ min: 0, max: 1, noNaN: true });
const tieArb = fc.integer({ min: 1, max: 5 }).chain((winsNeeded) =>
  fc.record({
    winsNeeded: fc.constant(winsNeeded),
    ps: fc.array(probability, { minLength: 2 * winsNeeded - 1, maxLength: 2 * winsNeeded - 1 }),
    index: fc.nat(),
    bump: probability,
  })
);

Deno.test("property: the tie probability never falls when a match probability rises", () => {
  fc.assert(fc.property(tieArb, ({ winsNeeded, ps, index, bump }) => {
    const i = index % ps.length;
    const higher = ps.map((p, j) => j === i ? Math.max(p, bump) : p);
    assert.ok(tieWinProbability(higher, 0, 0, winsNeeded) >= tieWinProbability(ps, 0, 0, winsNeeded) - 1e-12);
  }));
});

Deno.test("property: a win more never lowers the probability; outcomes sum to 1; order of play does not matter when all could be played", () => {
  fc.assert(fc.property(tieArb, fc.nat(), ({ winsNeeded, ps }, seed) => {
    const outcome = tieOutcome(ps, 0, 0, winsNeeded);
    near(outcome.home + outcome.away + outcome.undecided, 1, 1e-9);
    // 2k - 1 matches: one side always reaches k, and who wins is the binomial count, whatever the order.
    near(outcome.undecided, 0, 1e-9);
    const reversed = [...ps].reverse();
    const rotated = ps.map((_, j) => ps[(j + seed) % ps.length]!);
    near(tieWinProbability(reversed, 0, 0, winsNeeded), outcome.home, 1e-9);
    near(tieWinProbability(rotated, 0, 0, winsNeeded), outcome.home, 1e-9);
    for (let h = 0; h < winsNeeded; h++) {
      for (let a = 0; a < winsNeeded; a++) {
        const left = ps.slice(h + a);
        const base = tieWinProbability(left, h, a, winsNeeded);
        assert.ok(tieWinProbability(left, h + 1, a, winsNeeded) >= base - 1e-12);
        assert.ok(tieWinProbability(left, h, a + 1, winsNeeded) <= base + 1e-12);
      }
    }
  }));
});

Deno.test("property: the prediction sits inside its interval, and the live values end at the result", () => {
  const sides = fc.array(fc.constantFrom<TieSide>("home", "away"), { minLength: 5, maxLength: 5 });
  const triple = fc.tuple(probability, probability, probability).map((xs) => [...xs].sort((a, b) => a - b));
  fc.assert(fc.property(fc.array(triple, { minLength: 5, maxLength: 5 }), sides, (triples, results) => {
    const matches = triples.map(([low, p, high]) => match(p!, low!, high!));
    const tie = predictTie(matches, 3);
    assert.ok(tie.ciLow <= tie.pHome && tie.pHome <= tie.ciHigh);
    // Results until the tie is decided.
    const played: TieSide[] = [];
    for (const side of results) {
      const [h, a] = [played.filter((s) => s === "home").length, played.filter((s) => s === "away").length];
      if (h === 3 || a === 3) break;
      played.push(side);
    }
    const live = liveTieProbabilities(matches.map((m) => m.pHome), played, 3);
    assert.equal(live.length, played.length + 1);
    const homeWon = played.filter((s) => s === "home").length === 3;
    assert.equal(live.at(-1), homeWon ? 1 : 0);
  }));
});
