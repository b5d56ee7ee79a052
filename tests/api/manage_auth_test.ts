import assert from "node:assert/strict";
import { MAX_BODY_BYTES } from "../../api/manage/mod.ts";
import { FailureLimiter } from "../../http/failure_limiter.ts";
import { generateSecret, revokeToken } from "../../db/tokens.ts";
import { storeTest } from "../support/stores.ts";
import { call, makeToken, manageApp, manualClock, seedKnockout } from "./manage_fixtures.ts";

const from = (hostname: string) => ({ remoteAddr: { hostname, port: 5000, transport: "tcp" } });

async function problem(res: Response, status: number) {
  assert.equal(res.status, status);
  assert.equal(res.headers.get("Content-Type"), "application/problem+json");
  const body = await res.json();
  assert.equal(body.status, status);
  assert.equal(typeof body.title, "string");
  assert.equal(typeof body.detail, "string");
  assert.match(body.type, /^\/docs\/operator\.md#problem-/);
  return body;
}

storeTest(
  "[api] /api/manage answers 401 without a token, with a bad one and with a malformed header",
  async (store) => {
    const app = manageApp(store);
    const none = await app.request("/api/manage/whoami");
    const body = await problem(none, 401);
    assert.match(body.detail, /Missing token/);
    assert.equal(none.headers.get("WWW-Authenticate"), 'Bearer realm="manage"');
    const bad = await app.request("/api/manage/whoami", call(generateSecret(), "GET"));
    assert.match((await problem(bad, 401)).detail, /unknown or revoked/);
    assert.match(bad.headers.get("WWW-Authenticate") ?? "", /invalid_token/);
    const basic = await app.request("/api/manage/whoami", { headers: { Authorization: "Basic abc" } });
    assert.match((await problem(basic, 401)).detail, /expected "Bearer <token>"/);
  },
);

storeTest("[api] /api/manage refuses a revoked token", async (store) => {
  const secret = await makeToken(store.db, "admin", { label: "old" });
  const app = manageApp(store);
  assert.equal((await app.request("/api/manage/whoami", call(secret, "GET"))).status, 200);
  const [token] = await store.db.selectFrom("tokens").select("id").execute();
  await revokeToken(store.db, token!.id, new Date());
  await problem(await app.request("/api/manage/whoami", call(secret, "GET")), 401);
});

storeTest("[api] GET /api/manage/whoami names the token, never its secret", async (store) => {
  const ev = await seedKnockout(store.db);
  const secret = await makeToken(store.db, "scorer", { eventId: ev.eventId, tableNo: 2, label: "Table 2" });
  const res = await manageApp(store).request("/api/manage/whoami", call(secret, "GET"));
  assert.equal(res.status, 200);
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/);
  const text = await res.text();
  assert.ok(!text.includes(secret));
  const { data } = JSON.parse(text);
  assert.deepEqual([data.token.label, data.token.role, data.token.eventSlug, data.token.tableNo], [
    "Table 2",
    "scorer",
    ev.slug,
    2,
  ]);
});

storeTest("[api] /api/manage is never cached and sends no CORS headers", async (store) => {
  const secret = await makeToken(store.db, "admin");
  const app = manageApp(store);
  for (
    const res of [
      await app.request(
        "/api/manage/events",
        call(secret, "GET", undefined, { Origin: "https://evil.example" }),
      ),
      await app.request("/api/manage/events"),
      await app.request("/api/manage/nope", call(secret, "GET")),
    ]
  ) {
    assert.equal(res.headers.get("Cache-Control"), "no-store");
    assert.equal(res.headers.get("Access-Control-Allow-Origin"), null);
    await res.body?.cancel();
  }
  const preflight = await app.request("/api/manage/events", {
    method: "OPTIONS",
    headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
  });
  assert.equal(preflight.headers.get("Access-Control-Allow-Origin"), null);
  await preflight.body?.cancel();
});

