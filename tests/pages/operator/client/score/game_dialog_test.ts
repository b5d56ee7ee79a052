import assert from "node:assert/strict";
import {
  acknowledge,
  acknowledged,
  gameQuestion,
} from "../../../../../pages/operator/client/score/game_dialog.ts";
import { memoryStorage } from "../memory_storage.ts";
import { projected, rallies } from "./fixtures.ts";

const GAME_ONE = "hhhhhhhhhhaaaaaaah";

Deno.test("gameQuestion() asks to change ends after a game the umpire has not answered yet", () => {
  const { m, p } = projected(rallies(GAME_ONE));
  assert.deepEqual(gameQuestion(m, p, 0), {
    ask: "Game 1 to Anna Berg, 11-7. Games 1-0. Change ends.",
    okLabel: "Next game",
    nextOrder: null,
  });
  assert.equal(gameQuestion(m, p, 1).ask, "", "answered");
});

Deno.test("gameQuestion() asks to confirm the match with every game's score, the winner's first", () => {
  const { m, p } = projected(rallies("a".repeat(11) + "h".repeat(33)));
  assert.deepEqual(gameQuestion(m, p, 4), {
    ask: "Match to Anna Berg, 3-1: 0-11, 11-0, 11-0, 11-0. Confirm the result?",
    okLabel: "Confirm result",
    nextOrder: null,
  });
});

Deno.test("gameQuestion() says a match decided by a reason is over", () => {
  const { m, p } = projected([], { status: "completed", winnerSide: "away", resultReasonCode: "retired" });
  assert.deepEqual(gameQuestion(m, p, 0), {
    ask: "Match over: Ella Fox wins by retirement",
    okLabel: "Back to the list",
    nextOrder: null,
  });
});

Deno.test("acknowledged() keeps how many games the umpire has answered, per match", () => {
  const store = memoryStorage();
  assert.equal(acknowledged(store, "m1"), -1);
  acknowledge(store, "m1", 2);
  assert.equal(acknowledged(store, "m1"), 2);
  assert.equal(acknowledged(store, "m2"), -1);
});
