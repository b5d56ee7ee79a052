/**
 * Store outage, PostgreSQL mode: the real server on a throwaway PostgreSQL 15 of the test's own. When the
 * database is stopped the API answers 503 problem JSON (reads and writes) and pages 503 HTML, while a live page
 * already open in a browser keeps what it shows; when the database is back the service recovers by itself. An
 * idle pool of more than 10 s still answers, and a frozen database (accepts connections, never answers) still
 * gets its 503: a read by the read deadline (1.5 s, db/health.ts), which keeps the promise of a 503 within 2 s.
 * Skipped, with the reason in its name, without the PostgreSQL binaries. The guard itself is also tested
 * in-process, on a pool whose server refuses connections and on one whose server never answers, which needs no
 * PostgreSQL at all.
 *
 * What is asserted is which guard answered and that an answer came at all (a hang fails after the suite's
 * patience, tests/support/wait.ts), and, for the deadline, that it was waited for: never that an answer came
 * sooner than some time, which a busy machine breaks on its own. The times are reported as figures.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { silentLogger } from "../../lib/log.ts";
import { isStoreUnavailable, READ_DEADLINE_MS, StoreUnavailable, withDeadline } from "../../db/health.ts";
import type { Database } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { createApp } from "../../main.ts";
import { hasChromium, launchBrowser, newTestContext, untilPolled } from "../support/browser.ts";
import {
  freePort,
  postgresServerTest,
  prepareStore,
  reportFigure,
  spawnedServerNow,
} from "../support/server.ts";
import { PATIENCE_MS, until } from "../support/wait.ts";
import { demoWithAdmin } from "../support/demo_store.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The 503 of a store that refused or dropped the connection, and the one of a read past the deadline. */
const UNREACHABLE = /The store is not reachable/;
const PAST_DEADLINE = new RegExp(`The store is not answering \\(waited ${READ_DEADLINE_MS} ms\\)`);
/** A stopped database refuses connections at once; a busy machine may still take past the read deadline. */
const AWAY = new RegExp(`${UNREACHABLE.source}|${PAST_DEADLINE.source}`);

interface Timed {
  status: number;
  ms: number;
  type: string;
  retryAfter: string | null;
  body: string;
}

async function timed(url: string, init?: RequestInit): Promise<Timed> {
  const t0 = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(PATIENCE_MS) });
  const body = await res.text();
  return {
    status: res.status,
    ms: performance.now() - t0,
    type: res.headers.get("Content-Type") ?? "",
    retryAfter: res.headers.get("Retry-After"),
    body,
  };
}

/** The slowest 503 seen, per kind of outage, for the figures of docs/reliability.md. */
const slowest = { stopped: 0, frozen: 0 };

/**
 * A 503 of the outage guard: problem JSON under /api, HTML elsewhere, `Retry-After: 2`; `why` is the guard's
 * reason (the store unreachable, or a read past the deadline, which was then waited for).
 */
function assertUnavailable(
  r: Timed,
  what: string,
  api: boolean,
  kind: keyof typeof slowest = "stopped",
  why: RegExp = kind === "frozen" ? PAST_DEADLINE : AWAY,
): void {
  slowest[kind] = Math.max(slowest[kind], r.ms);
  assert.equal(r.status, 503, `${what} answered ${r.status}: ${r.body.slice(0, 200)}`);
  assert.equal(r.retryAfter, "2");
  if (api) {
    assert.equal(r.type, "application/problem+json");
    const problem = JSON.parse(r.body);
    assert.equal(problem.status, 503);
    assert.equal(problem.code, "store-unavailable");
    assert.match(problem.detail, why, what);
  } else {
    assert.match(r.type, /^text\/html/);
    assert.match(r.body, why, what);
  }
  if (why === PAST_DEADLINE) {
    assert.ok(r.ms >= READ_DEADLINE_MS - 50, `${what} waited for the deadline (${Math.round(r.ms)} ms)`);
  }
}

