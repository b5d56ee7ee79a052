/**
 * Limits (http/limits.ts): body size (413), a body that breaks off (400), URL length (414), JSON depth of
 * management bodies (400), a Host header that is no host (400), each a clear problem; and the rate limit on
 * failed authentications (429, implemented by http/failure_limiter.ts), in-process and over loopback against
 * the real server.
 */
import assert from "node:assert/strict";
import {
  hasLoneSurrogate,
  hasNul,
  isHostHeader,
  jsonDepth,
  MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_URL_LENGTH,
  requestTarget,
} from "../../http/limits.ts";
import { CACHE_CONTROL } from "../../http/http_cache.ts";
import { silentLogger } from "../../lib/log.ts";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { openStore, type Store } from "../../db/store.ts";
import { createToken } from "../../db/tokens.ts";
import { createApp } from "../../main.ts";
import { serverTest } from "../support/server.ts";

const NOW = new Date("2026-11-28T12:00:00.000Z");

async function withApp(
  fn: (app: ReturnType<typeof createApp>, admin: string, store: Store) => Promise<void>,
) {
  const store = await openStore(parseDatabaseUrl("sqlite::memory:"));
  try {
    await loadDemoIfEmpty(store, NOW);
    const { secret } = await createToken(store.db, { role: "admin", label: "limits admin" }, NOW);
    await fn(createApp({ store, log: silentLogger, clock: () => NOW }), secret, store);
  } finally {
    await store.close();
  }
}

/** Everything the server sends on a connection until it closes it (an answer may come in several reads). */
async function readToEnd(conn: Deno.Conn): Promise<string> {
  const buf = new Uint8Array(4096);
  const decoder = new TextDecoder();
  let text = "";
  for (let n = await conn.read(buf); n !== null; n = await conn.read(buf)) {
    text += decoder.decode(buf.subarray(0, n), { stream: true });
  }
  conn.close();
  return text;
}

/** Asserts a problem answer: status, content type, and the problem's own status, code and detail. */
async function assertProblem(res: Response, status: number, code: string, detail: RegExp): Promise<void> {
  assert.equal(res.status, status);
  assert.equal(res.headers.get("Content-Type"), "application/problem+json");
  const problem = await res.json();
  assert.equal(problem.status, status);
  assert.equal(problem.code, code);
  assert.match(problem.detail, detail);
  assert.equal(typeof problem.title, "string");
  assert.equal(typeof problem.type, "string");
}

/** A body stream without a Content-Length (chunked on the wire), of `size` bytes in 64 KiB chunks. */
function streamOf(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(left, 65536);
      left -= n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
}

Deno.test("jsonDepth() counts nesting of arrays and objects, not brackets inside strings", () => {
  assert.equal(jsonDepth("1"), 0);
  assert.equal(jsonDepth("{}"), 1);
  assert.equal(jsonDepth('{"a":[1,{"b":"[[[{{"}]}'), 3);
  assert.equal(jsonDepth('["\\"[[", [[]]]'), 3);
  assert.equal(jsonDepth("[".repeat(100_000)), 100_000);
});

Deno.test("hasNul() finds a NUL character, raw or escaped, but not an escaped backslash before u0000", () => {
  assert.equal(hasNul('{"a":"x\\u0000"}'), true);
  assert.equal(hasNul('{"a":"\\U0000"}'), true);
  assert.equal(hasNul('{"a":"\u0000"}'), true);
  assert.equal(hasNul('{"a":"\\\\u0000"}'), false);
  assert.equal(hasNul('{"a":"\\\\\\u0000"}'), true);
  assert.equal(hasNul('{"a":"u0000"}'), false);
});

Deno.test("[limits] a NUL character in the path, the query or a management body is refused with 400", async () => {
  await withApp(async (app, admin) => {
    const nul = await app.request("/api/v1/events/a%00b");
    // An answer of the public API like any other: its caching and CORS headers, a type of its reference page.
    assert.equal(nul.headers.get("cache-control"), CACHE_CONTROL);
    assert.equal(nul.headers.get("access-control-allow-origin"), "*");
    assert.equal(nul.headers.get("vary"), "Accept-Encoding");
    assert.equal((await nul.clone().json()).type, "/api#problem-invalid-request");
    await assertProblem(nul, 400, "invalid-request", /NUL character/);
    await assertProblem(
      await app.request("/api/v1/rankings?limit=%00"),
      400,
      "invalid-request",
      /NUL character/,
    );
    const page = await app.request("/t/demo%00/tv");
    assert.equal(page.status, 400);
    assert.match(page.headers.get("Content-Type") ?? "", /^text\/html/);
    await page.body?.cancel();
    await assertProblem(
      await app.request("/api/manage/tokens", {
        method: "POST",
        headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
        body: JSON.stringify({ role: "scorer", label: "a\u0000b" }),
      }),
      400,
      "invalid-body",
      /NUL character/,
    );
  });
});

