import assert from "node:assert/strict";
import { startTaskEnv, startTaskV8Flags, taskWords } from "../../bench/server.ts";

Deno.test("startTaskV8Flags() gives the start task's V8 flags, which the dev and compile tasks share", () => {
  const flags = startTaskV8Flags();
  // The server's resident memory stays under the bench's target with V8's memory saver (docs/benchmarks.md).
  assert.deepEqual(flags, ["--v8-flags=--memory-saver-mode"]);
  for (const task of ["dev", "compile"]) {
    assert.deepEqual(taskWords(task).filter((w) => w.startsWith("--v8-flags=")), flags, task);
  }
});

Deno.test("startTaskEnv() gives the start task's leading assignments, which the dev task shares", () => {
  // Two malloc arenas instead of glibc's 8 per core: the server's peak under writes ~18 MB lower (README).
  assert.deepEqual(startTaskEnv(), { MALLOC_ARENA_MAX: "2" });
  assert.equal(taskWords("start")[1], "deno", "the assignments come first, then the command");
  assert.deepEqual(taskWords("dev").slice(0, 1), ["MALLOC_ARENA_MAX=2"]);
});

Deno.test("taskWords() names a missing task", () => {
  assert.throws(() => taskWords("no-such-task"), /deno.json has no task "no-such-task"/);
});
