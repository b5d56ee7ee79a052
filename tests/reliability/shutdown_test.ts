/**
 * Shutdown: SIGTERM while a request is in flight; main.ts must stop accepting connections, let the request
 * finish, close the store and exit 0. The request is a write waiting for a lock the test holds: on SQLite the
 * write lock (as a backup or a second process might hold it); afterwards the write is in the store, the WAL was
 * checkpointed away (a clean close) and the integrity check is clean. On PostgreSQL (a throwaway server of the
 * test's own) a table lock: the wait is asynchronous there, so SIGTERM is handled while the request is truly in
 * flight (a write: a read would get its 503 at the read deadline if the machine were slow).
 *
 * Nothing is left to timing: the request is sent on a connection of the test's own, SIGTERM comes once the
 * server has read it (the kernel's socket table says so), and the lock is let go once the server has stopped
 * listening (it is shutting down).
 *
 * Deno 2.9: aborting `Deno.serve`'s signal drops the connections of requests in flight; `server.shutdown()`
 * lets them finish. A request whose body is still arriving when the shutdown starts is cut either way (its
 * body stream ends with "BadResource"), so the in-flight request here has its whole body sent.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import { sendRaw, untilNotListening, untilServerRead } from "../support/raw_http.ts";
import {
  postgresServerTest,
  prepareSqliteStore,
  prepareStore,
  spawnedServerNow,
  spawnServer,
  sqliteFolderTest,
} from "../support/server.ts";
import { PATIENCE_MS } from "../support/wait.ts";
import { demoWithAdmin } from "../support/demo_store.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends a request (a scorer token made by the admin), SIGTERM once the server has read it, and `release()` of
 * the lock it waits on once the server has stopped listening; gives the answer.
 */
async function tokenDuringShutdown(
  proc: Awaited<ReturnType<typeof spawnServer>>,
  admin: string,
  release: () => Promise<void> | void,
) {
  const inFlight = await sendRaw(proc.port, "POST", "/api/manage/tokens", {
    Authorization: `Bearer ${admin}`,
    "Content-Type": "application/json",
  }, JSON.stringify({ role: "scorer", label: "made during the shutdown" }));
  inFlight.answer.catch(() => {});
  await untilServerRead(proc.port, inFlight.clientPort);
  proc.signal("SIGTERM");
  await untilNotListening(proc.port);
  await release();
  return await inFlight.answer;
}

/**
 * Sends the write of `tokenDuringShutdown` and asserts that it was answered (201, the token made) although SIGTERM
 * came while it waited, and that the process then exited with code 0.
 */
async function assertWriteFinishesThenExit(
  proc: Awaited<ReturnType<typeof spawnServer>>,
  admin: string,
  release: () => Promise<void> | void,
) {
  const res = await tokenDuringShutdown(proc, admin, release).catch((e) => e as Error);
  assert.ok(!(res instanceof Error), `the request in flight got no answer (${res}):\n${proc.output()}`);
  assert.equal(res.status, 201, res.body);
  assert.equal(JSON.parse(res.body).data.token.label, "made during the shutdown");
  const status = await Promise.race([proc.exited, sleep(PATIENCE_MS).then(() => null)]);
  assert.ok(status !== null, `the process exits after SIGTERM:\n${proc.output()}`);
  assert.equal(status.code, 0, proc.output());
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

sqliteFolderTest(
  "[shutdown] SIGTERM lets a request in flight finish, closes the store cleanly and exits 0",
  "tt-rel-shutdown-",
  async (cwd) => {
    const admin = await prepareSqliteStore(
      cwd,
      (store) => demoWithAdmin(store, "shutdown admin", spawnedServerNow()),
    );
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

      lock.exec("BEGIN IMMEDIATE"); // the write lock: the server's write waits for it (up to 5 s)
      await assertWriteFinishesThenExit(proc, admin, () => lock.exec("COMMIT"));
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
    }
  },
);

postgresServerTest(
  "[shutdown] on PostgreSQL, SIGTERM lets a write waiting for the database finish and exits 0",
  "[shutdown] on PostgreSQL (skipped: no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin)",
  async ({ db, spawn }) => {
    const locker = new pg.Client({ connectionString: db.url });
    try {
      const admin = await prepareStore(
        db.url,
        (store) => demoWithAdmin(store, "shutdown admin", spawnedServerNow()),
      );
      const proc = await spawn();
      await locker.connect();
      await locker.query("begin");
      // The tokens table: the request's sign-in and its write both wait, asynchronously, on the server's pool.
      await locker.query("lock table tokens in access exclusive mode");
      await assertWriteFinishesThenExit(proc, admin, () => locker.query("commit").then(() => {}));
      // The pool was ended: no connection of the server is left on the database.
      const left = await locker.query(
        "select count(*)::int as n from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'",
      );
      assert.equal(left.rows[0].n, 0);
    } finally {
      await locker.end().catch(() => {});
    }
  },
);