Deno.test("hasLoneSurrogate() finds half a UTF-16 pair, raw or escaped, but not a pair or an escaped backslash", () => {
  assert.equal(hasLoneSurrogate('{"a":"\\ud800"}'), true);
  assert.equal(hasLoneSurrogate('{"a":"x\\uDFFFx"}'), true);
  assert.equal(hasLoneSurrogate('{"a":"\\udc00\\ud800"}'), true); // low before high: two halves
  assert.equal(hasLoneSurrogate('{"a":"\\ud800\\n\\udc00"}'), true);
  assert.equal(hasLoneSurrogate('{"a":"\\\\\\ud800"}'), true);
  assert.equal(hasLoneSurrogate('{"a":"\ud800"}'), true);
  assert.equal(hasLoneSurrogate('{"a":"\\ud83c\\udfd3"}'), false);
  assert.equal(hasLoneSurrogate('{"a":"\\ud83c\udfd3"}'), false); // escaped high, raw low: JSON.parse pairs them
  assert.equal(hasLoneSurrogate('{"a":"\u{1F3D3}"}'), false);
  assert.equal(hasLoneSurrogate('{"a":"\\\\ud800"}'), false);
  assert.equal(hasLoneSurrogate('{"a":"ud800"}'), false);
});

Deno.test("[limits] a management body with a lone surrogate or not in UTF-8 is refused with 400, naming the field", async () => {
  await withApp(async (app, admin) => {
    const headers = { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" };
    const post = (path: string, body: BodyInit) => app.request(path, { method: "POST", headers, body });
    // JSON.stringify writes a lone surrogate escaped ("\ud800"): stored, it would become U+FFFD.
    for (const label of ["a\ud800", "a\udbff", "\udfff"]) {
      const res = await post("/api/manage/tokens", JSON.stringify({ role: "scorer", label }));
      assert.equal((await res.clone().json()).field, "label");
      await assertProblem(res, 400, "invalid-body", /^Invalid body: "label" holds a lone UTF-16 surrogate/);
    }
    // Raw on the wire, a surrogate is a byte sequence that is not UTF-8 (ED A0 80), which a decoder would
    // silently turn into U+FFFD; so is any other byte sequence that is not UTF-8.
    for (const raw of [[0xed, 0xa0, 0x80], [0xe9]]) {
      const body = Uint8Array.from([
        ...new TextEncoder().encode('{"role":"scorer","label":"a'),
        ...raw,
        0x22,
        0x7d,
      ]);
      await assertProblem(await post("/api/manage/tokens", body), 400, "invalid-body", /not UTF-8/);
    }
    // The HTTP import too, with the file's JSON path; and a NUL is named the same way.
    const file = await Deno.readTextFile(new URL("../fixtures/import/spring_open.json", import.meta.url));
    const lone = await post("/api/manage/events/import", file.replace('"Ana Lopez"', '"Ana\\ud800Lopez"'));
    assert.equal((await lone.clone().json()).field, "players[0].displayName");
    await assertProblem(
      lone,
      400,
      "invalid-body",
      /"players\[0\]\.displayName" holds a lone UTF-16 surrogate/,
    );
    const nul = await post("/api/manage/tokens", JSON.stringify({ role: "scorer", label: "a\u0000b" }));
    assert.equal((await nul.clone().json()).field, "label");
    await assertProblem(nul, 400, "invalid-body", /^Invalid body: "label" holds a NUL character/);
    // A key is named too; a body that does not parse is refused without a field.
    const key = await post("/api/manage/tokens", '{"role":"scorer","la\\udc00bel":"x"}');
    assert.equal((await key.clone().json()).field, "la\udc00bel");
    await assertProblem(key, 400, "invalid-body", /lone UTF-16 surrogate/);
    const broken = await post("/api/manage/tokens", '{"label":"\\ud800"');
    assert.equal((await broken.clone().json()).field, undefined);
    await assertProblem(broken, 400, "invalid-body", /^Invalid body: text with a lone UTF-16 surrogate/);
    // A pair is a character like any other.
    const pair = await post(
      "/api/manage/tokens",
      JSON.stringify({ role: "scorer", label: "Table \u{1F3D3}" }),
    );
    assert.equal(pair.status, 201);
    assert.equal((await pair.json()).data.token.label, "Table \u{1F3D3}");
  });
});

Deno.test("isHostHeader() accepts a host name or address with an optional port, nothing else", () => {
  for (
    const host of [undefined, "localhost", "venue.local:8000", "192.168.1.20:8000", "[::1]:8000", "xn--d-eha"]
  ) {
    assert.equal(isHostHeader(host), true, String(host));
  }
  for (const host of ["a b", "h/t/x#", "evil.example/x?", "h#", "user@h", "h:80:80", "h:port", "[::1", ""]) {
    assert.equal(isHostHeader(host), false, host);
  }
});

Deno.test("[limits] a Host header with a path is refused with 400 rather than routed to that path", async () => {
  await withApp(async (app) => {
    const res = await app.request("/api/v1/events", {
      headers: { Host: "localhost:8000/t/demo-open-2026/tv#" },
    });
    assert.equal(res.status, 400);
    await res.body?.cancel();
  });
});

Deno.test("[limits] a body that breaks off is a 400 problem, in the guard or while the route reads", async () => {
  await withApp(async (app, admin) => {
    const broken = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"label":'));
          controller.error(new Deno.errors.ConnectionReset("connection reset by peer"));
        },
      });
    const headers = { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" };
    for (const path of ["/api/manage/tokens", "/api/v1/events", "/t/demo-open-2026"]) {
      const res = await app.request(path, { method: "POST", headers, body: broken() });
      assert.equal(res.status, 400, path);
      if (path.startsWith("/api/")) {
        assert.equal((await res.json()).code, "incomplete-body", path);
      } else {
        assert.match(await res.text(), /Incomplete request body/);
      }
    }
  });
});

