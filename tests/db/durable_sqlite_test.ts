import assert from "node:assert/strict";
import { CompiledQuery, Kysely, sql } from "kysely";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { DatabaseSync } from "node:sqlite";
import { DurableSqliteDialect, isLocked, readsOnly, walSync } from "../../db/durable_sqlite.ts";
import { CachingSqliteDatabase } from "../../db/sqlite_adapter.ts";
import { openStore } from "../../db/store.ts";
import { until } from "../support/wait.ts";

interface T {
  t: { id: number; v: string };
}

/** A database whose syncs are counted, and can be held to see that a commit waits for its sync. */
function counted() {
  const sqlite = new CachingSqliteDatabase(":memory:");
  const state = { syncs: 0, hold: null as Promise<void> | null };
  const db = new Kysely<T>({
    dialect: new DurableSqliteDialect({ database: sqlite }, async () => {
      state.syncs++;
      await state.hold;
    }),
  });
  return { db, state };
}

Deno.test("DurableSqliteDialect syncs after every commit and every write outside a transaction, never for reads", async () => {
  const { db, state } = counted();
  await sql`create table t (id integer primary key, v text)`.execute(db);
  assert.equal(state.syncs, 1, "DDL outside a transaction is a write");
  await db.insertInto("t").values({ id: 1, v: "a" }).execute();
  assert.equal(state.syncs, 2, "an autocommit insert");
  await db.selectFrom("t").selectAll().execute();
  await sql`select count(*) from t`.execute(db);
  assert.equal(state.syncs, 2, "reads are not synced");
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("t").values({ id: 2, v: "b" }).execute();
    await trx.updateTable("t").set({ v: "c" }).where("id", "=", 1).returning("v").execute();
    assert.equal(state.syncs, 2, "nothing synced inside the transaction");
  });
  assert.equal(state.syncs, 3, "one sync for the commit");
  await assert.rejects(
    db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ id: 3, v: "d" }).execute();
      throw new Error("roll back");
    }),
    /roll back/,
  );
  assert.equal(state.syncs, 3, "a rollback is not synced");
  await db.destroy();
});

Deno.test("DurableSqliteDialect: a transaction resolves only once its sync has", async () => {
  const { db, state } = counted();
  await sql`create table t (id integer primary key, v text)`.execute(db);
  let release!: () => void;
  state.hold = new Promise((r) => release = r);
  let done = false;
  const syncsBefore = state.syncs;
  const write = db.transaction().execute((trx) => trx.insertInto("t").values({ id: 1, v: "a" }).execute())
    .then(() => done = true);
  await until(() => state.syncs > syncsBefore, "the commit's sync to begin");
  assert.equal(done, false, "committed, but not acknowledged before the disk said so");
  release();
  await write;
  assert.equal(done, true);
  await db.destroy();
});

/** Another process's connection to the file, holding the write lock until `release()`. */
function holdWriteLock(path: string): { release(): void } {
  const other = new DatabaseSync(path);
  other.exec("BEGIN IMMEDIATE");
  return {
    release() {
      other.exec("ROLLBACK");
      other.close();
    },
  };
}

Deno.test("a write waits for another process's write lock without stopping the event loop", async () => {
  const dir = await Deno.makeTempDir();
  const store = await openStore(parseDatabaseUrl(`sqlite:${dir}/t.db`));
  try {
    for (const write of ["transaction", "autocommit"] as const) {
      const lock = holdWriteLock(`${dir}/t.db`);
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const setValue = (value: number) =>
        write === "transaction"
          ? store.db.transaction().execute((trx) =>
            trx.updateTable("revisions").set({ value }).where("scope", "=", "global").execute()
          )
          : store.db.updateTable("revisions").set({ value }).where("scope", "=", "global").execute();
      let settled = false;
      const done = setValue(write === "transaction" ? 41 : 42).finally(() => settled = true);
      // The event loop runs while the write waits: SQLite's own busy timeout would hold it inside the call
      // until the write failed, and no tick would come in between.
      await until(() => ticks >= 10, `${write}: ten ticks of a 5 ms timer while the write waits`, 5);
      assert.equal(settled, false, `${write}: the write waits for the lock (${ticks} ticks meanwhile)`);
      lock.release();
      await done;
      clearInterval(timer);
    }
    const row = await store.db.selectFrom("revisions").select("value").where("scope", "=", "global")
      .executeTakeFirstOrThrow();
    assert.equal(row.value, 42);
  } finally {
    await store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a transaction takes the write lock at its start (BEGIN IMMEDIATE), before it reads", async () => {
  const dir = await Deno.makeTempDir();
  const store = await openStore(parseDatabaseUrl(`sqlite:${dir}/t.db`));
  try {
    const other = new DatabaseSync(`${dir}/t.db`);
    other.exec("PRAGMA busy_timeout = 0");
    await store.db.transaction().execute(async (trx) => {
      await trx.selectFrom("revisions").select("value").execute();
      // A deferred transaction would let the other process write now, and then fail to write itself.
      assert.throws(() => other.exec("BEGIN IMMEDIATE"), (e) => isLocked(e));
    });
    other.exec("BEGIN IMMEDIATE");
    other.exec("ROLLBACK");
    other.close();
  } finally {
    await store.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readsOnly() tells statements that change nothing", () => {
  assert.equal(readsOnly(CompiledQuery.raw("select 1")), true);
  assert.equal(readsOnly(CompiledQuery.raw("  PRAGMA integrity_check")), true);
  assert.equal(readsOnly(CompiledQuery.raw("delete from t")), false);
  assert.equal(readsOnly(CompiledQuery.raw("commit")), false);
});

Deno.test("a SQLite file store commits with synchronous=NORMAL and syncs its WAL itself", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const store = await openStore(parseDatabaseUrl(`sqlite:${dir}/t.db`));
    const level = () =>
      (store.sqlite!.raw.prepare("PRAGMA synchronous").get() as { synchronous: number }).synchronous;
    assert.equal(level(), 1, "NORMAL: the commit itself does not wait for the disk");
    await store.db.transaction().execute((trx) =>
      trx.updateTable("revisions").set({ value: 7 }).where("scope", "=", "global").execute()
    );
    assert.equal(level(), 1, "the WAL was synced without falling back");
    await store.close();
    const again = await openStore(parseDatabaseUrl(`sqlite:${dir}/t.db`));
    const row = await again.db.selectFrom("revisions").select("value").where("scope", "=", "global")
      .executeTakeFirstOrThrow();
    assert.equal(row.value, 7);
    await again.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("walSync() falls back to synchronous=FULL and a checkpoint when the WAL cannot be synced", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const sqlite = new CachingSqliteDatabase(`${dir}/t.db`);
    sqlite.raw.exec("PRAGMA synchronous = NORMAL");
    const wal = walSync(sqlite, `${dir}/missing/t.db`);
    await wal.sync();
    wal.close();
    const level = (sqlite.raw.prepare("PRAGMA synchronous").get() as { synchronous: number }).synchronous;
    assert.equal(level, 2, "FULL");
    sqlite.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
