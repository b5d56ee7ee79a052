import assert from "node:assert/strict";
import { silentLogger } from "../../cli/log.ts";
import { ManageError, manageProblemResponse } from "../../api/manage/problem.ts";
import { WriteError } from "../../db/write_errors.ts";

const ROOT = new URL("../../", import.meta.url);

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) out.push(...await sources(path));
    else if (path.endsWith(".ts")) out.push(path);
  }
  return out;
}

Deno.test("[api] every problem code the management API throws has its section in docs/operator.md", async () => {
  const doc = await Deno.readTextFile(new URL("docs/operator.md", ROOT));
  const documented = new Set([...doc.matchAll(/^#### problem-([a-z-]+)$/gm)].map((m) => m[1]));
  const thrown = new Map<string, string>();
  for (const path of [...await sources("api"), ...await sources("db")]) {
    const text = await Deno.readTextFile(new URL(path, ROOT));
    for (const m of text.matchAll(/new (?:ManageError|WriteError)\(\s*\d+,\s*"([a-z-]+)"/g)) {
      thrown.set(m[1]!, path);
    }
  }
  assert.ok(thrown.has("idempotency-key-reused") && thrown.has("invalid-body"), "the scan finds the codes");
  for (const [code, path] of thrown) {
    assert.ok(documented.has(code), `"${code}" (thrown in ${path}) has no "#### problem-${code}" section`);
  }
});

Deno.test("[api] a 422 of the management API is a problem pointing at its section", async () => {
  const reused = new WriteError(422, "idempotency-key-reused", 'Cannot reuse "Idempotency-Key" "K": ...');
  for (
    const error of [reused, new ManageError(422, reused.code, reused.message, { field: "Idempotency-Key" })]
  ) {
    const res = manageProblemResponse(error, "/api/manage/matches/m/undo", silentLogger);
    assert.equal(res.status, 422);
    assert.equal(res.headers.get("Content-Type"), "application/problem+json");
    const body = await res.json();
    assert.equal(body.title, "Unprocessable content");
    assert.equal(body.type, "/docs/operator.md#problem-idempotency-key-reused");
    assert.equal(body.detail, reused.message);
  }
});
