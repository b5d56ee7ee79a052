import assert from "node:assert/strict";
import { down, up } from "../../db/migrations/2026_11_28_009000_team_events.ts";
import * as tiePredictions from "../../db/migrations/2026_11_28_009500_tie_predictions.ts";
import { seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

storeTest("migration team_events takes its tables and columns away and makes them again", async (store) => {
  const s = await seedTournament(store.db);
  const count = async () =>
    (await store.db.selectFrom("matches").select("id").where("event_id", "=", s.event.id).execute()).length;
  const before = await count();
  assert.deepEqual(await store.db.selectFrom("ties").selectAll().execute(), []);
  // Taken back as a rollback would: the later migration that refers to its ties first.
  await tiePredictions.down(store.db);
  await down(store.db);
  assert.equal(await count(), before);
  await up(store.db);
  await tiePredictions.up(store.db);
  const m = await store.db.selectFrom("matches").select(["tie_id", "tie_order"]).executeTakeFirstOrThrow();
  assert.deepEqual({ ...m }, { tie_id: null, tie_order: null });
  assert.deepEqual(await store.db.selectFrom("teams").selectAll().execute(), []);
  assert.equal(await count(), before);
});
