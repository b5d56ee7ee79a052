import assert from "node:assert/strict";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { bumpRevision } from "../../db/revision.ts";
import { openStore, type Store } from "../../db/store.ts";
import { makeGenerationReader } from "../../db/store_generation.ts";
import { storeTest } from "../support/stores.ts";

/** A write of public data as every write path makes it: in a transaction, with the revision bumped. */
const write = (db: Parameters<typeof bumpRevision>[0]) => bumpRevision(db);

/** Runs `fn` on a SQLite file store (and further connections to it, `connections` in all) in a temporary folder. */
async function withFileStore(fn: (...stores: Store[]) => Promise<void>, connections = 1): Promise<void> {
  const dir = await Deno.makeTempDir();
  const url = parseDatabaseUrl(`sqlite:${dir}/t.db`);
  const stores: Store[] = [];
  try {
    for (let i = 0; i < connections; i++) stores.push(await openStore(url));
    await fn(...stores);
  } finally {
    for (const store of stores.reverse()) await store.close();
    await Deno.remove(dir, { recursive: true });
  }
}

storeTest(
  "makeGenerationReader() stays while nothing is written and changes with every write",
  async (store) => {
    const generation = makeGenerationReader(store);
    const first = await generation();
    assert.equal(await generation(), first, "stable while nothing is written");
    await store.db.transaction().execute((trx) => write(trx));
    const second = await generation();
    assert.notEqual(second, first, "a committed write changes it");
    await store.db.transaction().execute((trx) => write(trx));
    assert.notEqual(await generation(), second);
  },
);

Deno.test("makeGenerationReader() of a SQLite file sees a commit of another connection within 50 ms (an import in another process)", () =>
  withFileStore(async (server, other) => {
    const generation = makeGenerationReader(server!);
    const first = generation();
    assert.equal(typeof first, "number", "read synchronously on SQLite");
    assert.equal(generation(), first);
    await other!.db.transaction().execute((trx) => write(trx));
    await new Promise((r) => setTimeout(r, 60));
    assert.notEqual(generation(), first, "the other connection's commit shows");
  }, 2));

Deno.test("makeGenerationReader() of a SQLite file ignores a transaction that has not committed", () =>
  withFileStore(async (store) => {
    const generation = makeGenerationReader(store!);
    const first = generation();
    await assert.rejects(
      store!.db.transaction().execute(async (trx) => {
        await write(trx);
        assert.equal(generation(), first, "not committed yet: the kept answers stay valid");
        throw new Error("roll back");
      }),
      /roll back/,
    );
    assert.equal(generation(), first, "rolled back: nothing changed");
  }));

Deno.test("makeGenerationReader() of a SQLite file sees this process's commit at the first call after it", () =>
  withFileStore(async (store) => {
    const generation = makeGenerationReader(store!);
    // Long after any write: the value is kept between reads of the store.
    await new Promise((r) => setTimeout(r, 1100));
    let last = generation();
    for (let i = 0; i < 5; i++) {
      await store!.db.transaction().execute((trx) => write(trx));
      const now = generation();
      assert.notEqual(now, last, `write ${i + 1} shows at once`);
      last = now;
    }
  }));