/** Polls `url` until it answers 200 (the service recovered by itself); returns how long that took. */
async function untilOk(url: string): Promise<number> {
  const t0 = performance.now();
  await until(
    () =>
      fetch(url).then(async (r) => {
        await r.body?.cancel();
        return r.status === 200;
      }, () => false),
    `${url} to answer 200 again`,
    100,
  );
  return performance.now() - t0;
}

postgresServerTest(
  "[outage] PostgreSQL away: 503 from the guard (reads by the 1.5 s deadline), pages keep their state, recovery by itself, idle pool answers",
  "[outage] PostgreSQL away (skipped: no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin)",
  async ({ db, spawn }, t) => {
    let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
    try {
      const { admin, running } = await prepareStore(db.url, async (store) => ({
        admin: await demoWithAdmin(store, "outage admin", spawnedServerNow()),
        running: await store.db.selectFrom("matches").select("id").where("status", "=", "in_progress")
          .executeTakeFirstOrThrow(),
      }));
      const server = await spawn();
      const origin = server.origin;
      const auth = { Authorization: `Bearer ${admin}` };
      const reads = [
        "/api/v1/events",
        "/api/v1/events/demo-open-2026",
        `/api/v1/matches/${running.id}`,
        "/api/v1/rankings",
      ];
      for (const path of [...reads, "/t/demo-open-2026", `/overlay/match/${running.id}`]) {
        assert.equal((await timed(origin + path)).status, 200, path);
      }

      // A live overlay open in a browser before the outage (polling every second).
      let overlay:
        | { stage(): Promise<string>; stale(): Promise<boolean>; polls(n: number): Promise<void> }
        | undefined;
      if (hasChromium()) {
        browser = await launchBrowser();
        const page = await (await newTestContext(browser)).newPage();
        await page.goto(`${origin}/overlay/match/${running.id}`);
        overlay = {
          stage: () => page.locator('[data-region="stage"]').innerText(),
          stale: () => page.evaluate(() => document.body.dataset.stale === "1"),
          polls: (n: number) => untilPolled(page, n),
        };
        assert.ok((await overlay.stage()).length > 0);
      }
      const before = await overlay?.stage();

      await db.stop();
      await t.step("reads answer 503 problem JSON (API) or HTML (pages)", async () => {
        for (const path of reads) assertUnavailable(await timed(origin + path), `GET ${path}`, true);
        assertUnavailable(await timed(`${origin}/t/demo-open-2026`), "GET /t/demo-open-2026", false);
        assertUnavailable(
          await timed(`${origin}/api/manage/whoami`, { headers: auth }),
          "GET /api/manage/whoami",
          true,
        );
      });
      await t.step("GET /readyz answers 503 while GET /healthz answers 200", async () => {
        const ready = await timed(`${origin}/readyz`);
        assert.equal(ready.status, 503, ready.body);
        assert.equal(JSON.parse(ready.body).status, "unavailable");
        assert.equal((await timed(`${origin}/healthz`)).status, 200);
      });
      await t.step(
        "writes answer 503, and a failed write is not counted as a failed login",
        async () => {
          const publish = await timed(`${origin}/api/manage/events/demo-open-2026/publish`, {
            method: "POST",
            headers: auth,
          });
          assertUnavailable(publish, "POST publish", true);
          for (let i = 0; i < 12; i++) {
            const r = await timed(`${origin}/api/manage/whoami`, { headers: auth });
            assert.equal(r.status, 503, "never 401/429 for a good token while the store is away");
          }
        },
      );
      await t.step({
        name: hasChromium()
          ? "a live page keeps what it shows (marked stale)"
          : "a live page (skipped: no Chromium)",
        ignore: overlay === undefined,
        fn: async () => {
          await overlay!.polls(3); // three polls fail
          assert.equal(await overlay!.stage(), before);
          assert.equal(await overlay!.stale(), true);
        },
      });

      await db.start();
      const figures: string[] = [];
      await t.step("the service recovers by itself once the database is back", async () => {
        const took = await untilOk(`${origin}/api/v1/events`);
        figures.push(`recovery ${Math.round(took)} ms after the database was back`);
        await untilOk(`${origin}/readyz`);
        for (const path of [...reads, "/t/demo-open-2026"]) {
          assert.equal((await timed(origin + path)).status, 200, path);
        }
        const whoami = await timed(`${origin}/api/manage/whoami`, { headers: auth });
        assert.equal(whoami.status, 200);
        if (overlay) {
          await until(async () => !(await overlay!.stale()), "the live page to be fresh again", 200);
        }
      });

      await t.step("after more than 10 s idle the pool still answers", async () => {
        await sleep(11_000);
        for (
          const path of [`/api/v1/rankings?limit=9`, `/api/v1/matches/${running.id}`, "/t/demo-open-2026"]
        ) {
          const r = await timed(origin + path);
          figures.push(`${path.replace(running.id, ":id")} ${Math.round(r.ms)} ms after 11 s idle`);
          assert.equal(r.status, 200, path);
        }
      });

      await t.step(
        "a frozen database (never answers) still gets 503 by the read deadline, then recovery",
        async () => {
          await db.freeze();
          try {
            // An answer cached for the current revision may still be served (no write can happen meanwhile);
            // what needs the database must not hang.
            for (const limit of [3, 4]) {
              const path = `/api/v1/rankings?limit=${limit}`;
              assertUnavailable(await timed(origin + path), `GET ${path}`, true, "frozen");
            }
            // A page not served before (the hot path keeps the ones that were).
            assertUnavailable(
              await timed(`${origin}/t/demo-open-2026?frozen=1`),
              "GET /t/demo-open-2026?frozen=1",
              false,
              "frozen",
            );
            const whoami = await timed(`${origin}/api/manage/whoami`, { headers: auth });
            assertUnavailable(whoami, "GET /api/manage/whoami", true, "frozen");
          } finally {
            await db.thaw();
          }
          const took = await untilOk(`${origin}/api/v1/events`);
          figures.push(`recovery ${Math.round(took)} ms after the freeze`);
        },
      );
      // The return is logged by the next request through the app (an answer kept by the hot path needs no
      // store) once the store answers (it is probed at most once a second): requests go on until it is.
      const count = (pattern: RegExp) => server!.output().match(pattern)?.length ?? 0;
      await until(
        async () => {
          if (count(/INFO The store is back/g) >= count(/WARN The store is unavailable/g)) return true;
          await timed(`${origin}/api/manage/whoami`, { headers: auth });
          return false;
        },
        "the store's return logged",
        300,
      );
      const exit = await server.stop();
      assert.equal(exit.code, 0, server.output().slice(-2000));
      // Two outages (stopped, frozen), each logged as one line when it began and one with a count when it
      // ended, however many requests were answered 503 in between; no stack trace.
      const log = server.output();
      const away = log.match(/WARN The store is unavailable/g) ?? [];
      const recovered = [
        ...log.matchAll(/INFO The store is back after [\d.]+ s: (\d+) requests? (?:was|were)/g),
      ];
      const refused = recovered.reduce((n, m) => n + Number(m[1]), 0);
      figures.push(
        `${away.length} outage lines, ${recovered.length} recovery lines for ${refused} answers 503`,
      );
      reportFigure(
        "outage",
        `slowest 503 ${Math.round(slowest.stopped)} ms (stopped), ${
          Math.round(slowest.frozen)
        } ms (frozen); ` +
          figures.join("; "),
      );
      assert.ok(away.length >= 2 && away.length <= 4, log.slice(-3000));
      assert.equal(recovered.length, away.length, log.slice(-3000));
      assert.ok(refused >= 20, `${refused} answers 503 counted`);
      assert.doesNotMatch(log, /Cannot (answer|render)|\n\s+at /, `no line per failed request:\n${log}`);
    } finally {
      await browser?.close().catch(() => {});
    }
  },
);