storeTest("[api] /api/manage answers 403 to a scorer on admin routes", async (store) => {
  const ev = await seedKnockout(store.db);
  const secret = await makeToken(store.db, "scorer", { label: "Umpire" });
  const app = manageApp(store);
  for (
    const [method, path] of [
      ["GET", "/api/manage/events"],
      ["POST", `/api/manage/events/${ev.slug}/publish`],
      ["PUT", `/api/manage/events/${ev.slug}/announcement`],
      ["DELETE", `/api/manage/events/${ev.slug}/announcement`],
      ["POST", `/api/manage/subevents/${ev.categoryId}/lock`],
      ["GET", "/api/manage/tokens"],
      ["GET", "/api/manage/audit"],
      ["POST", "/api/manage/events/import"],
    ] as const
  ) {
    const body = await problem(
      await app.request(path, call(secret, method, method === "POST" ? {} : undefined)),
      403,
    );
    assert.match(body.detail, /the token "Umpire" is a scorer token \(needs an admin token\)/, path);
  }
});

storeTest("[api] /api/manage answers 404 as problem JSON for an unknown route", async (store) => {
  const secret = await makeToken(store.db, "admin");
  const body = await problem(await manageApp(store).request("/api/manage/nope", call(secret, "GET")), 404);
  assert.match(body.detail, /No management route "GET \/api\/manage\/nope"/);
});

storeTest("[api] /api/manage answers 413 to a body over 1 MiB", async (store) => {
  const ev = await seedKnockout(store.db);
  const secret = await makeToken(store.db, "admin");
  const app = manageApp(store);
  const big = JSON.stringify({ side: "home", revision: 0, pad: "x".repeat(MAX_BODY_BYTES) });
  const res = await app.request(`/api/manage/matches/${ev.rounds[0]![0]}/point`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: big,
  });
  assert.match((await problem(res, 413)).detail, /larger than 1 MiB/);
  // Without a Content-Length (a stream), the limit still holds.
  const stream = new ReadableStream({
    start(controller) {
      for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(64 * 1024)));
      controller.close();
    },
  });
  const res2 = await app.request("/api/manage/events/import", {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: stream,
  });
  await problem(res2, 413);
});

storeTest("[api] /api/manage answers 415 to a body that is not JSON", async (store) => {
  const ev = await seedKnockout(store.db);
  const secret = await makeToken(store.db, "admin");
  const res = await manageApp(store).request(`/api/manage/matches/${ev.rounds[0]![0]}/point`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "text/plain" },
    body: "side=home",
  });
  await problem(res, 415);
});

storeTest(
  "[api] /api/manage limits failed authentications per address: 429 with Retry-After",
  async (store) => {
    const secret = await makeToken(store.db, "admin");
    const clock = manualClock();
    const app = manageApp(store, clock.now, { limiter: new FailureLimiter(10, 60_000) });
    for (let i = 0; i < 10; i++) {
      clock.advance(1000);
      await problem(
        await app.request("/api/manage/whoami", call(generateSecret(), "GET"), from("10.0.0.9")),
        401,
      );
    }
    const limited = await app.request("/api/manage/whoami", call(secret, "GET"), from("10.0.0.9"));
    const body = await problem(limited, 429);
    assert.equal(limited.headers.get("Retry-After"), "51");
    assert.equal(body.retryAfter, 51);
    assert.match(body.detail, /try again in 51 s/);
    const other = await app.request("/api/manage/whoami", call(secret, "GET"), from("10.0.0.10"));
    assert.equal(other.status, 200, "another address is not limited");
    await other.body?.cancel();
    clock.advance(51_000);
    const after = await app.request("/api/manage/whoami", call(secret, "GET"), from("10.0.0.9"));
    assert.equal(after.status, 200, "the limit lifts once the oldest failure leaves the window");
    await after.body?.cancel();
  },
);

Deno.test("FailureLimiter forgets the oldest address beyond its bound", () => {
  const limiter = new FailureLimiter(1, 60_000, 2);
  limiter.fail("a", 0);
  limiter.fail("b", 0);
  limiter.fail("c", 0);
  assert.equal(limiter.retryAfter("a", 1), 0);
  assert.equal(limiter.retryAfter("c", 1), 60);
});
