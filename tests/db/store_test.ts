import assert from "node:assert/strict";
import { sql } from "kysely";
import { storeTest } from "../support/stores.ts";

storeTest("openStore() migrates an empty store and starts the global revision at 0", async (store) => {
  const row = await store.db.selectFrom("revisions").select("value").where("scope", "=", "global")
    .executeTakeFirstOrThrow();
  assert.equal(row.value, 0);
});

storeTest("openStore() keeps foreign keys on", async (store) => {
  await assert.rejects(
    store.db.insertInto("subevents").values({
      id: "s",
      event_id: "missing",
      code: "x",
      name: "x",
      kind: "singles",
      format: "knockout",
      best_of: 5,
      position: 0,
      draw_state: "none",
    }).execute(),
  );
});

storeTest("a failed transaction writes nothing", async (store) => {
  await assert.rejects(
    store.db.transaction().execute(async (trx) => {
      await trx.updateTable("revisions").set({ value: 5 }).where("scope", "=", "global").execute();
      throw new Error("boom");
    }),
  );
  const row = await store.db.selectFrom("revisions").select("value").executeTakeFirstOrThrow();
  assert.equal(row.value, 0);
});

storeTest("floats and integers round-trip with their types", async (store) => {
  const r = await sql<{ a: number; b: number }>`select ${1.5} as a, ${2} as b`.execute(store.db);
  assert.equal(Number(r.rows[0]!.a), 1.5);
});
