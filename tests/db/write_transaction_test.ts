import assert from "node:assert/strict";
import { sql } from "kysely";
import type { Store } from "../../db/store.ts";
import { isTransactionConflict, WRITE_ATTEMPTS, writeTransaction } from "../../db/write_transaction.ts";
import { makeStore, postgresTest } from "../support/stores.ts";

/** An error as npm:pg reports PostgreSQL aborting a transaction. */
function pgError(code: string): Error {
  return Object.assign(new Error(code === "40P01" ? "deadlock detected" : "other"), { code });
}

Deno.test("isTransactionConflict() knows a deadlock and a serialization failure, nothing else", () => {
  assert.equal(isTransactionConflict(pgError("40P01")), true);
  assert.equal(isTransactionConflict(pgError("40001")), true);
  assert.equal(
    isTransactionConflict(pgError("23505")),
    false,
    "a unique violation is the request's own doing",
  );
  assert.equal(isTransactionConflict(new Error("database is locked")), false);
  assert.equal(isTransactionConflict(null), false);
});

Deno.test("writeTransaction() runs an aborted transaction again, and nothing else", async () => {
  const store = await makeStore("sqlite");
  try {
    let runs = 0;
    const value = await writeTransaction(store.db, async (trx) => {
      runs++;
      await trx.updateTable("revisions").set({ value: runs }).where("scope", "=", "global").execute();
      if (runs < 3) throw pgError("40P01");
      return "done";
    });
    assert.equal(value, "done");
    assert.equal(runs, 3);
    const row = await store.db.selectFrom("revisions").select("value").where("scope", "=", "global")
      .executeTakeFirstOrThrow();
    assert.equal(row.value, 3, "the aborted runs wrote nothing");

    runs = 0;
    await assert.rejects(
      writeTransaction(store.db, () => {
        runs++;
        return Promise.reject(pgError("23505"));
      }),
      (e) => (e as { code?: string }).code === "23505",
    );
    assert.equal(runs, 1, "not a conflict: not run again");

    runs = 0;
    await assert.rejects(
      writeTransaction(store.db, () => {
        runs++;
        return Promise.reject(pgError("40001"));
      }),
      (e) => isTransactionConflict(e),
    );
    assert.equal(runs, WRITE_ATTEMPTS, "given up after the last attempt");
  } finally {
    await store.drop();
  }
});

// PostgreSQL only: SQLite has one writer at a time, so no deadlock.
postgresTest(
  "writeTransaction(): two writes that lock rows in opposite orders both succeed",
  async (store) => {
    await deadlockingWrites(store);
  },
);

async function deadlockingWrites(store: Store): Promise<void> {
  await sql`create table pair (id int primary key, v int)`.execute(store.db);
  await sql`insert into pair values (1, 0), (2, 0)`.execute(store.db);
  // Each takes its first row, waits until the other has too, then asks for the other's: a deadlock, which
  // PostgreSQL breaks by aborting one of them after deadlock_timeout (1 s).
  let arrived = 0;
  let meet!: () => void;
  const bothIn = new Promise<void>((resolve) => meet = resolve);
  const write = (first: number, second: number) => {
    let attempt = 0;
    return writeTransaction(store.db, async (trx) => {
      attempt++;
      await sql`update pair set v = v + 1 where id = ${first}`.execute(trx);
      if (attempt === 1) {
        if (++arrived === 2) meet();
        await bothIn;
      }
      await sql`update pair set v = v + 1 where id = ${second}`.execute(trx);
    });
  };
  await Promise.all([write(1, 2), write(2, 1)]);
  const rows = await sql<{ v: number }>`select v from pair order by id`.execute(store.db);
  assert.deepEqual(rows.rows.map((r) => Number(r.v)), [2, 2], "both wrote, once each");
}
