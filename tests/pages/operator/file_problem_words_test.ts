import assert from "node:assert/strict";
import { parseEventFile } from "../../../event_file/validate.ts";
import { fileProblemLine } from "../../../pages/operator/client/manage/file_problem_words.ts";
import { PLAY_FILE_WORDS } from "../../../pages/operator/client/manage/file_problem_words_play.ts";

const root = new URL("../../../", import.meta.url);
const fixture = (name: string) => new URL(`tests/fixtures/import/${name}`, root);

/** The coded problems of the invalid fixtures. */
async function fixtureProblems() {
  const out = [];
  for (const name of ["invalid_schema.json", "invalid_semantic.json", "malformed_json.txt"]) {
    const result = await parseEventFile(await Deno.readTextFile(fixture(name)));
    if (!result.ok) out.push(...result.errors.filter((p) => p.code !== undefined));
  }
  return out;
}

Deno.test("fileProblemLine() words every coded problem of the fixtures with every value filled", async () => {
  const problems = await fixtureProblems();
  assert.ok(problems.length >= 15);
  for (const p of problems) {
    const line = fileProblemLine({ field: p.path, message: p.message, code: p.code, params: p.params });
    assert.doesNotMatch(line, /\{\w+\}/, `${p.code}: ${line}`);
  }
});

Deno.test("fileProblemLine() says in English what the command line prints", async () => {
  // The words of a type and of a syntax error are shorter than the command's sentence; the others are the same.
  // The draws', matches', results' and teams' words are compared in tests/pages/i18n/file_play_words_test.ts.
  const reworded = new Set(["schema-type", "json-expected-comma"]);
  for (const p of await fixtureProblems()) {
    if (reworded.has(p.code!) || Object.hasOwn(PLAY_FILE_WORDS, p.code!)) continue;
    const line = fileProblemLine({ field: p.path, message: p.message, code: p.code, params: p.params });
    assert.equal(line, p.path ? `${p.path}: ${p.message}` : p.message);
  }
});

Deno.test("fileProblemLine() shows the message of a problem without a code or with one it does not know", () => {
  assert.equal(fileProblemLine({ field: "event.x", message: "Something new" }), "event.x: Something new");
  assert.equal(fileProblemLine({ field: "", message: "Newer", code: "from-a-newer-server" }), "Newer");
  assert.equal(
    fileProblemLine({ path: "a.b", message: "…", code: "unknown-player", params: { player: "zed" } }),
    'a.b: Unknown player "zed": not in "players"',
  );
});
