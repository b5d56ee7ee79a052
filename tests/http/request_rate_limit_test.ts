import assert from "node:assert/strict";
import { limitRequests, MAX_CLIENTS, RequestRateLimiter } from "../../http/request_rate_limit.ts";
import { silentLogger } from "../../lib/log.ts";
import { createHandler } from "../../main.ts";
import { seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

const from = (hostname: string): Deno.ServeHandlerInfo => ({
  remoteAddr: { transport: "tcp", hostname, port: 4000 },
  completed: Promise.resolve(),
});

/** A handler answering `status` to everything, behind a limiter of `limit` requests a minute, at `clock.at`. */
function limited(limit: number, status = 200, options: { trustedProxies?: number } = {}) {
  const clock = { at: 1_000_000 };
  const limiter = new RequestRateLimiter({ limit, windowSeconds: 60 });
  const handler = limitRequests(
    () => new Response(status === 304 || status === 204 ? null : "ok", { status }),
    limiter,
    { trustedProxies: options.trustedProxies ?? 0, now: () => clock.at },
  );
  const send = async (path = "/api/v1/events", hostname = "192.0.2.1", init: RequestInit = {}) =>
    await handler(new Request(`http://localhost${path}`, init), from(hostname));
  return { clock, limiter, send };
}

Deno.test("limitRequests() counts each address in its own window and gives every answer the IETF fields", async () => {
  const { clock, send } = limited(3);
  const fields: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await send();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("RateLimit-Policy"), '"default";q=3;w=60');
    fields.push(res.headers.get("RateLimit")!);
    clock.at += 10_000;
  }
  assert.deepEqual(fields, ['"default";r=2;t=60', '"default";r=1;t=50', '"default";r=0;t=40']);
  const refused = await send();
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get("Retry-After"), "30");
  assert.equal(refused.headers.get("RateLimit"), '"default";r=0;t=30');
  assert.equal(refused.headers.get("Cache-Control"), "no-store");
  assert.equal(refused.headers.get("Access-Control-Allow-Origin"), "*");
  const problem = await refused.json();
  assert.equal(problem.status, 429);
  assert.equal(problem.code, "too-many-requests");
  assert.match(problem.detail, /at most 3 requests in 60 s .*try again in 30 s/);
  assert.equal((await send("/api/v1/events", "192.0.2.2")).status, 200, "another address has its own window");
  clock.at += 30_000;
  assert.equal((await send()).status, 200, "a new window once the first has ended");
});

Deno.test("limitRequests() charges a 304 and a preflight a quarter of a request", async () => {
  const unchanged = limited(2, 304);
  for (let i = 0; i < 8; i++) assert.equal((await unchanged.send()).status, 304, `poll ${i + 1}`);
  assert.equal((await unchanged.send()).status, 429);
  const preflights = limited(1, 204);
  for (let i = 0; i < 4; i++) {
    assert.equal((await preflights.send("/api/v1/events", "192.0.2.1", { method: "OPTIONS" })).status, 204);
  }
  assert.equal((await preflights.send()).status, 429);
});

Deno.test("limitRequests() answers pages with an HTML 429, and leaves the management API alone", async () => {
  const { send } = limited(1);
  await send("/");
  const page = await send("/t/some-event");
  assert.equal(page.status, 429);
  assert.match(page.headers.get("Content-Type") ?? "", /^text\/html/);
  assert.match(await page.text(), /Too many requests/);
  for (let i = 0; i < 5; i++) {
    const manage = await send("/api/manage/whoami");
    assert.equal(manage.status, 200);
    assert.equal(manage.headers.get("RateLimit"), null);
  }
});

Deno.test("limitRequests() counts the address a trusted proxy names", async () => {
  const { send } = limited(1, 200, { trustedProxies: 1 });
  const via = (client: string) => ({ headers: { "X-Forwarded-For": client } });
  assert.equal((await send("/", "10.0.0.1", via("198.51.100.1"))).status, 200);
  assert.equal((await send("/", "10.0.0.1", via("198.51.100.1"))).status, 429);
  assert.equal((await send("/", "10.0.0.1", via("198.51.100.2"))).status, 200);
});

Deno.test("RequestRateLimiter keeps at most its bound of windows and forgets ended ones as it goes", () => {
  const limiter = new RequestRateLimiter({ limit: 10, windowSeconds: 60 }, { maxClients: 100 });
  for (let i = 0; i < 1000; i++) limiter.window(`10.0.${i >> 8}.${i & 255}`, 0);
  assert.equal(limiter.clients, 100);
  // A minute later every window has ended: each request forgets a few of them.
  for (let i = 0; i < 30; i++) limiter.window(`192.0.2.${i}`, 60_000);
  assert.equal(limiter.clients, 30);
  assert.equal(MAX_CLIENTS, 50_000);
});

Deno.test("limitRequests() copies an answer whose headers cannot be changed", async () => {
  const limiter = new RequestRateLimiter({ limit: 5, windowSeconds: 60 });
  const handler = limitRequests(() => Response.redirect("http://localhost/elsewhere", 302), limiter, {
    trustedProxies: 0,
    now: () => 0,
  });
  const res = await handler(new Request("http://localhost/"), from("192.0.2.1"));
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("Location"), "http://localhost/elsewhere");
  assert.equal(res.headers.get("RateLimit"), '"default";r=4;t=60');
});

storeTest("[api] createHandler() with a rate limit counts the hot path's answers too", async (store) => {
  await seedTournament(store.db);
  const handler = createHandler({
    store,
    log: silentLogger,
    clock: () => new Date("2026-11-28T10:00:00.000Z"),
    rateLimit: { limit: 3, windowSeconds: 60 },
  });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await handler(new Request("http://localhost/api/v1/rankings"), from("192.0.2.9"));
    statuses.push(res.status);
    await res.body?.cancel();
  }
  assert.deepEqual(statuses, [200, 200, 200, 429]);
});
