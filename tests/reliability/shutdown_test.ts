/**
 * Shutdown: SIGTERM while a request is in flight; main.ts must stop accepting connections, let the request
 * finish, close the store and exit 0. On SQLite the request is a write waiting for the write lock, which the
 * test holds for a second (as a backup or a second process might); afterwards the write is in the store, the
 * WAL was checkpointed away (a clean close) and the integrity check is clean. On PostgreSQL (a throwaway
 * server of the test's own) the request is a read waiting for a table lock the test holds: the wait is
 * asynchronous there, so SIGTERM is handled while the request is truly in flight.
 *
 * Deno 2.9: aborting `Deno.serve`'s signal drops the connections of requests in flight; `server.shutdown()`
 * lets them finish. A request whose body is still arriving when the shutdown starts is cut either way (its
 * body stream ends with "BadResource"), so the in-flight request here has its whole body sent.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { loadDemoIfEmpty } from "../../cli/demo.ts";
import { createToken } from "../../db/tokens.ts";
import pg from "pg";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { openStore } from "../../db/store.ts";
import {
  hasPostgres,
  POSTGRES_PERMISSIONS,
  prepareSqliteStore,
  spawnServer,
  startPostgres,
} from "../support/server.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

Deno.test({
  name: "[shutdown] SIGTERM lets a request in flight finish, closes the store cleanly and exits 0",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const cwd = await Deno.makeTempDir({ prefix: "tt-rel-shutdown-" });
    const admin = await prepareSqliteStore(cwd, async (store) => {
      await loadDemoIfEmpty(store, new Date());
      return (await createToken(store.db, { role: "admin", label: "shutdown admin" }, new Date())).secret;
    });
    const lock = new DatabaseSync(`${cwd}/data/tournament.db`);
    let proc: Awaited<ReturnType<typeof spawnServer>> | undefined;
    try {
      proc = await spawnServer({ cwd });
      // Warm up: the token is marked as used now, so that the request below writes only its new token.
      const warm = await fetch(`${proc.origin}/api/manage/whoami`, {
        headers: { Authorization: `Bearer ${admin}` },
      });
      assert.equal(warm.status, 200);
      await warm.body?.cancel();

      lock.exec("BEGIN IMMEDIATE"); // the write lock: the server's write waits (busy timeout 5 s)
      const started = performance.now();
      const inFlight = fetch(`${proc.origin}/api/manage/tokens`, {
        method: "POST",
        headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
        body: JSON.stringify({ role: "scorer", label: "made during the shutdown" }),
      }).catch((e) => e as Error);
      await sleep(300);
      proc.signal("SIGTERM");
      await sleep(700);
      lock.exec("COMMIT");

      const res = await inFlight;
      assert.ok(res instanceof Response, `the request in flight got no answer (${res}):\n${proc.output()}`);
      const answer = await res.json();
      assert.equal(res.status, 201, JSON.stringify(answer));
      assert.equal(answer.data.token.label, "made during the shutdown");
      assert.ok(performance.now() - started >= 900, "the request was in flight when SIGTERM came");

      const status = await Promise.race([proc.exited, sleep(10_000).then(() => null)]);
      assert.ok(status !== null, `the process exits after SIGTERM:\n${proc.output()}`);
      assert.equal(status.code, 0, proc.output());
      // No new connection is accepted once it has stopped.
      assert.equal(
        await fetch(`${proc.origin}/api/v1/events`).then((r) => r.status, () => "refused"),
        "refused",
      );

      // Closed cleanly: the last connection checkpointed and removed the WAL; the data is there and sound.
      lock.close();
      assert.equal(await exists(`${cwd}/data/tournament.db-wal`), false, "no WAL left behind");
      await prepareSqliteStore(cwd, async (store) => {
        const token = await store.db.selectFrom("tokens").select("label").where(
          "label",
          "=",
          "made during the shutdown",
        )
          .executeTakeFirst();
        assert.ok(token, "the write made during the shutdown is stored");
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(store.db);
        assert.deepEqual(check.rows.map((r) => r.integrity_check), ["ok"]);
      });
    } finally {
      if (lock.isOpen) {
        if (lock.isTransaction) lock.exec("ROLLBACK");
        lock.close();
      }
      await proc?.dispose();
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: hasPostgres()
    ? "[shutdown] on PostgreSQL, SIGTERM lets a read waiting for the database finish and exits 0"
    : "[shutdown] on PostgreSQL (skipped: no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin)",
  ignore: !hasPostgres(),
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const db = await startPostgres();
    let proc: Awaited<ReturnType<typeof spawnServer>> | undefined;
    const locker = new pg.Client({ connectionString: db.url });
    try {
      const store = await openStore(parseDatabaseUrl(db.url));
      await loadDemoIfEmpty(store, new Date());
      await store.close();
      proc = await spawnServer({ databaseUrl: db.url, permissions: POSTGRES_PERMISSIONS });
      await locker.connect();
      await locker.query("begin");
      await locker.query("lock table events in access exclusive mode");
      const started = performance.now();
      // A new connection (a kept-alive one is not cut the same way), answered once the lock is released.
      const inFlight = fetch(`${proc.origin}/api/v1/events`).catch((e) => e as Error);
      await sleep(300);
      proc.signal("SIGTERM");
      await sleep(700); // under the 1.5 s read deadline of db/health.ts
      await locker.query("commit");
      const res = await inFlight;
      assert.ok(res instanceof Response, `the request in flight got no answer (${res}):\n${proc.output()}`);
      assert.equal(res.status, 200);
      assert.equal((await res.json()).data.events[0].slug, "demo-open-2026");
      assert.ok(performance.now() - started >= 900, "the request was in flight when SIGTERM came");
      const status = await Promise.race([proc.exited, sleep(10_000).then(() => null)]);
      assert.ok(status !== null, `the process exits after SIGTERM:\n${proc.output()}`);
      assert.equal(status.code, 0, proc.output());
      // The pool was ended: no connection of the server is left on the database.
      const left = await locker.query(
        "select count(*)::int as n from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'",
      );
      assert.equal(left.rows[0].n, 0);
    } finally {
      await locker.end().catch(() => {});
      await proc?.dispose();
      await db.dispose();
    }
  },
});
