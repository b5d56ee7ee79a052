/**
 * Limits per client address, through the real server over loopback: requests are sent from two source
 * addresses of 127.0.0.0/8 (a `Deno.HttpClient` bound to 127.0.0.2 or 127.0.0.3), so that the server sees the
 * addresses as Deno.serve gives them, not as an in-process test would make them up.
 */
import assert from "node:assert/strict";
import { createToken } from "../../db/tokens.ts";
import { postgresServerTest, prepareSqliteStore, serverTest, type SpawnedServer } from "../support/server.ts";

/** A client whose connections leave from `address` (a loopback address other than 127.0.0.1). */
function clientFrom(address: string) {
  const client = Deno.createHttpClient({ localAddress: address });
  return {
    async send(server: SpawnedServer, path: string, init: RequestInit = {}): Promise<Response> {
      const res = await fetch(`${server.origin}${path}`, { ...init, client });
      await res.body?.cancel();
      return res;
    },
    client,
    close: () => client.close(),
  };
}

/** An admin token made in the served store (SQLite, in the server's working folder). */
async function adminToken(server: SpawnedServer): Promise<string> {
  return await prepareSqliteStore(
    server.cwd,
    async (store) =>
      (await createToken(store.db, { role: "admin", label: "per-client test" }, new Date())).secret,
  );
}

serverTest(
  "[limits] over loopback: failed logins are counted per client address, never without a token",
  async (spawn) => {
    const server = await spawn();
    const [two, three, four] = ["127.0.0.2", "127.0.0.3", "127.0.0.4"].map(clientFrom) as [
      ReturnType<typeof clientFrom>,
      ReturnType<typeof clientFrom>,
      ReturnType<typeof clientFrom>,
    ];
    try {
      const admin = await adminToken(server);
      const bearer = (secret: string) => ({ headers: { Authorization: `Bearer ${secret}` } });

      // Ten bad tokens from 127.0.0.2 lock 127.0.0.2 out...
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await two.send(server, "/api/manage/whoami", bearer(`tt_guess${i}`))).status);
      }
      assert.deepEqual(statuses, [...Array(10).fill(401), 429]);
      // ...and nobody else: 127.0.0.3 signs in with a good token.
      assert.equal((await three.send(server, "/api/manage/whoami", bearer(admin))).status, 200);
      assert.equal((await two.send(server, "/api/manage/whoami", bearer(admin))).status, 429);
      // No proxy is trusted by default: a client cannot name another address to escape its limit.
      const forged = { headers: { Authorization: `Bearer ${admin}`, "X-Forwarded-For": "198.51.100.7" } };
      assert.equal((await two.send(server, "/api/manage/whoami", forged)).status, 429);

      // Requests without an Authorization header (a hostile page's no-cors posts and beacons) and preflights
      // never count as failed logins, however many.
      for (let i = 0; i < 15; i++) {
        assert.equal((await four.send(server, "/api/manage/whoami")).status, 401);
        const post = await four.send(server, "/api/manage/tokens", {
          method: "POST",
          headers: { "Content-Type": "text/plain" },
          body: "{}",
        });
        assert.equal(post.status, 401);
        const preflight = await four.send(server, "/api/manage/whoami", {
          method: "OPTIONS",
          headers: { Authorization: "Bearer tt_preflight", Origin: "http://elsewhere.example" },
        });
        assert.notEqual(preflight.status, 429);
      }
      assert.equal((await four.send(server, "/api/manage/whoami", bearer(admin))).status, 200);
    } finally {
      for (const c of [two, three, four]) c.close();
    }
  },
);

serverTest(
  "[limits] over loopback: behind a trusted proxy (--trust-proxy 1) the X-Forwarded-For address counts",
  async (spawn) => {
    const server = await spawn({ args: ["--no-simulate", "--trust-proxy", "1"] });
    // The proxy: one address, sending the requests of two clients.
    const proxy = clientFrom("127.0.0.2");
    try {
      const admin = await adminToken(server);
      const from = (client: string, secret: string) => ({
        headers: { Authorization: `Bearer ${secret}`, "X-Forwarded-For": `203.0.113.50, ${client}` },
      });
      for (let i = 0; i < 10; i++) {
        const res = await proxy.send(server, "/api/manage/whoami", from("198.51.100.1", `tt_guess${i}`));
        assert.equal(res.status, 401);
      }
      assert.equal((await proxy.send(server, "/api/manage/whoami", from("198.51.100.1", admin))).status, 429);
      assert.equal((await proxy.send(server, "/api/manage/whoami", from("198.51.100.2", admin))).status, 200);
    } finally {
      proxy.close();
    }
  },
);