Deno.test("isStoreUnavailable() tells an outage from a wrong request", () => {
  const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
  assert.equal(isStoreUnavailable(coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")), true);
  assert.equal(
    isStoreUnavailable(coded("terminating connection due to administrator command", "57P01")),
    true,
  );
  assert.equal(isStoreUnavailable(coded("the database system is starting up", "57P03")), true);
  assert.equal(isStoreUnavailable(coded("connection failure", "08006")), true);
  assert.equal(isStoreUnavailable(new Error("Connection terminated unexpectedly")), true);
  assert.equal(isStoreUnavailable(new Error("timeout exceeded when trying to connect")), true);
  assert.equal(isStoreUnavailable(new StoreUnavailable("late")), true);
  assert.equal(isStoreUnavailable(new Error("wrapped", { cause: coded("reset", "ECONNRESET") })), true);
  assert.equal(
    isStoreUnavailable(coded('duplicate key value violates unique constraint "events_slug"', "23505")),
    false,
  );
  assert.equal(isStoreUnavailable(coded("invalid byte sequence for encoding UTF8: 0x00", "22021")), false);
  assert.equal(isStoreUnavailable(new Error("Cannot read properties of undefined")), false);
  assert.equal(isStoreUnavailable("a string"), false);

  // SQLite: a database held by another connection past the busy timeout, against a constraint failure.
  const path = Deno.makeTempFileSync({ suffix: ".db" });
  const a = new DatabaseSync(path), b = new DatabaseSync(path);
  try {
    a.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x PRIMARY KEY); INSERT INTO t VALUES (1)");
    b.exec("PRAGMA busy_timeout = 0");
    a.exec("BEGIN IMMEDIATE");
    assert.throws(() => b.exec("INSERT INTO t VALUES (2)"), (e) => isStoreUnavailable(e));
    a.exec("COMMIT");
    assert.throws(() => b.exec("INSERT INTO t VALUES (1)"), (e) => !isStoreUnavailable(e));
  } finally {
    a.close();
    b.close();
    Deno.removeSync(path);
  }
});

Deno.test("READ_DEADLINE_MS answers a read the store cannot answer within the 2 s promised", () => {
  assert.ok(READ_DEADLINE_MS < 2000, `${READ_DEADLINE_MS} ms`);
});

Deno.test("withDeadline() passes a quick answer on and turns a late one into StoreUnavailable", async () => {
  assert.equal(await withDeadline(Promise.resolve(7), 50, "read"), 7);
  const late = new Promise((resolve) => setTimeout(() => resolve(1), 300));
  await assert.rejects(withDeadline(late, 50, "read"), (e) => {
    assert.ok(e instanceof StoreUnavailable);
    assert.match(e.message, /Cannot read: the store did not answer within 50 ms/);
    return true;
  });
  await late;
  await assert.rejects(withDeadline(Promise.reject(new TypeError("bad")), 50, "read"), TypeError);
});

/** A store on a PostgreSQL pool whose server is at `port` (refusing, or never answering). */
function poolStore(port: number): Store {
  const pool = new pg.Pool({
    connectionString: `postgres://tt@127.0.0.1:${port}/tt`,
    connectionTimeoutMillis: 2000,
  });
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    pool,
    revisions: {
      current: () => pool.query("SELECT 0").then(() => 0),
      invalidate() {},
      close: async () => {},
    },
    close: () => db.destroy(),
  };
}

