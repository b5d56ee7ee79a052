import assert from "node:assert/strict";
import {
  clashSentence,
  matchNames,
  scoreText,
  sheetQuestion,
  sideName,
  winnerName,
} from "../../../../../pages/operator/client/manage/match_words.ts";
import type { ManageMatch } from "../../../../../pages/operator/client/manage/page.ts";

/** A match of the management API with the fields these words read; the rest as a scheduled match has them. */
function match(overrides: Partial<ManageMatch> = {}): ManageMatch {
  return {
    id: "m1",
    status: "scheduled",
    homeName: "Anna Berg",
    awayName: "Ella Fox",
    tableNo: null,
    scheduledAt: null,
    winnerSide: null,
    resultReasonCode: null,
    gamesWon: { home: 0, away: 0 },
    currentGame: { home: 0, away: 0 },
    gameScores: [],
    currentServer: null,
    ...overrides,
  } as ManageMatch;
}

Deno.test("sideName() and matchNames() name the sides, 'to be decided' before a side is known", () => {
  assert.equal(sideName(match(), "away"), "Ella Fox");
  assert.equal(matchNames(match({ homeName: null })), "to be decided v Ella Fox");
  assert.equal(winnerName(match({ winnerSide: "away" })), "Ella Fox");
  assert.equal(winnerName(match()), "?");
});

Deno.test("scoreText() gives games, the running game and the server of a match in progress", () => {
  const running = match({
    status: "in_progress",
    gamesWon: { home: 1, away: 0 },
    currentGame: { home: 3, away: 4 },
    gameScores: [{ home: 11, away: 5 }],
    currentServer: "away",
  });
  assert.equal(scoreText(running), "1-0 (3-4, Ella Fox serving)");
  assert.equal(scoreText({ ...running, currentServer: null }), "1-0 (3-4)");
});

Deno.test("scoreText() gives the winner, the reason and the games of a finished match", () => {
  const done = match({
    status: "completed",
    winnerSide: "home",
    gamesWon: { home: 3, away: 1 },
    gameScores: [{ home: 11, away: 7 }, { home: 9, away: 11 }, { home: 11, away: 5 }, { home: 11, away: 8 }],
  });
  assert.equal(scoreText(done), "Anna Berg wins 3-1 (11-7, 9-11, 11-5, 11-8)");
  assert.equal(
    scoreText({ ...done, winnerSide: "away", gamesWon: { home: 0, away: 2 }, gameScores: [] }),
    "Ella Fox wins 2-0",
    "the winner's games first",
  );
  const walkover = match({ status: "completed", winnerSide: "away", resultReasonCode: "walkover" });
  assert.equal(scoreText(walkover), "Ella Fox wins by walkover");
  const retired = match({
    status: "completed",
    winnerSide: "home",
    resultReasonCode: "retired",
    gamesWon: { home: 1, away: 0 },
    gameScores: [{ home: 11, away: 7 }],
  });
  assert.equal(scoreText(retired), "Anna Berg wins 1-0 (11-7), Ella Fox retired");
  assert.equal(
    scoreText({ ...retired, winnerSide: "away", resultReasonCode: "disqualified" }),
    "Ella Fox wins 0-1 (11-7), Anna Berg disqualified",
  );
  assert.equal(scoreText(match()), "", "a scheduled match without a time");
});

Deno.test("clashSentence() names the clash's matches from the overview drawn, and their tables", () => {
  const byId = new Map([
    ["m1", match({ tableNo: 2 })],
    ["m2", match({ id: "m2", homeName: "Karl Lund", awayName: "Leo Moss" })],
  ]);
  assert.equal(
    clashSentence(byId, {
      kind: "player-busy",
      player: { id: "p", name: "Anna Berg" },
      matchIds: ["m1", "gone"],
    }, true),
    "Anna Berg is playing now: Anna Berg v Ella Fox (table 2), another match",
  );
  assert.equal(
    clashSentence(byId, { kind: "table-busy", tableNo: 2, matchIds: ["m1", "m2"] }),
    "Table 2 has 2 matches in progress: Anna Berg v Ella Fox, Karl Lund v Leo Moss",
  );
});

Deno.test("sheetQuestion() asks about a score sheet's games saying who they make the winner", () => {
  const lost = [{ home: 5, away: 11 }, { home: 5, away: 11 }, { home: 5, away: 11 }];
  assert.equal(sheetQuestion(match(), lost), "Anna Berg v Ella Fox: 5-11, 5-11, 5-11? Ella Fox wins 3-0.");
  assert.equal(
    sheetQuestion(match(), [{ home: 11, away: 9 }, { home: 5, away: 11 }, { home: 12, away: 10 }]),
    "Anna Berg v Ella Fox: 11-9, 5-11, 12-10? Anna Berg wins 2-1.",
  );
});