serverTest(
  "[limits] over loopback: request rates are limited per client address, 304s at a quarter of a request",
  async (spawn) => {
    // 20 requests an hour: the window is long, so that no machine is slow enough to see it end in the test.
    const server = await spawn({ args: ["--no-simulate", "--rate-limit", "20/3600"] });
    const [two, three, four] = ["127.0.0.2", "127.0.0.3", "127.0.0.4"].map(clientFrom) as [
      ReturnType<typeof clientFrom>,
      ReturnType<typeof clientFrom>,
      ReturnType<typeof clientFrom>,
    ];
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await two.send(server, "/api/v1/events");
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("RateLimit-Policy"), '"default";q=20;w=3600');
        remaining.push(res.headers.get("RateLimit")!.replace(/;t=\d+$/, ""));
        const exposed = res.headers.get("Access-Control-Expose-Headers") ?? "";
        for (const name of ["Retry-After", "RateLimit", "RateLimit-Policy"]) {
          assert.match(exposed, new RegExp(name));
        }
      }
      assert.deepEqual(remaining, Array.from({ length: 20 }, (_, i) => `"default";r=${19 - i}`));
      // The 21st: a 429 problem a script of another site can read, never kept by a shared cache.
      const limited = await fetch(`${server.origin}/api/v1/events`, { client: two.client });
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get("Content-Type"), "application/problem+json");
      assert.equal(limited.headers.get("Access-Control-Allow-Origin"), "*");
      assert.equal(limited.headers.get("Cache-Control"), "no-store");
      const wait = Number(limited.headers.get("Retry-After"));
      assert.ok(wait > 0 && wait <= 3600, String(wait));
      assert.match(limited.headers.get("RateLimit")!, /^"default";r=0;t=\d+$/);
      const problem = await limited.json();
      assert.equal(problem.code, "too-many-requests");
      assert.equal(problem.type, "/api#problem-too-many-requests");
      assert.match(problem.detail, /at most 20 requests in 3600 s/);
      // Pages too, as an HTML page.
      const page = await two.send(server, "/");
      assert.equal(page.status, 429);
      assert.match(page.headers.get("Content-Type") ?? "", /text\/html/);
      // Another address is not limited.
      assert.equal((await three.send(server, "/api/v1/events")).status, 200);

      // An unchanged answer (304) costs a quarter of a request: 60 polls fit in 20 requests with one 200.
      const first = await four.send(server, "/api/v1/events");
      const etag = first.headers.get("ETag")!;
      for (let i = 0; i < 60; i++) {
        const res = await four.send(server, "/api/v1/events", { headers: { "If-None-Match": etag } });
        assert.equal(res.status, 304, `poll ${i + 1}`);
        assert.ok(res.headers.get("RateLimit"));
      }
      assert.match((await four.send(server, "/api/v1/events")).headers.get("RateLimit")!, /^"default";r=3;/);
      // The management API is not counted against the address (it has its own limit on failed logins):
      // spectators sharing the hall's address never lock the umpires out.
      const manage = await two.send(server, "/api/manage/whoami");
      assert.equal(manage.status, 401);
      assert.equal(manage.headers.get("RateLimit"), null);
    } finally {
      for (const c of [two, three, four]) c.close();
    }
  },
);

serverTest(
  "[limits] over loopback: no request rate limit by default on SQLite (a venue LAN)",
  async (spawn) => {
    const server = await spawn();
    const two = clientFrom("127.0.0.2");
    try {
      const res = await two.send(server, "/api/v1/events");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("RateLimit"), null);
      assert.equal(res.headers.get("RateLimit-Policy"), null);
    } finally {
      two.close();
    }
  },
);

postgresServerTest(
  "[limits] over loopback: request rates are limited by default on PostgreSQL (a public deployment)",
  "[limits] request rates limited by default on PostgreSQL (skipped: no PostgreSQL 15 binaries)",
  async ({ spawn }) => {
    const two = clientFrom("127.0.0.2");
    try {
      const server = await spawn();
      const res = await two.send(server, "/api/v1/events");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("RateLimit-Policy"), '"default";q=3000;w=60');
      assert.match(res.headers.get("RateLimit") ?? "", /^"default";r=2999;t=(59|60)$/);
    } finally {
      two.close();
    }
  },
);
