import assert from "node:assert/strict";
import { PROBLEM_WORDS, problemWords } from "../../../../../pages/operator/client/manage/problem_words.ts";
import { playEn } from "../../../../../pages/i18n/desk_play/en.ts";

Deno.test("problemWords() words a known problem code from the catalog, and nothing else", () => {
  assert.equal(problemWords({ code: "draw-locked" }), playEn["play.problem.draw-locked"]);
  assert.equal(problemWords({ code: "something-new" }), null);
  assert.equal(problemWords({ code: "toString" }), null);
  assert.equal(problemWords({}), null);
  // A refused value keeps the API's detail, which alone says which value and what it takes.
  assert.equal(
    problemWords({ code: "invalid-body", detail: 'Invalid "restMinutes"' }),
    'The server refused a value: Invalid "restMinutes"',
  );
  for (const [code, key] of Object.entries(PROBLEM_WORDS)) assert.equal(key, `play.problem.${code}`);
});
