/**
 * Fuzz: seeded, bounded streams of hostile requests against every route, in-process (`app.request`): malformed
 * path segments and query parameters (huge, Unicode, encoded slashes, SQL and HTML injection, null bytes),
 * odd methods and headers, and for the management API hostile bodies (wrong types, missing fields, huge, deep,
 * duplicate keys) with and without a valid token. Every answer must come, be below 500, problem JSON for
 * API errors and HTML for pages, with no reflected markup; the app must still serve afterwards. A second
 * test sends raw malformed HTTP over loopback to the real server, which must stay up.
 *
 * Answers are not timed: how fast the app answers is the benchmark's to measure (bench/), and a busy machine
 * makes any time limit fail on its own. What the fuzz catches of a slow path is the one that never ends (a
 * regular expression backtracking without end, a scan that does not stop): an answer that has not come after
 * the suite's patience (tests/support/wait.ts) is a hang.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { silentLogger } from "../../lib/log.ts";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import type { Store } from "../../db/store.ts";
import { createToken } from "../../db/tokens.ts";
import { createApp } from "../../main.ts";
import { reportFigure, serverTest } from "../support/server.ts";
import { storeTest } from "../support/stores.ts";
import { PATIENCE_MS } from "../support/wait.ts";
import { PAGE_ROUTES } from "../support/page_routes.ts";

const NOW = new Date("2026-11-28T12:00:00.000Z");
const SEED = 20261128;

/** Requests of the general stream (every route, every method) and of the management body stream. */
const GENERAL_REQUESTS = 9000;
const BODY_REQUESTS = 3000;

