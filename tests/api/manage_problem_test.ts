import assert from "node:assert/strict";
import { silentLogger } from "../../lib/log.ts";
import { manageProblemResponse, writeStatus } from "../../api/manage/problem.ts";
import { HttpError } from "../../http/problem.ts";
import { isConflict, WriteError, type WriteErrorCode } from "../../db/write_errors.ts";
import { assertJsonResponse } from "../support/assert_response.ts";

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
  const patterns: [string[], RegExp][] = [
    [await sources("api/manage"), /new HttpError\(\s*\d+,\s*"([a-z-]+)"/g],
    [await sources("db"), /new WriteError\(\s*"([a-z-]+)"/g],
  ];
  for (const [paths, pattern] of patterns) {
    for (const path of paths) {
      const text = await Deno.readTextFile(new URL(path, ROOT));
      for (const m of text.matchAll(pattern)) thrown.set(m[1]!, path);
    }
  }
  assert.ok(thrown.has("idempotency-key-reused") && thrown.has("invalid-body"), "the scan finds the codes");
  for (const [code, path] of thrown) {
    assert.ok(documented.has(code), `"${code}" (thrown in ${path}) has no "#### problem-${code}" section`);
  }
});

Deno.test("[api] a 422 of the management API is a problem pointing at its section", async () => {
  const reused = new WriteError("idempotency-key-reused", 'Cannot reuse "Idempotency-Key" "K": ...');
  for (
    const error of [
      reused,
      new HttpError(422, reused.code, reused.message, { extensions: { field: "Idempotency-Key" } }),
    ]
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

Deno.test("[api] writeStatus() answers a conflict 409, a missing thing 404, a wrong request 400 or 422", () => {
  const statuses = (codes: WriteErrorCode[]) => codes.map(writeStatus);
  const conflicts: WriteErrorCode[] = [
    "stale-revision",
    "match-held",
    "scoring",
    "draw-locked",
    "tied-by-lot",
  ];
  assert.ok(conflicts.every(isConflict));
  assert.deepEqual(statuses(conflicts), [409, 409, 409, 409, 409]);
  assert.deepEqual(statuses(["not-found", "invalid-body", "no-device"]), [404, 400, 400]);
  assert.deepEqual(statuses(["invalid-announcement", "idempotency-key-reused"]), [422, 422]);
});

Deno.test("[api] a refused write's problem carries the state it found, serialised by the caller", async () => {
  const stale = new WriteError("stale-revision", 'Match "m" is at revision 3, not 2', { revision: 3 });
  const res = manageProblemResponse(stale, "/api/manage/matches/m/point", silentLogger, (c) => ({ seen: c }));
  await assertJsonResponse(res, 409, { "Cache-Control": "no-store" }, {
    type: "/docs/operator.md#problem-stale-revision",
    title: "Conflict",
    status: 409,
    detail: 'Match "m" is at revision 3, not 2',
    instance: "/api/manage/matches/m/point",
    code: "stale-revision",
    current: { seen: { revision: 3 } },
  });
});
