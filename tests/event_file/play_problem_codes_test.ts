/**
 * The codes of an event file's problems with its draws, matches, results and teams: every problem those checks
 * report carries a code and the values its desk words name, and every code of that part is reported by some
 * check (none without a site).
 */
import assert from "node:assert/strict";
import { validateEventFile } from "../../event_file/validate.ts";
import { PLAY_FILE_WORDS } from "../../pages/operator/client/manage/file_problem_words_play.ts";
import { deskEn } from "../../pages/i18n/desk/en.ts";
import { PLAY_PROBLEM_CASES as CASES } from "../support/file_play_problems.ts";
import { teamEventFile } from "../support/team_event.ts";

/** The placeholders of the desk's English words for a code. */
function placeholders(code: string): string[] {
  const key = PLAY_FILE_WORDS[code as keyof typeof PLAY_FILE_WORDS];
  return [...deskEn[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

for (const [code, provoke] of Object.entries(CASES)) {
  Deno.test(`the event file's checks report "${code}" with the values its words name`, () => {
    const problems = provoke();
    const found = problems.find((p) => p.code === code);
    assert.ok(found, `no problem "${code}"; got ${JSON.stringify(problems, null, 1)}`);
    for (const name of placeholders(code)) {
      const value: unknown = found.params?.[name];
      assert.ok(typeof value === "string" || typeof value === "number", `"${code}" lacks "${name}"`);
    }
    for (const p of problems) {
      assert.ok(p.code !== undefined, `no code for "${p.path}: ${p.message}"`);
      assert.ok(Object.hasOwn(PLAY_FILE_WORDS, p.code), `"${p.code}" has no desk words`);
    }
  });
}

Deno.test("every code of the draws', matches', results' and teams' problems is reported by some check", () => {
  assert.deepEqual(Object.keys(CASES).sort(), Object.keys(PLAY_FILE_WORDS).sort());
});

Deno.test("validateEventFile() gives a code and values to a team file's problems with its ties", async () => {
  const file = teamEventFile();
  const tie = file.categories[0]!.matches![0]!.tie!;
  tie.home!.positions = { A: "chn1", B: "chn1", C: "chn3" };
  const result = await validateEventFile(file);
  assert.equal(result.ok, false);
  const errors = result.ok ? [] : result.errors;
  assert.deepEqual(errors[0], {
    path: "categories[0].matches[0].tie.home",
    message: 'The home line-up puts one player at "A" and "B"',
    code: "lineup-player-twice",
    params: { side: "home", first: "A", second: "B" },
  });
  // Its matches cannot have begun without the line-up.
  assert.deepEqual(
    errors.slice(1).map((e) => [e.code, e.params]),
    [1, 2, 3, 4].map((order) => [
      "tie-match-before-lineups",
      { order },
    ]),
  );
});