/** A small, fast, seeded generator (mulberry32), so that a failure can be replayed. */
class Rng {
  #s: number;
  constructor(seed: number) {
    this.#s = seed >>> 0;
  }
  next(): number {
    let t = (this.#s = (this.#s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A marker that must never come back unescaped in HTML. */
const XSS = "<fz-x onmouseover=alert(1)>";

/** Hostile path segments and query values. */
const HOSTILE: readonly string[] = [
  "",
  ".",
  "..",
  "%2e%2e",
  "..%2f..%2fetc%2fpasswd",
  "%2F",
  "a%2Fb",
  "a/b",
  "%5C..%5C",
  "%00",
  "a%00b",
  "\u0000",
  "%zz",
  "%",
  "%E0%A4%A",
  "%C0%AF",
  "%FF%FE",
  "' OR '1'='1",
  "1; DROP TABLE events;--",
  '" OR 1=1 --',
  "') UNION SELECT email, birth_date FROM players --",
  "%27%20OR%201%3D1--",
  XSS,
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "${7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "0x10",
  "9".repeat(40),
  "[]",
  "{}",
  "😀🏓",
  "ä",
  "\u202e",
  "\ufeff",
  "\u{1d518}\u{1d52b}",
  "%F0%9F%98%80",
  "%0d%0aSet-Cookie:%20x=y",
  "\\",
  "//",
  "?",
  "#",
  "&",
  "=",
  "+",
  " ",
  "%20",
  "\t",
  "*",
  "a".repeat(255),
  "b".repeat(1000),
  "c".repeat(2100),
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "DEMO-OPEN-2026",
  "demo-open-2026 ",
  "demo-open-2026%00",
];

/** Route templates: the public API, the pages, the management API (":x" is filled in). */
const ROUTES: readonly string[] = [
  "/",
  "/api",
  "/api/v1",
  "/api/v1/events",
  "/api/v1/events/:x",
  "/api/v1/events/:x/matches",
  "/api/v1/events/:x/players",
  "/api/v1/subevents/:x/draw",
  "/api/v1/subevents/:x/standings",
  "/api/v1/subevents/:x/matches",
  "/api/v1/matches/:x",
  "/api/v1/rankings",
  "/api/v1/openapi.json",
  "/api/v1/:x",
  "/rankings",
  ...PAGE_ROUTES,
  "/:x",
  "/api/manage",
  "/api/manage/whoami",
  "/api/manage/events",
  "/api/manage/events/:x",
  "/api/manage/events/:x/publish",
  "/api/manage/events/:x/unpublish",
  "/api/manage/events/:x/announcement",
  "/api/manage/events/:x/audit",
  "/api/manage/events/:x/links",
  "/api/manage/events/:x/export",
  "/api/manage/events/import",
  "/api/manage/subevents/:x/lock",
  "/api/manage/subevents/:x/unlock",
  "/api/manage/subevents/:x/draw",
  "/api/manage/subevents/:x/draw/advance",
  "/api/manage/matches",
  "/api/manage/matches/:x",
  "/api/manage/matches/:x/start",
  "/api/manage/matches/:x/point",
  "/api/manage/matches/:x/undo",
  "/api/manage/matches/:x/correct",
  "/api/manage/matches/:x/walkover",
  "/api/manage/matches/:x/retire",
  "/api/manage/matches/:x/disqualify",
  "/api/manage/matches/:x/reopen",
  "/api/manage/matches/:x/result",
  "/api/manage/matches/:x/assign",
  "/api/manage/tokens",
  "/api/manage/tokens/:x/revoke",
  "/api/manage/audit",
  "/api/manage/:x",
];

const QUERY_KEYS = [
  "limit",
  "offset",
  "page",
  "interval",
  "size",
  "base",
  "event",
  "match",
  "debug",
  "theme",
  "status",
  "player",
  "include",
  "callback",
  "fields",
  "__proto__",
  "",
  "a[b]",
  "x".repeat(300),
];

const METHODS = [
  "GET",
  "GET",
  "GET",
  "GET",
  "HEAD",
  "OPTIONS",
  "POST",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "PROPFIND",
  "FOO",
];

/** Header values that are odd but sendable (latin-1, no line breaks). */
function oddHeaders(rng: Rng, auth: readonly string[]): Record<string, string> {
  const h: Record<string, string> = {};
  const add = (name: string, values: readonly string[]) => {
    if (rng.chance(0.3)) h[name] = rng.pick(values);
  };
  add("Accept", [
    "application/json",
    "text/html",
    "*/*",
    "application/problem+json",
    "image/*;q=abc",
    ";;;,,,",
  ]);
  add("Accept-Encoding", [
    "gzip",
    "br",
    "deflate",
    "gzip;q=0, identity;q=0",
    "*;q=0",
    "zstd",
    "gzip;q=abc",
    "x".repeat(3000),
  ]);
  add("If-None-Match", ["*", 'W/"x"', '"', "W/", 'W/"a", "b", *', "z".repeat(4000)]);
  add("If-Modified-Since", ["yesterday", "Thu, 01 Jan 1970 00:00:00 GMT", ""]);
  add("Range", ["bytes=0-1", "bytes=-1", "bytes=9999999-", "lines=1"]);
  add("Content-Type", [
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "application/json; charset=utf-16",
    "garbage",
    "",
  ]);
  add("Origin", ["https://evil.example", "null"]);
  add("Cookie", ["a=b", "session=" + "s".repeat(2000)]);
  add("X-Forwarded-For", ["1.2.3.4", "127.0.0.1, ::1", "garbage"]);
  add("Idempotency-Key", ["k1", "", "k".repeat(500), "ä\u00ff"]);
  add("Authorization", auth);
  return h;
}

/** A path segment in one of its spellings: raw (the URL parser escapes it), percent-encoded, double-encoded. */
function spell(rng: Rng, value: string): string {
  const how = rng.int(3);
  if (how === 0) return value;
  try {
    const once = encodeURIComponent(value);
    return how === 1 ? once : encodeURIComponent(once);
  } catch {
    return value; // a lone surrogate cannot be encoded; the URL parser replaces it
  }
}

interface Corpus {
  ids: string[];
  hostile: string[];
}

function pickValue(rng: Rng, corpus: Corpus): string {
  return rng.chance(0.35) ? rng.pick(corpus.ids) : rng.pick(corpus.hostile);
}

/** A request target made from a route template (returned too, to group the findings by route). */
function makePath(rng: Rng, corpus: Corpus): [string, string] {
  const route = rng.pick(ROUTES);
  let path = route.replace(":x", () => spell(rng, pickValue(rng, corpus)));
  if (rng.chance(0.08)) path += "/" + spell(rng, pickValue(rng, corpus));
  if (rng.chance(0.05)) path = path.replace(/^\//, rng.pick(["//", "/./", "/../", "/%2e/"]));
  if (rng.chance(0.05)) path += "/";
  if (rng.chance(0.5)) {
    const n = 1 + rng.int(4);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const key = rng.pick(QUERY_KEYS);
      parts.push(
        rng.chance(0.1) ? spell(rng, key) : `${spell(rng, key)}=${spell(rng, pickValue(rng, corpus))}`,
      );
    }
    path += "?" + parts.join(rng.pick(["&", "&&", ";"]));
  }
  return [route, path];
}

/** Hostile bodies for the management API: raw text (duplicate keys, odd numbers) or bytes. */
function makeBody(rng: Rng, corpus: Corpus): string | Uint8Array<ArrayBuffer> {
  const id = () => JSON.stringify(rng.pick(corpus.ids));
  const val = () =>
    rng.pick([
      "1",
      "-1",
      "1.5",
      "1e309",
      "-0",
      "9007199254740993",
      "null",
      "true",
      '"home"',
      '"away"',
      '"HOME"',
      '"home "',
      '""',
      "[]",
      "{}",
      '["home"]',
      '{"$ne":null}',
      JSON.stringify(XSS),
      JSON.stringify("' OR 1=1 --"),
      JSON.stringify("\u0000"),
      JSON.stringify("😀".repeat(50)),
      JSON.stringify("x".repeat(5000)),
      '"2026-11-28T14:00:00Z"',
      '"2026-13-45T99:99:99Z"',
      '"admin"',
      '"scorer"',
      id(),
    ]);
  const field = () =>
    rng.pick([
      "side",
      "winner",
      "firstServer",
      "revision",
      "game",
      "home",
      "away",
      "tableNo",
      "scheduledAt",
      "role",
      "label",
      "event",
      "table",
      "text",
      "format",
      "__proto__",
      "constructor",
      "",
    ]);
  switch (rng.int(12)) {
    case 0:
      return "";
    case 1: // duplicate keys: the last one wins in JSON.parse
      return `{"side":"home","side":${val()},"revision":${val()},"revision":0}`;
    case 2: // missing fields
      return "{}";
    case 3:
      return rng.pick([
        "null",
        "[]",
        "1",
        '"text"',
        "true",
        "{",
        "{]",
        "\ufeff{}",
        "{'side':'home'}",
        '{"side":"home",}',
      ]);
    case 4: { // deep
      const n = rng.pick([31, 33, 200, 5000, 100_000]);
      return "[".repeat(n) + "]".repeat(n);
    }
    case 5: { // huge
      const n = rng.pick([1024 * 1024 - 100, 1024 * 1024 + 1, 2 * 1024 * 1024]);
      return JSON.stringify({ label: "x".repeat(n) });
    }
    case 6: { // bytes that are not UTF-8
      const bytes = new Uint8Array(1 + rng.int(64));
      for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
      return bytes;
    }
    case 7: { // an event file, mutated
      const file: Record<string, unknown> = {
        format: rng.pick(["tt-event/1", "tt-event/2", 1]),
        event: {
          slug: rng.pick(["fuzz-cup", XSS, "a".repeat(300), "demo-open-2026", ""]),
          name: rng.pick(["Fuzz Cup", "", XSS]),
          venue: "Hall",
          startDate: rng.pick(["2026-12-01", "2026-02-30", "x"]),
          endDate: "2026-12-01",
          status: rng.pick(["draft", "published", "archived", "secret"]),
        },
        players: rng.chance(0.5) ? [] : [{ id: "p1", displayName: "P" }, { id: "p1", displayName: "Q" }],
        categories: rng.chance(0.5) ? [] : [{
          id: "C",
          name: "C",
          kind: "singles",
          format: "knockout",
          bestOf: rng.pick([3, 4, -1]),
          entries: [],
        }],
      };
      return JSON.stringify(file);
    }
    default: { // an object of random fields
      const n = rng.int(5);
      const parts: string[] = [];
      for (let i = 0; i < n; i++) parts.push(`${JSON.stringify(field())}:${val()}`);
      return `{${parts.join(",")}}`;
    }
  }
}

/** The body as text, decompressed where the app compressed it (a brotli body is not read: null). */
async function bodyText(res: Response): Promise<string | null> {
  const encoding = res.headers.get("Content-Encoding");
  if (!encoding || !res.body) return await res.text();
  if (encoding === "gzip" || encoding === "deflate") {
    return await new Response(res.body.pipeThrough(new DecompressionStream(encoding))).text();
  }
  await res.body.cancel();
  return null;
}

/** What is wrong with an answer, or null. */
function violation(method: string, path: string, res: Response, body: string | null): string | null {
  const type = res.headers.get("Content-Type") ?? "";
  const pathname = new URL(path, "http://localhost").pathname;
  if (res.status >= 500) return `answered ${res.status}: ${body?.slice(0, 200)}`;
  const api = pathname.startsWith("/api/");
  const hasBody = method !== "HEAD" && res.status !== 204 && res.status !== 304;
  if (api && res.status >= 400) {
    if (!type.startsWith("application/problem+json")) return `an API error ${res.status} as "${type}"`;
    if (hasBody && body !== null) {
      let problem: { status?: unknown; title?: unknown; detail?: unknown };
      try {
        problem = JSON.parse(body);
      } catch {
        return `an API error ${res.status} whose body is not JSON`;
      }
      if (
        problem.status !== res.status || typeof problem.title !== "string" ||
        typeof problem.detail !== "string"
      ) {
        return `an API error ${res.status} that is not a problem: ${body.slice(0, 120)}`;
      }
    }
  } else if (api && hasBody && res.status < 300 && !type.includes("json")) {
    return `an API answer ${res.status} as "${type}"`;
  } else if (!api && pathname !== "/api" && hasBody && !type.startsWith("text/html")) {
    return `a page answer ${res.status} as "${type}"`;
  }
  if (type.startsWith("text/html") && body?.includes(XSS)) return "reflects markup unescaped";
  return null;
}

/** What `work` gives, or null when it has not settled after the suite's patience (a hang). */
async function unlessHung<T>(work: Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<null>((resolve) => timer = setTimeout(() => resolve(null), PATIENCE_MS));
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Records violations by kind, keeping the first example of each. */
class Findings {
  readonly kinds = new Map<string, { count: number; example: string }>();
  add(method: string, route: string, path: string, what: string): void {
    const verb = method === "GET" || method === "HEAD" ? method : "other methods";
    const kind = `${verb} ${route}: ${what.replace(/\d+/g, "N").slice(0, 50)}`;
    const seen = this.kinds.get(kind);
    if (seen) seen.count++;
    else this.kinds.set(kind, { count: 1, example: `${method} ${path.slice(0, 200)} -> ${what}` });
  }
  /** The kinds, most frequent first, each with its first example (at most `limit`). */
  report(limit = 25): string[] {
    return [...this.kinds].sort(([, a], [, b]) => b.count - a.count).slice(0, limit)
      .map(([kind, { count, example }]) => `${count}x ${kind}\n    e.g. ${example}`);
  }
}

async function seed(store: Store) {
  await loadDemoIfEmpty(store, NOW);
  const admin = (await createToken(store.db, { role: "admin", label: "fuzz admin" }, NOW)).secret;
  const scorer =
    (await createToken(store.db, { role: "scorer", label: "fuzz scorer", tableNo: 1 }, NOW)).secret;
  const spare = await createToken(store.db, { role: "scorer", label: "fuzz spare" }, NOW);
  const ids: string[] = [spare.token.id];
  for (const e of await store.db.selectFrom("events").select(["slug", "id"]).execute()) {
    ids.push(e.slug, e.id);
  }
  for (const s of await store.db.selectFrom("subevents").select("id").execute()) ids.push(s.id);
  for (const m of await store.db.selectFrom("matches").select("id").limit(40).execute()) ids.push(m.id);
  for (const p of await store.db.selectFrom("players").select("id").limit(20).execute()) ids.push(p.id);
  return { admin, scorer, ids };
}

/** Random strings from fast-check (graphemes of every script, and raw code units with lone surrogates). */
function randomStrings(): string[] {
  return [
    ...fc.sample(fc.string({ unit: "grapheme", maxLength: 16 }), { seed: SEED, numRuns: 150 }),
    ...fc.sample(fc.string({ unit: "binary", maxLength: 8 }), { seed: SEED + 1, numRuns: 100 }),
    ...fc.sample(fc.string({ unit: fc.constantFrom(..."%/.?#&=+;\\'\"<>"), maxLength: 12 }), {
      seed: SEED + 2,
      numRuns: 50,
    }),
  ];
}

storeTest(
  "fuzz: 12,000 hostile requests over every route answer below 500, as problem JSON or HTML",
  async (store) => {
    const { admin, scorer, ids } = await seed(store);
    const app = createApp({ store, log: silentLogger, clock: () => NOW });
    const rng = new Rng(SEED);
    const corpus: Corpus = { ids, hostile: [...HOSTILE, ...randomStrings()] };
    const auth = [
      `Bearer ${admin}`,
      `Bearer ${admin}`,
      `Bearer ${scorer}`,
      "Bearer",
      "Bearer ",
      "Bearer tt_" + "A".repeat(43),
      `Bearer ${admin.slice(0, -1)}x`,
      `bearer ${admin} extra`,
      "Basic dXNlcjpwYXNz",
      "Bearer " + "t".repeat(3000),
      `Bearer ${XSS}`,
    ];
    const findings = new Findings();
    const statuses = new Map<number, number>();
    let sent = 0, unsendable = 0, slowest = 0;
    const started = performance.now();

    const send = async (
      method: string,
      route: string,
      path: string,
      headers: Record<string, string>,
      body?: string | Uint8Array<ArrayBuffer>,
    ) => {
      let request: Request;
      try {
        request = new Request(new URL(path, "http://localhost"), { method, headers, body: body ?? null });
      } catch {
        unsendable++; // a client library refuses it (e.g. a forbidden method): nothing to send
        return;
      }
      // A failed authentication counts against the client's address: spread the anonymous ones over many, and
      // keep one address for the valid tokens, so that the limit answers 429 only where it should.
      const valid = headers.Authorization === `Bearer ${admin}` ||
        headers.Authorization === `Bearer ${scorer}`;
      const hostname = valid ? "10.255.255.1" : `10.0.${rng.int(256)}.${rng.int(256)}`;
      const t0 = performance.now();
      const answer = await unlessHung(
        Promise.resolve(
          app.request(request, undefined, { remoteAddr: { transport: "tcp", hostname, port: 1 } }),
        )
          .then(async (res) => ({ res, text: await bodyText(res) })),
      );
      slowest = Math.max(slowest, performance.now() - t0);
      sent++;
      if (answer === null) {
        findings.add(method, route, path, `no answer after ${PATIENCE_MS / 1000} s`);
        return;
      }
      const { res, text } = answer;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const what = violation(method, path, res, text);
      if (what) findings.add(method, route, path, what);
    };

    for (let i = 0; i < GENERAL_REQUESTS; i++) {
      const method = rng.pick(METHODS);
      const [route, path] = makePath(rng, corpus);
      const headers = oddHeaders(rng, auth);
      const body = method === "GET" || method === "HEAD" || rng.chance(0.5)
        ? undefined
        : makeBody(rng, corpus);
      await send(method, route, path, headers, body);
    }
    const writes = ROUTES.filter((r) => r.startsWith("/api/manage/")).filter((r) => !r.endsWith("/revoke"));
    for (let i = 0; i < BODY_REQUESTS; i++) {
      const route = rng.pick(writes);
      const path = route.replace(":x", () => spell(rng, pickValue(rng, corpus)));
      const headers: Record<string, string> = {
        "Content-Type": rng.chance(0.9) ? "application/json" : "text/plain",
      };
      if (rng.chance(0.6)) headers.Authorization = `Bearer ${rng.chance(0.8) ? admin : scorer}`;
      else if (rng.chance(0.5)) headers.Authorization = rng.pick(auth);
      if (rng.chance(0.3)) headers["Idempotency-Key"] = `fuzz-${rng.int(50)}`;
      const method = rng.chance(0.9) ? "POST" : rng.pick(["PUT", "PATCH", "DELETE"]);
      await send(method, route, path, headers, makeBody(rng, corpus));
    }
    const seconds = (performance.now() - started) / 1000;

    // Still serving, and the data is still readable. The fuzz may have unpublished the event (a valid request
    // among the random ones): the operator publishing it again must work.
    const publish = await app.request("/api/manage/events/demo-open-2026/publish", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}` },
    });
    assert.equal(publish.status, 200, await publish.text());
    for (const path of ["/api/v1/events", "/t/demo-open-2026", "/api/v1/rankings"]) {
      const res = await app.request(path);
      assert.equal(
        res.status,
        200,
        `${path} still answers: ${res.status} ${(await res.text()).slice(0, 300)}`,
      );
    }
    const summary = `${sent} requests (${unsendable} unsendable) in ${seconds.toFixed(1)} s, slowest ${
      Math.round(slowest)
    } ms; statuses ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(" ")}`;
    reportFigure(`fuzz ${store.dialect}`, summary);
    assert.ok(sent >= 10_000, summary);
    assert.deepEqual(findings.report(), [], summary);
  },
);

/** Raw requests that no HTTP client library would send: the server must answer or close, and stay up. */
const RAW_REQUESTS: readonly string[] = [
  "GARBAGE\r\n\r\n",
  "GET\r\n\r\n",
  "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
  "GET /\0 HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /t/\0\0 HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /api/v1/events/%00 HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /api/v1/events/%zz HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /api/v1/events/\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET http://evil.example/api/v1/events HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
  "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
  "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: x\r\n\r\n",
  "TRACE / HTTP/1.1\r\nHost: x\r\n\r\n",
  "TRACK / HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
  "GET /api/v1/events/%00 HTTP/1.1\r\nHost: bad host\r\n\r\n", // the URL the server builds does not parse
  "GET /api/manage/nothing HTTP/1.1\r\nHost: a b:c\r\n\r\n",
  "GET /t/nothing HTTP/1.1\r\nHost: [::1\r\n\r\n",
  "GET /api/v1/events HTTP/1.1\r\nHost: a/b\r\n\r\n",
  "GET / HTTP/1.1\r\n\r\n",
  "GET / HTTP/1.0\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: x\r\n X-Folded: yes\r\n\r\n",
  `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(70_000)}\r\n\r\n`,
  `GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  "POST /api/manage/tokens HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
  "POST /api/manage/tokens HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
  "POST /api/manage/tokens HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
  "POST /api/manage/tokens HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n",
  "POST /api/manage/tokens HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
  "POST /api/manage/tokens HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
  'POST /api/manage/tokens HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"role":', // cut short
  "GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip;q=NaN, br;q=-1\r\n\r\n",
  "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
  "\r\n\r\n\r\n",
  "\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03", // a TLS ClientHello on the plain port
];

/**
 * Sends one raw request and reads what comes back within 0.7 s (or until the server closes). The window only
 * bounds the test, it is no limit on the server: a request cut short leaves the server waiting for the rest,
 * which is right, and an answer that comes later is not judged (on a busy machine, fewer are).
 */
async function rawExchange(port: number, request: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const bytes = Uint8Array.from(request, (ch) => ch.charCodeAt(0) & 0xff);
    await conn.write(bytes).catch(() => 0);
    const buf = new Uint8Array(4096);
    const timer = setTimeout(() => conn.close(), 700);
    try {
      const n = await conn.read(buf);
      return n === null ? "" : new TextDecoder().decode(buf.subarray(0, n));
    } catch {
      return "";
    } finally {
      clearTimeout(timer);
    }
  } finally {
    try {
      conn.close();
    } catch {
      // closed by the timer already
    }
  }
}

serverTest(
  "fuzz: raw malformed HTTP over loopback never answers 5xx and leaves the real server up",
  async (spawn) => {
    const server = await spawn();
    const rng = new Rng(SEED);
    const answers: string[] = [];
    let answered = 0;
    // Each raw request, then 300 more made of random fragments of them.
    const requests = [...RAW_REQUESTS];
    for (let i = 0; i < 300; i++) {
      const a = rng.pick(RAW_REQUESTS), b = rng.pick(RAW_REQUESTS);
      requests.push(a.slice(0, rng.int(a.length)) + b.slice(rng.int(b.length)));
    }
    // 32 connections at a time: a request the server waits on costs the whole read timeout.
    for (let i = 0; i < requests.length; i += 32) {
      await Promise.all(
        requests.slice(i, i + 32).map(async (request) => {
          const answer = await rawExchange(server.port, request);
          const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1];
          if (status) answered++;
          if (status && Number(status) >= 500) {
            answers.push(`${JSON.stringify(request.slice(0, 60))} -> ${status}`);
          }
        }),
      );
    }
    assert.deepEqual(answers, []);
    reportFigure(
      "fuzz raw",
      `${requests.length} raw requests, ${answered} answered within the window, none 5xx, server up`,
    );
    const res = await fetch(`${server.origin}/api/v1/events`);
    assert.equal(res.status, 200);
    await res.body?.cancel();
    assert.equal(
      (await fetch(`${server.origin}/t/demo-open-2026`).then((r) => r.text())).includes("Demo Open"),
      true,
    );
  },
);