/**
 * Registers a test on a store whose PostgreSQL refuses every connection (`poolStore` on a free port), closed at
 * its end; the pool's sockets may outlive the test's ops.
 */
function refusedStoreTest(name: string, fn: (store: Store) => Promise<void>): void {
  Deno.test({
    name,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const store = poolStore(freePort());
      try {
        await fn(store);
      } finally {
        await store.close();
      }
    },
  });
}

async function requestAll(store: Store) {
  const app = createApp({ store, log: silentLogger, clock: () => new Date() });
  const auth = { Authorization: "Bearer tt_" + "a".repeat(43) };
  const one = async (path: string, init?: RequestInit) => {
    const t0 = performance.now();
    const res = await app.request(path, init);
    const body = await res.text();
    return {
      path,
      status: res.status,
      ms: performance.now() - t0,
      type: res.headers.get("Content-Type") ?? "",
      retryAfter: res.headers.get("Retry-After"),
      body,
    };
  };
  return await Promise.all([
    one("/api/v1/events"),
    one("/api/v1/rankings"),
    one("/t/demo-open-2026"),
    one("/api/manage/whoami", { headers: auth }),
    one("/api/manage/events/demo-open-2026/publish", { method: "POST", headers: auth }),
  ]);
}

refusedStoreTest(
  "[outage] in-process: a refused connection is a 503 that says the store is not reachable, for reads, writes and pages",
  async (store) => {
    for (const r of await requestAll(store)) {
      assert.equal(r.status, 503, `${r.path}: ${r.body.slice(0, 200)}`);
      assert.equal(r.retryAfter, "2");
      if (r.path.startsWith("/api/")) assert.equal(JSON.parse(r.body).code, "store-unavailable");
      else assert.match(r.type, /^text\/html/);
      // Refused: the guard's answer for a store that is not there (a read on a machine too busy to get the
      // refusal within the read deadline is answered by the deadline: a 503 too).
      assert.match(r.body, r.path.endsWith("/publish") ? UNREACHABLE : AWAY, r.path);
    }
  },
);