Deno.test("requestTarget() is the path and query of a URL", () => {
  assert.equal(requestTarget("http://localhost:8000/api/v1/events?limit=1"), "/api/v1/events?limit=1");
  assert.equal(requestTarget("http://localhost"), "/");
});

Deno.test("[limits] a body over 1 MiB is refused with 413, with or without a Content-Length", async () => {
  await withApp(async (app, admin) => {
    const headers = { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" };
    // Exactly the limit passes the guard (the route then judges the body).
    const atLimit = JSON.stringify({ label: "x".repeat(MAX_BODY_BYTES - 30), role: "scorer" });
    assert.ok(new TextEncoder().encode(atLimit).length <= MAX_BODY_BYTES);
    const ok = await app.request("/api/manage/tokens", {
      method: "POST",
      headers: { ...headers, "Content-Length": String(atLimit.length) },
      body: atLimit,
    });
    assert.notEqual(ok.status, 413);
    await ok.body?.cancel();
    const over = "x".repeat(MAX_BODY_BYTES + 1);
    await assertProblem(
      await app.request("/api/manage/tokens", {
        method: "POST",
        headers: { ...headers, "Content-Length": String(over.length) },
        body: over,
      }),
      413,
      "payload-too-large",
      /larger than 1 MiB/,
    );
    // Chunked: counted while read.
    await assertProblem(
      await app.request("/api/manage/events/import", {
        method: "POST",
        headers,
        body: streamOf(2 * MAX_BODY_BYTES),
      }),
      413,
      "payload-too-large",
      /1048576 bytes/,
    );
    // The limit holds for the whole app, public paths and pages included.
    const page = await app.request("/t/demo-open-2026", {
      method: "POST",
      body: streamOf(MAX_BODY_BYTES + 1),
    });
    assert.equal(page.status, 413);
    assert.match(page.headers.get("Content-Type") ?? "", /^text\/html/);
    await page.body?.cancel();
  });
});

Deno.test("[limits] a path and query over 2,048 characters is refused with 414 (problem JSON or HTML)", async () => {
  await withApp(async (app) => {
    const base = "/api/v1/events?q=";
    // At the limit the request reaches its route, which names the parameter it does not take.
    const fits = await app.request(base + "a".repeat(MAX_URL_LENGTH - base.length));
    await assertProblem(fits, 400, "invalid-parameter", /Unknown query parameter "q"/);
    const long = await app.request(base + "a".repeat(MAX_URL_LENGTH - base.length + 1));
    await assertProblem(long, 414, "uri-too-long", /2049 characters long \(at most 2048\)/);
    assert.equal(long.headers.get("Access-Control-Allow-Origin"), "*");
    const page = await app.request("/t/" + "a".repeat(3000));
    assert.equal(page.status, 414);
    assert.match(page.headers.get("Content-Type") ?? "", /^text\/html/);
    assert.match(await page.text(), /URI too long/);
  });
});

Deno.test("[limits] a management body nested deeper than 32 is refused with 400 before it is parsed", async () => {
  await withApp(async (app, admin) => {
    const headers = { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" };
    const nest = (n: number) =>
      '{"role":"scorer","label":"deep","x":' + "[".repeat(n - 1) + "]".repeat(n - 1) + "}";
    const shallow = await app.request("/api/manage/tokens", {
      method: "POST",
      headers,
      body: nest(MAX_JSON_DEPTH),
    });
    // Not refused for depth: the route sees the body (and refuses the unknown field "x").
    assert.equal(shallow.status, 400);
    assert.doesNotMatch((await shallow.json()).detail, /nested/);
    await assertProblem(
      await app.request("/api/manage/tokens", { method: "POST", headers, body: nest(MAX_JSON_DEPTH + 1) }),
      400,
      "invalid-body",
      /nested 33 levels deep \(at most 32\)/,
    );
    await assertProblem(
      await app.request("/api/manage/events/import", { method: "POST", headers, body: "[".repeat(500_000) }),
      400,
      "invalid-body",
      /nested 500000 levels deep/,
    );
    // A body read by the guard can still be read by the route.
    const made = await app.request("/api/manage/tokens", {
      method: "POST",
      headers,
      body: JSON.stringify({ role: "scorer", label: "after the guard" }),
    });
    assert.equal(made.status, 201);
    assert.equal((await made.json()).data.token.label, "after the guard");
  });
});

Deno.test("[limits] failed authentications are rate limited per client address (429 with Retry-After)", async () => {
  await withApp(async (app, admin) => {
    const from = (hostname: string) => ({ remoteAddr: { transport: "tcp", hostname, port: 1 } });
    const bad = { Authorization: "Bearer tt_" + "A".repeat(43) };
    for (let i = 0; i < 10; i++) {
      const res = await app.request("/api/manage/whoami", { headers: bad }, from("192.0.2.1"));
      assert.equal(res.status, 401, `attempt ${i + 1}`);
      await res.body?.cancel();
    }
    const limited = await app.request("/api/manage/whoami", { headers: bad }, from("192.0.2.1"));
    assert.ok(Number(limited.headers.get("Retry-After")) > 0);
    await assertProblem(limited, 429, "too-many-requests", /Too many failed authentications/);
    // While limited, the address is refused even with a good token (guessing must not be confirmed).
    const good = { Authorization: `Bearer ${admin}` };
    const refused = await app.request("/api/manage/whoami", { headers: good }, from("192.0.2.1"));
    assert.equal(refused.status, 429);
    await refused.body?.cancel();
    // Another address is not affected.
    const other = await app.request("/api/manage/whoami", { headers: good }, from("192.0.2.2"));
    assert.equal(other.status, 200);
    await other.body?.cancel();
    // Reading the public API never counts.
    const pub = await app.request("/api/v1/events", { headers: bad }, from("192.0.2.1"));
    assert.equal(pub.status, 200);
    await pub.body?.cancel();
  });
});

serverTest(
  "[limits] over loopback: 413, 414, a bad Host header and the 429 of the real server",
  async (spawn) => {
    const server = await spawn();
    const big = await fetch(`${server.origin}/api/manage/tokens`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(2 * MAX_BODY_BYTES),
    });
    assert.equal(big.status, 413);
    assert.equal((await big.json()).code, "payload-too-large");
    const long = await fetch(`${server.origin}/api/v1/events?q=${"a".repeat(3000)}`);
    assert.equal(long.status, 414);
    assert.equal((await long.json()).code, "uri-too-long");

    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
    await conn.write(
      new TextEncoder().encode(
        "GET /api/v1/events/x HTTP/1.1\r\nHost: bad host\r\nConnection: close\r\n\r\n",
      ),
    );
    const answer = await readToEnd(conn);
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.match(answer, /invalid-host/);

    // A body cut short: the client announces 100 bytes, sends 4 and closes its side.
    const cut = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
    await cut.write(
      new TextEncoder().encode(
        "POST /api/manage/tokens HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
          'Content-Length: 100\r\n\r\n{"a"',
      ),
    );
    await cut.closeWrite();
    const cutAnswer = await readToEnd(cut);
    assert.match(cutAnswer, /^HTTP\/1\.1 400 /);
    assert.match(cutAnswer, /incomplete-body/);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${server.origin}/api/manage/whoami`, {
        headers: { Authorization: "Bearer tt_guess" + i },
      });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    assert.deepEqual(statuses, [...Array(10).fill(401), 429, 429]);

    // A JSON body read by the guard: the server's log stays free of the runtime's warning about
    // request.signal (it was printed at the first write of every start, and read as an error).
    const small = await fetch(`${server.origin}/api/manage/tokens`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    await small.body?.cancel();
    assert.doesNotMatch(server.output(), /legacy behavior|request\.signal/);
  },
);
