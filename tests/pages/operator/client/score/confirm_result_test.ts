import assert from "node:assert/strict";
import {
  confirmationWords,
  keepConfirmation,
  waitingConfirmations,
} from "../../../../../pages/operator/client/score/confirm_result.ts";
import { gameQuestion } from "../../../../../pages/operator/client/score/game_dialog.ts";
import { memoryStorage } from "../memory_storage.ts";
import { projected, rallies } from "./fixtures.ts";

const at = "2026-12-05T14:05:00.000Z";
const hhmm = new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

Deno.test("confirmationWords() names who confirmed the result and when, or that it waits to be sent", () => {
  const confirmation = { by: "Table 3", role: "scorer", at };
  assert.equal(
    confirmationWords({ confirmation }, false),
    `Result confirmed by Table 3 at ${hhmm}. Only the desk can change it now.`,
  );
  assert.equal(
    confirmationWords({ confirmation: null }, true),
    "Confirmation not sent yet: it goes as soon as the connection is back.",
  );
  assert.equal(confirmationWords({ confirmation: null }, false), "");
});

Deno.test("gameQuestion() at the end of a confirmed match says so and only goes back to the list", () => {
  const { m, p } = projected(rallies("h".repeat(33)));
  const q = gameQuestion({ ...m, confirmation: { by: "Table 3", role: "scorer", at } }, p, 3);
  assert.equal(
    q.ask,
    `Match to Anna Berg, 3-0: 11-0, 11-0, 11-0. Result confirmed by Table 3 at ${hhmm}. Only the desk can change it now.`,
  );
  assert.equal(q.okLabel, "Back to the list");
  assert.match(gameQuestion(m, p, 3, true).ask, /Confirmation not sent yet/);
});

Deno.test("keepConfirmation() keeps each match once, and drops it when sent", () => {
  const store = memoryStorage();
  keepConfirmation(store, "m1", true);
  keepConfirmation(store, "m2", true);
  keepConfirmation(store, "m1", true);
  assert.deepEqual(waitingConfirmations(store), ["m2", "m1"]);
  keepConfirmation(store, "m2", false);
  assert.deepEqual(waitingConfirmations(store), ["m1"]);
  store.setItem("tt.confirm", "not json");
  assert.deepEqual(waitingConfirmations(store), []);
});
