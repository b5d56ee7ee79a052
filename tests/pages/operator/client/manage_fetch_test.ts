import assert from "node:assert/strict";
import {
  fetchWords,
  manageFetch,
  problemDetail,
  problemText,
  retryDelay,
} from "../../../../pages/operator/client/manage_fetch.ts";

/** Runs `fn` with a fetch that records its call and answers 200. */
async function recorded(fn: () => Promise<unknown>): Promise<{ url: string; init: RequestInit }> {
  const original = globalThis.fetch;
  let seen: { url: string; init: RequestInit } | undefined;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    seen = { url: String(input), init: init ?? {} };
    return Promise.resolve(new Response("{}"));
  };
  try {
    await fn();
  } finally {
    globalThis.fetch = original;
  }
  assert.ok(seen, "fetch was called");
  return seen;
}

Deno.test("manageFetch() sends the token as a bearer header, JSON bodies, no cache and a deadline", async () => {
  const { url, init } = await recorded(() =>
    manageFetch("s3cret", "/matches/m1/point", { method: "POST", body: "{}" }, 8000)
  );
  const headers = new Headers(init.headers);
  assert.equal(url, "/api/manage/matches/m1/point");
  assert.equal(init.method, "POST");
  assert.equal(headers.get("Authorization"), "Bearer s3cret");
  assert.equal(headers.get("Content-Type"), "application/json");
  assert.equal(init.cache, "no-store");
  assert.ok(init.signal instanceof AbortSignal);
});

Deno.test("manageFetch() keeps the caller's headers and sends no Content-Type without a body", async () => {
  const { init } = await recorded(() =>
    manageFetch("t", "/events", {
      headers: { "Idempotency-Key": "k1", "Content-Type": "text/csv" },
      body: "a",
    })
  );
  const headers = new Headers(init.headers);
  assert.equal(headers.get("Idempotency-Key"), "k1");
  assert.equal(headers.get("Content-Type"), "text/csv");
  const get = await recorded(() => manageFetch("t", "/whoami"));
  assert.equal(new Headers(get.init.headers).get("Content-Type"), null);
});

Deno.test("problemDetail() gives the problem's detail, else the status", async () => {
  const problem = new Response(JSON.stringify({ detail: 'Invalid "side"' }), { status: 400 });
  assert.equal(await problemDetail(problem), 'Invalid "side"');
  assert.equal(await problemDetail(new Response("<html>", { status: 502 })), "Error 502");
  assert.equal(
    await problemDetail(new Response(JSON.stringify({ title: "x" }), { status: 409 })),
    "Error 409",
  );
});

Deno.test("retryDelay() honours Retry-After within 1 to 60 seconds, else waits the fallback", () => {
  const answer = (retryAfter?: string) =>
    new Response(null, {
      status: 429,
      headers: retryAfter === undefined ? {} : { "Retry-After": retryAfter },
    });
  assert.equal(retryDelay(null, 4000), 4000, "no answer at all");
  assert.equal(retryDelay(new Response(null, { status: 500 }), 4000), 4000);
  assert.equal(retryDelay(answer("7"), 4000), 7000);
  assert.equal(retryDelay(answer("0"), 4000), 1000, "never sooner than a second");
  assert.equal(retryDelay(answer("3600"), 4000), 60_000, "never later than a minute");
  assert.equal(retryDelay(answer("soon"), 4000), 4000);
  const now = Date.parse("2026-05-01T10:00:00Z");
  assert.equal(retryDelay(answer("Fri, 01 May 2026 10:00:05 GMT"), 4000, now), 5000);
});

Deno.test("problemDetail() says a problem in the page's words when it knows its code, else its detail", async () => {
  const kept = fetchWords.problem;
  fetchWords.problem = (p) => p.code === "draw-locked" ? "Die Auslosung ist gesperrt" : null;
  try {
    const answer = (code: string) =>
      new Response(JSON.stringify({ code, detail: `English for ${code}` }), { status: 409 });
    assert.equal(await problemDetail(answer("draw-locked")), "Die Auslosung ist gesperrt");
    assert.equal(await problemDetail(answer("something-new")), "English for something-new");
    assert.equal(problemText(null, 502), "Error 502");
  } finally {
    fetchWords.problem = kept;
  }
});
