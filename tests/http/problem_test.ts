import assert from "node:assert/strict";
import {
  HttpError,
  invalidParameter,
  methodNotAllowed,
  notFound,
  problemResponse,
  quoted,
} from "../../http/problem.ts";
import { silentLogger } from "../../lib/log.ts";
import { assertJsonResponse } from "../support/assert_response.ts";

Deno.test("problemResponse() renders an HttpError as RFC 9457 problem details", async () => {
  const res = problemResponse(notFound('Cannot find a match "x"'), "/api/v1/matches/x", silentLogger);
  await assertJsonResponse(res, 404, { "content-type": "application/problem+json" }, {
    type: "/api#problem-not-found",
    title: "Not found",
    status: 404,
    detail: 'Cannot find a match "x"',
    instance: "/api/v1/matches/x",
    code: "not-found",
  });
});

Deno.test("problemResponse() adds the parameter of a 400 and the Allow of a 405", async () => {
  const bad = problemResponse(
    invalidParameter("limit", "expected an integer from 1 to 500", "abc"),
    "/r",
    silentLogger,
  );
  assert.equal((await bad.json()).parameter, "limit");
  const wrong = problemResponse(methodNotAllowed("POST", "/api/v1/events"), "/api/v1/events", silentLogger);
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers.get("allow"), "GET, HEAD, OPTIONS");
});

Deno.test("problemResponse() turns anything else into a logged 500 without details", async () => {
  const logged: string[] = [];
  const log = { ...silentLogger, error: (m: string) => logged.push(m) };
  const res = problemResponse(new TypeError("secret internals at db.ts:12"), "/api/v1/events", log);
  assert.equal(res.status, 500);
  const text = await res.text();
  assert.doesNotMatch(text, /secret|db\.ts/);
  assert.equal(JSON.parse(text).type, "/api#problem-internal-error");
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /TypeError: secret internals/);
});

Deno.test("HttpError keeps status and detail; quoted() cuts long values", () => {
  const e = new HttpError(404, "not-found", "x");
  assert.equal(e.status, 404);
  assert.equal(e.message, "x");
  assert.equal(quoted("abc"), '"abc"');
  assert.equal(quoted("x".repeat(100)), `"${"x".repeat(80)}..."`);
});
