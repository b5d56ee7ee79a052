/**
 * The desk's words for the problems of an event file's draws, matches, results and teams
 * (pages/operator/client/manage/file_problem_words_play.ts), filled with the values the checks really report: in
 * each language but English no English text of the sentence is left and every value is named; in English the
 * sentence says what the problem's message says.
 */
import assert from "node:assert/strict";
import { LANGUAGES } from "../../../lib/languages.ts";
import { i18nFor } from "../../../pages/i18n/mod.ts";
import { PLAY_FILE_WORDS } from "../../../pages/operator/client/manage/file_problem_words_play.ts";
import { PLAY_PROBLEM_CASES } from "../../support/file_play_problems.ts";
import { deskEnglishLeft, wordIn } from "../../support/language_checks.ts";

/** The file's own notation, which every language writes as the file does: fields, values, formats. */
const FILE_NOTATION = [
  '"groups" "state" "lotSeed" "size" "bye" "qualifiersPerGroup" "groups_knockout" "knockout" "in_progress"',
  '"completed" "retired" "team" "wttc" "olympic" "swaythling" "corbillon" "singles" "doubles" "pair" "games"',
  '"tie.matches" best of',
];

/**
 * The codes whose English words say their message another way: a reason the message quotes from the domain, a
 * count said without a plural, an unknown side as "?", a line-up's side left to the path.
 */
const REWORDED = new Set([
  "draw-needs-slots",
  "draw-lot-too-few-entries",
  "draw-lot-too-many-entries",
  "draw-lot-duplicate-entry",
  "draw-lot-duplicate-seed",
  "draw-lot-needs-qualifiers",
  "draw-lot-too-few-qualifiers",
  "draw-lot-impossible",
  "draw-size-not-power",
  "draw-locked-empty-slot",
  "draw-qualifier-format",
  "draw-place-not-qualifying",
  "draw-group-too-small",
  "match-id-again",
  "match-round-beyond-draw",
  "games-do-not-decide",
  "winner-not-a-side",
  "draw-locked-missing",
  "team-field-needs-team-kind",
  "team-format-match-type",
  "team-format-doubles-side",
  "team-format-position-name",
  "team-format-wins-needed",
  "tie-has-no-games",
  "lineup-no-player",
  "lineup-player-twice",
  "lineup-unknown-position",
  "lineup-no-pair",
  "lineup-pair-twice",
]);

/** Each code's words filled with the values of the problem its case reports, in `lang`. */
function sentences(lang: (typeof LANGUAGES)[number]) {
  const i18n = i18nFor(lang);
  return Object.entries(PLAY_PROBLEM_CASES).map(([code, provoke]) => {
    const problem = provoke().find((p) => p.code === code)!;
    const key = PLAY_FILE_WORDS[code as keyof typeof PLAY_FILE_WORDS];
    return { code, key, problem, text: i18n.t(key, problem.params) };
  });
}

for (const lang of LANGUAGES.filter((l) => l !== "en")) {
  Deno.test(`the desk says the file's draw, match, result and team problems in ${lang}, no English left`, () => {
    for (const { code, key, problem, text } of sentences(lang)) {
      const values = Object.values(problem.params ?? {}).map(String);
      const left = deskEnglishLeft(lang, [key], [...FILE_NOTATION, ...values])
        .filter((part) => wordIn(part, text));
      assert.deepEqual(left, [], `${code} in ${lang}: ${text}`);
      for (const name of text.matchAll(/\{(\w+)\}/g)) assert.fail(`${code} in ${lang} leaves {${name[1]}}`);
    }
  });
}

Deno.test("the desk's English words of the file's draw, match, result and team problems say their message", () => {
  const differ = sentences("en").filter(({ code, problem, text }) =>
    /\{\w+\}/.test(text) || (!REWORDED.has(code) && text !== problem.message)
  );
  assert.deepEqual(differ.map(({ code, problem, text }) => [code, text, problem.message]), []);
});