Deno.test({
  name:
    "[outage] in-process: a database that never answers is a 503 (reads by the deadline, writes by the pool's timeout)",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    // A server that accepts connections and never says a word.
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const held: Deno.Conn[] = [];
    const accepting = (async () => {
      for await (const conn of listener) held.push(conn);
    })();
    const store = poolStore((listener.addr as Deno.NetAddr).port);
    try {
      for (const r of await requestAll(store)) {
        assert.equal(r.status, 503, `${r.path}: ${r.body.slice(0, 200)}`);
        const read = !r.path.endsWith("/publish");
        // Reads: answered by the 1.5 s deadline, which they waited for; a write has no deadline (it might
        // still commit) and fails when the pool gives up connecting (its 2 s connection timeout).
        assert.match(r.body, read ? PAST_DEADLINE : UNREACHABLE, r.path);
        if (read) {
          assert.ok(
            r.ms >= READ_DEADLINE_MS - 50,
            `${r.path} waited for the deadline (${Math.round(r.ms)} ms)`,
          );
        }
      }
    } finally {
      await store.close().catch(() => {});
      listener.close();
      for (const conn of held) conn.close();
      await accepting.catch(() => {});
    }
  },
});

/** A logger that keeps its lines. */
function recordingLogger() {
  const lines: string[] = [];
  const keep = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { lines, log: { info: keep("info"), warn: keep("warn"), error: keep("error") } };
}

refusedStoreTest(
  "[outage] in-process: a 503 is not stored by caches, Retry-After is readable cross-origin, one log line",
  async (store) => {
    const { lines, log } = recordingLogger();
    const app = createApp({ store, log, clock: () => new Date() });
    const auth = { Authorization: "Bearer tt_" + "a".repeat(43) };
    const paths = ["/api/v1/events", "/api/v1/rankings", "/t/demo-open-2026", "/api/manage/whoami"];
    let answered = 0;
    for (let round = 0; round < 5; round++) {
      for (const path of paths) {
        const res = await app.request(path, { headers: path.startsWith("/api/manage") ? auth : {} });
        await res.body?.cancel();
        assert.equal(res.status, 503, path);
        answered++;
        // A shared cache (a CDN) must not keep the outage for its s-maxage after the store is back.
        assert.equal(res.headers.get("Cache-Control"), "no-store", path);
        assert.equal(res.headers.get("Retry-After"), "2", path);
        if (path.startsWith("/api/v1/")) {
          assert.equal(res.headers.get("Access-Control-Allow-Origin"), "*", path);
          const exposed = (res.headers.get("Access-Control-Expose-Headers") ?? "").split(/\s*,\s*/);
          assert.ok(exposed.includes("Retry-After"), `${path}: ${exposed}`);
        }
      }
    }
    assert.equal(answered, 20);
    // One line for the outage, whatever the number of requests, and no stack trace.
    assert.equal(lines.length, 1, lines.join("\n"));
    assert.match(lines[0]!, /^warn The store is unavailable/);
    assert.doesNotMatch(lines.join("\n"), /\n\s+at /);
  },
);
