import assert from "node:assert/strict";
import { Hono } from "hono";
import { CACHE_CONTROL } from "../../http/http_cache.ts";
import { unhandledError } from "../../http/unhandled_error.ts";

function failingApp(logged: string[]): Hono {
  const app = new Hono();
  app.onError(unhandledError({ info() {}, warn() {}, error: (m) => logged.push(m) }));
  app.get("*", () => {
    throw new Error("secret detail");
  });
  return app;
}

Deno.test("unhandledError(): under /api/v1 a 500 problem of the public API, without details, logged once", async () => {
  const logged: string[] = [];
  const res = await failingApp(logged).request("/api/v1/events");
  const text = await res.text();
  assert.equal(res.status, 500);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  assert.equal(res.headers.get("cache-control"), CACHE_CONTROL);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  const problem = JSON.parse(text);
  assert.equal(problem.type, "/api#problem-internal-error");
  assert.equal(problem.status, 500);
  assert.doesNotMatch(text, /secret detail|at |\.ts/);
  assert.deepEqual(logged, ["Cannot answer GET /api/v1/events: Error: secret detail"]);
});

Deno.test("unhandledError(): elsewhere a small HTML page, never cached, without details", async () => {
  const logged: string[] = [];
  const res = await failingApp(logged).request("/t/some-event");
  const html = await res.text();
  assert.equal(res.status, 500);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.match(html, /Internal server error/);
  assert.doesNotMatch(html, /secret detail|at |\.ts/);
  assert.equal(logged.length, 1);
});
