import assert from "node:assert/strict";
import { bumpRevision } from "../../db/revision.ts";
import { makeVersionReader } from "../../db/read_versions.ts";
import { seedTournament } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

storeTest(
  "[versions] eventCategories() gives every category's version in one read, as category() does",
  async (store) => {
    const seeded = await seedTournament(store.db);
    const ids = [seeded.groups.id, seeded.knockout.id, seeded.doubles.id, seeded.draftKnockout.id];
    const check = async () => {
      const all = await makeVersionReader(store).eventCategories(seeded.event.id);
      assert.deepEqual([...all.keys()].sort(), [...ids].sort());
      for (const id of ids) assert.equal(all.get(id), await makeVersionReader(store).category(id), id);
      return all;
    };
    const before = await check();
    // A write to one category moves its version alone.
    await store.db.transaction().execute((trx) => bumpRevision(trx, seeded.event.id, [seeded.knockout.id]));
    const after = await check();
    assert.notEqual(after.get(seeded.knockout.id), before.get(seeded.knockout.id));
    assert.equal(after.get(seeded.groups.id), before.get(seeded.groups.id));
    // An unpublished event has no public category.
    assert.equal((await makeVersionReader(store).eventCategories(seeded.draft.eventId)).size, 0);
  },
);

storeTest(
  "[versions] a player's version follows the player's categories; the roster's every write but a match's",
  async (store) => {
    const seeded = await seedTournament(store.db);
    const slug = seeded.event.slug;
    const playerId = seeded.knockout.players[0]!;
    const own = (await store.db.selectFrom("entries").select("subevent_id")
      .where((eb) => eb.or([eb("player1_id", "=", playerId), eb("player2_id", "=", playerId)])).execute())
      .map((r) => r.subevent_id);
    const categories = await makeVersionReader(store).eventCategories(seeded.event.id);
    const elsewhere = [...categories.keys()].find((id) => !own.includes(id))!;
    assert.ok(own.includes(seeded.knockout.id) && elsewhere);
    const read = async () => ({
      player: await makeVersionReader(store).eventPlayer(slug, playerId),
      roster: await makeVersionReader(store).eventRoster(slug),
    });
    const bump = (ids: string[] | undefined, rosterUnchanged: boolean) =>
      store.db.transaction().execute((trx) => bumpRevision(trx, seeded.event.id, ids, { rosterUnchanged }));

    const first = await read();
    assert.match(first.player!, /^P(\.s\d+)+$/);
    // A point in another category: neither moves.
    await bump([elsewhere], true);
    assert.deepEqual(await read(), first);
    // A point in the player's category: the player's version moves, the roster's does not.
    await bump([seeded.knockout.id], true);
    const second = await read();
    assert.notEqual(second.player, first.player);
    assert.equal(second.roster, first.roster);
    // A draw or an import (any write but a match's): the roster moves.
    await bump([elsewhere], false);
    const third = await read();
    assert.notEqual(third.roster, second.roster);
    assert.equal(third.player, second.player);
    // A player entered nowhere in the event has a version that moves when an entry is added; an unpublished
    // event has none.
    assert.equal(await makeVersionReader(store).eventPlayer(slug, crypto.randomUUID()), "P");
    assert.equal(await makeVersionReader(store).eventPlayer(seeded.draft.slug, playerId), null);
    assert.equal(await makeVersionReader(store).eventRoster(seeded.draft.slug), null);
    assert.equal(await makeVersionReader(store).eventRoster("no-such-event"), null);
  },
);
