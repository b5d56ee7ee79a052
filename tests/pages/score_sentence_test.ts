import assert from "node:assert/strict";
import { scoreSentence } from "../../pages/match_page.tsx";
import type { Live, Match } from "../../views/schemas.ts";

/** A finished match of the public API with the fields the sentence reads. */
function finished(overrides: Partial<Match>): Match {
  return {
    status: "completed",
    homeId: "h",
    awayId: "a",
    homeName: "Anna Berg",
    awayName: "Ella Fox",
    winnerId: "h",
    resultReasonCode: null,
    gamesWon: { home: 1, away: 0 },
    ...overrides,
  } as Match;
}

const live = {} as Live;

Deno.test("scoreSentence() says who retired or was disqualified, and a walkover without games", () => {
  assert.equal(scoreSentence(finished({}), live), "Final: Anna Berg won, games 1–0.");
  assert.equal(
    scoreSentence(finished({ resultReasonCode: "retired" }), live),
    "Final: Anna Berg won, games 1–0, Ella Fox retired.",
  );
  assert.equal(
    scoreSentence(finished({ resultReasonCode: "disqualified", winnerId: "a" }), live),
    "Final: Ella Fox won, games 1–0, Anna Berg disqualified.",
  );
  assert.equal(
    scoreSentence(finished({ resultReasonCode: "walkover", gamesWon: { home: 0, away: 0 } }), live),
    "Final: Anna Berg won by walkover.",
  );
});
