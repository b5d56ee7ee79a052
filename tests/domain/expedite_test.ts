import assert from "node:assert/strict";
import { assertExpediteAllowed, expediteDue } from "../../domain/expedite.ts";
import { ScoringError } from "../../domain/scoring.ts";

// ITTF Statutes 2025 (the Handbook), Law 2.15.2: "The expedite system shall not be introduced in a game if at
// least 18 points have been scored", on time or at the request of both players or pairs (Law 2.15.1).

Deno.test("assertExpediteAllowed() refuses once 18 points are scored in the game, even at both sides' request (Law 2.15.2)", () => {
  for (const byRequest of [false, true]) {
    for (const current of [{ home: 10, away: 8 }, { home: 9, away: 9 }, { home: 10, away: 10 }]) {
      assert.throws(
        () => assertExpediteAllowed(current, byRequest, null),
        (e: unknown) =>
          e instanceof ScoringError && /18 points/.test(e.message) && /Law 2\.15\.2/.test(e.message),
        `${current.home}-${current.away}, byRequest ${byRequest}`,
      );
    }
  }
});

Deno.test("assertExpediteAllowed() accepts it with 17 points or fewer scored, on time or by request (Law 2.15.1)", () => {
  for (const byRequest of [false, true]) {
    for (const current of [{ home: 10, away: 7 }, { home: 0, away: 0 }, { home: 2, away: 10 }]) {
      assert.doesNotThrow(() => assertExpediteAllowed(current, byRequest, null));
    }
  }
});

Deno.test("expediteDue() after 10 minutes' play only while fewer than 18 points are scored (Law 2.15.2)", () => {
  assert.equal(expediteDue(600_000, { home: 10, away: 7 }, false), true);
  assert.equal(expediteDue(600_000, { home: 10, away: 8 }, false), false);
  assert.equal(expediteDue(600_000, { home: 11, away: 7 }, false), false);
  assert.equal(expediteDue(599_999, { home: 2, away: 3 }, false), false);
});
