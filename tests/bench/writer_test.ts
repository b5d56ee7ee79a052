import assert from "node:assert/strict";
import fc from "fast-check";
import { sideToPlay } from "../../bench/writer.ts";

Deno.test("sideToPlay() never lets a game reach a two-point lead from a close score", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 9 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 200 }),
      (start, ahead, n) => {
        const score = { home: start + (ahead ? 1 : 0), away: start };
        for (let i = 0; i < n; i++) {
          score[sideToPlay(score)]++;
          assert.ok(Math.abs(score.home - score.away) <= 1);
        }
      },
    ),
  );
});
