import assert from "node:assert/strict";
import { up } from "../../db/migrations/2026_11_26_000000_own_versions.ts";
import { globalRevision } from "../../db/revision.ts";
import { seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

storeTest(
  "migration category_versions gives every category of an older store a version, once",
  async (store) => {
    const s = await seedTournament(store.db);
    // A store from before category versions: no `s:` rows.
    await store.db.deleteFrom("revisions").where((eb) =>
      eb.or([eb("scope", "like", "s:%"), eb("scope", "in", ["rankings", "listing"])])
    )
      .execute();
    await up(store.db);
    const global = await globalRevision(store.db);
    const rows = await store.db.selectFrom("revisions").selectAll().where("scope", "like", "s:%").execute();
    const ids = (await store.db.selectFrom("subevents").select("id").execute()).map((r) => `s:${r.id}`)
      .sort();
    assert.deepEqual(rows.map((r) => r.scope).sort(), ids);
    for (const r of rows) assert.equal(Number(r.value), global);
    assert.ok(ids.includes(`s:${s.knockout.id}`));
    const rankings = await store.db.selectFrom("revisions").select("value").where("scope", "=", "rankings")
      .executeTakeFirstOrThrow();
    assert.equal(Number(rankings.value), global);
    const listing = await store.db.selectFrom("revisions").select("value").where("scope", "=", "listing")
      .executeTakeFirstOrThrow();
    assert.equal(Number(listing.value), global);
    await up(store.db);
    assert.equal(
      (await store.db.selectFrom("revisions").select("scope").where("scope", "like", "s:%").execute()).length,
      ids.length,
    );
  },
);
