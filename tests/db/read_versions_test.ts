import assert from "node:assert/strict";
import { bumpRevision } from "../../db/revision.ts";
import { versions } from "../../db/read_versions.ts";
import { seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

storeTest(
  "[versions] eventSubevents() gives every category's version in one read, as subevent() does",
  async (store) => {
    const seeded = await seedTournament(store.db);
    const ids = [seeded.groups.id, seeded.knockout.id, seeded.doubles.id, seeded.draftKnockout.id];
    const check = async () => {
      const all = await versions(store).eventSubevents(seeded.event.id);
      assert.deepEqual([...all.keys()].sort(), [...ids].sort());
      for (const id of ids) assert.equal(all.get(id), await versions(store).subevent(id), id);
      return all;
    };
    const before = await check();
    // A write to one category moves its version alone.
    await store.db.transaction().execute((trx) => bumpRevision(trx, seeded.event.id, [seeded.knockout.id]));
    const after = await check();
    assert.notEqual(after.get(seeded.knockout.id), before.get(seeded.knockout.id));
    assert.equal(after.get(seeded.groups.id), before.get(seeded.groups.id));
    // An unpublished event has no public category.
    assert.equal((await versions(store).eventSubevents(seeded.draft.eventId)).size, 0);
  },
);
