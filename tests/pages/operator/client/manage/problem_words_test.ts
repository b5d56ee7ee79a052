import assert from "node:assert/strict";
import {
  PROBLEM_WORDS,
  problemWords,
  REFUSAL_WORDS,
  TYPE_WORDS,
} from "../../../../../pages/operator/client/manage/problem_words.ts";
import { playEn } from "../../../../../pages/i18n/desk_play/en.ts";
import { BODY_REASONS } from "../../../../../db/body_reasons.ts";

Deno.test("problemWords() words a known problem code from the catalog, and nothing else", () => {
  assert.equal(problemWords({ code: "draw-locked" }), playEn["play.problem.draw-locked"]);
  assert.equal(problemWords({ code: "something-new" }), null);
  assert.equal(problemWords({ code: "toString" }), null);
  assert.equal(problemWords({}), null);
  // A refused value without a reason the page knows keeps the API's detail, which alone says which value.
  assert.equal(
    problemWords({ code: "invalid-body", detail: 'Invalid "restMinutes"' }),
    'The server refused a value: Invalid "restMinutes"',
  );
  assert.equal(
    problemWords({ code: "invalid-body", detail: 'Invalid "x"', reason: "something-new", params: {} }),
    'The server refused a value: Invalid "x"',
  );
  for (const [code, key] of Object.entries(PROBLEM_WORDS)) assert.equal(key, `play.problem.${code}`);
});

Deno.test("problemWords() words an invalid body from its reason and params, with its field as the API names it", () => {
  assert.equal(
    problemWords({
      code: "invalid-body",
      detail: 'Invalid "groupSize": expected 3 to 5, got 9',
      reason: "out-of-range",
      params: { field: "groupSize", minimum: 3, maximum: 5 },
    }),
    'The value of "groupSize" was refused: it must be from 3 to 5.',
  );
  assert.equal(
    problemWords({
      code: "invalid-body",
      reason: "not-an-option",
      params: { field: "side", options: ["home", "away"] },
    }),
    'The value of "side" was refused: it must be one of home or away.',
  );
  assert.equal(
    problemWords({
      code: "invalid-body",
      reason: "expected-type",
      params: { field: "game", expected: "int" },
    }),
    'The value of "game" was refused: expected a whole number.',
  );
  assert.equal(
    problemWords({ code: "invalid-body", reason: "nobody-checked-in" }),
    playEn["play.refused.nobody-checked-in"],
  );
  // Values that do not fill the reason's words: the API's detail, framed.
  assert.equal(
    problemWords({ code: "invalid-body", detail: "Invalid", reason: "out-of-range", params: { field: "x" } }),
    "The server refused a value: Invalid",
  );
});

Deno.test("every reason an invalid body is refused for has its words in the desk's catalog", () => {
  assert.deepEqual(Object.keys(REFUSAL_WORDS).sort(), [...BODY_REASONS].sort());
  for (const [reason, key] of Object.entries(REFUSAL_WORDS)) {
    assert.equal(key, `play.refused.${reason}`);
    assert.ok(Object.hasOwn(playEn, key), key);
  }
  for (const [type, key] of Object.entries(TYPE_WORDS)) assert.equal(key, `play.refused.type.${type}`);
});
