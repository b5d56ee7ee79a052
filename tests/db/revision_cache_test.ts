import assert from "node:assert/strict";
import { bumpRevision } from "../../db/revision.ts";
import type { Store } from "../../db/store.ts";
import { postgresTest } from "../support/stores.ts";
import { until } from "../support/wait.ts";

/** Counts the store's own queries through its pool (the revision source reads the row through it). */
function countQueries(store: Store): { readonly n: number } {
  const pool = store.pool!;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const counter = { n: 0 };
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    counter.n++;
    return query(...args);
  };
  return counter;
}

/**
 * Waits until a call of current() answers without reading the store (the listener is current). With `onlyBy`
 * "notification", the clock stands still meanwhile (Date.now() keeps its value), so that the second-long window
 * after a write of this process cannot close by itself: only the write's own notification can end the reads.
 * Either way the wait has the suite's patience, never a time limit of its own.
 */
async function settles(
  store: Store,
  counter: { readonly n: number },
  onlyBy?: "notification",
): Promise<void> {
  const realNow = Date.now;
  if (onlyBy) {
    const stopped = realNow();
    Date.now = () => stopped;
  }
  try {
    await until(
      async () => {
        const before = counter.n;
        await store.revisions.current();
        return counter.n === before;
      },
      onlyBy ? "the write's notification to end the reads" : "the listener to be up",
      5,
    );
  } finally {
    Date.now = realNow;
  }
}

postgresTest(
  "revisions: a write of this process shows at the next call; its notification ends the reads",
  async (store) => {
    const counter = countQueries(store);
    await settles(store, counter);
    for (let i = 0; i < 5; i++) {
      const value = await store.db.transaction().execute((trx) => bumpRevision(trx));
      assert.equal(await store.revisions.current(), value, `write ${i + 1} shows at the next call`);
      // A fixed window would read the row for a second after every write (with 10 points a second: always);
      // the clock stands still here, so only the notification can make the cache trusted again.
      await settles(store, counter, "notification");
      assert.equal(await store.revisions.current(), value);
    }
  },
);

postgresTest("revisions: a bump rolled back is never shown, and the next commit is", async (store) => {
  const before = await store.revisions.current();
  let inFlight = 0;
  await assert.rejects(
    store.db.transaction().execute(async (trx) => {
      inFlight = await bumpRevision(trx);
      assert.equal(await store.revisions.current(), before, "not committed: not shown");
      throw new Error("roll back");
    }),
    /roll back/,
  );
  assert.equal(inFlight, before + 1);
  assert.equal(await store.revisions.current(), before, "rolled back: the old value");
  const value = await store.db.transaction().execute((trx) => bumpRevision(trx));
  assert.equal(value, before + 1, "the rolled-back number is used again");
  assert.equal(await store.revisions.current(), value, "the commit shows at the next call");
});
