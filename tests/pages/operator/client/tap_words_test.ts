import assert from "node:assert/strict";
import { notRecordedWords, tapWords, undoWords } from "../../../../pages/operator/client/tap_words.ts";

const names = {
  home: "Mateo García",
  away: "Kenji Watanabe",
  players: { home1: "Mateo García", away1: "Kenji Watanabe" },
};

Deno.test("tapWords() names whose point it was, at what score and in which game", () => {
  assert.equal(
    tapWords("point", { side: "away" }, names, { home: 5, away: 3 }, 2),
    "Point to Kenji Watanabe at 5-3 in game 2",
  );
  assert.equal(
    tapWords("timeout", { side: "home" }, names, { home: 0, away: 0 }, 1),
    "Time-out for Mateo García",
  );
  assert.equal(
    tapWords("card", { side: "home", target: "coach", card: "yellow" }, names, { home: 0, away: 0 }, 1),
    "Yellow card to Mateo García's coach",
  );
  assert.equal(
    tapWords("order", { game: 2, server: "away1" }, names, { home: 0, away: 0 }, 2),
    "Kenji Watanabe serves first in game 2",
  );
});

Deno.test("undoWords() says what Undo will take back", () => {
  assert.equal(undoWords(null, names), "Undo");
  assert.equal(undoWords({ kind: "point", side: "home" }, names), "Undo: point to Mateo García");
  assert.equal(
    undoWords({ kind: "card", side: "away", target: "player", card: "yellow_red" }, names),
    "Undo: yellow and red card to Kenji Watanabe",
  );
  assert.equal(undoWords({ kind: "timeout", side: "away" }, names), "Undo: time-out for Kenji Watanabe");
});

Deno.test("notRecordedWords() names each tap not recorded, and why", () => {
  assert.equal(
    notRecordedWords(true, [
      "Point to Kenji Watanabe at 5-3 in game 2",
      "Point to Mateo García at 5-4 in game 2",
    ]),
    "Another device changed this match. Not recorded: point to Kenji Watanabe at 5-3 in game 2; point to Mateo " +
      "García at 5-4 in game 2. Check the score.",
  );
  assert.equal(
    notRecordedWords(
      false,
      ["Undo at 0-0 in game 1"],
      "The scoring rules do not allow this at this point of the match.",
    ),
    "The scoring rules do not allow this at this point of the match. Not recorded: undo at 0-0 in game 1. " +
      "Check the score.",
  );
});
