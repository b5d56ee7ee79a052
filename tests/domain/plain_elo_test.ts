import assert from "node:assert/strict";
import fc from "fast-check";
import { PLAIN_ELO_K, plainEloPredictions } from "../../domain/plain_elo.ts";
import { assertClose } from "../support/assert_close.ts";

Deno.test("plainEloPredictions() predicts before each result and moves both players by K (score - expected)", () => {
  assert.equal(PLAIN_ELO_K, 32);
  const ps = plainEloPredictions([
    { home: "a", away: "b", homeWon: true },
    { home: "a", away: "b", homeWon: true },
    { home: "c", away: "a", homeWon: false },
  ]);
  assert.equal(ps[0], 0.5);
  // After one win a is 1516, b 1484: a difference of 32.
  assertClose(ps[1]!, 1 / (1 + 10 ** (-32 / 400)), 1e-12, "second");
  const a = 1516 + 32 * (1 - ps[1]!);
  assertClose(ps[2]!, 1 / (1 + 10 ** (-(1500 - a) / 400)), 1e-12, "a newcomer against a");
});

Deno.test("plainEloPredictions() mirrors a swap of sides and stays strictly between 0 and 1", () => {
  const result = fc.record({
    home: fc.constantFrom("a", "b", "c", "d"),
    away: fc.constantFrom("e", "f", "g"),
    homeWon: fc.boolean(),
  });
  fc.assert(
    fc.property(fc.array(result, { maxLength: 60 }), (results) => {
      const ps = plainEloPredictions(results);
      const swapped = plainEloPredictions(
        results.map((r) => ({ home: r.away, away: r.home, homeWon: !r.homeWon })),
      );
      ps.forEach((p, i) => {
        assert.ok(p > 0 && p < 1);
        assertClose(p, 1 - swapped[i]!, 1e-9, `match ${i}`);
      });
    }),
  );
});
