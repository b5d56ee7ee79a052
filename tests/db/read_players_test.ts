import assert from "node:assert/strict";
import type { Kysely } from "kysely";
import { type EventPlayerRecord, findEventPlayer, listEventPlayers } from "../../db/read_players.ts";
import type { Database } from "../../db/schema.ts";
import {
  makeDrawSlot,
  makeEntry,
  makeGroupOf,
  makeMatch,
  makePlayer,
  seedTournament,
} from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

/** The id of the player with this name. */
async function playerId(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db.selectFrom("players").select("id").where("display_name", "=", name)
    .executeTakeFirstOrThrow();
  return row.id;
}

const named = (players: EventPlayerRecord[], name: string) => players.find((p) => p.displayName === name);

storeTest(
  "listEventPlayers() lists the players of groups, locked draws and pairs, their entries in category order",
  async (store) => {
    const s = await seedTournament(store.db);
    const players = await listEventPlayers(store.db, s.event.id);
    assert.deepEqual(players.map((p) => p.displayName), [
      "Anna Berg",
      "Bea Carter",
      "Cleo Dubois",
      "Dana Evans",
      "Ella Fox",
      "Fay Green",
      "Hugo Ives",
      "Ivan Jones",
      "Jack King",
      "Karl Lund",
      "Leo Moss",
      "Max Nash",
    ]);
    // A group player who is the first player of a pair: the group category, then the doubles.
    assert.deepEqual(named(players, "Anna Berg"), {
      id: await playerId(store.db, "Anna Berg"),
      displayName: "Anna Berg",
      association: "TTC Nord",
      entries: [
        { entryId: s.groups.entries[0], categoryId: s.groups.id, categoryName: "Women's Singles" },
        { entryId: s.doubles.entries[0], categoryId: s.doubles.id, categoryName: "Mixed Doubles" },
      ],
    });
    // In the locked draw and the second player of a pair; his entry in the draft draw is not public.
    assert.deepEqual(named(players, "Hugo Ives")?.entries, [
      { entryId: s.knockout.entries[0], categoryId: s.knockout.id, categoryName: "Men's Singles" },
      { entryId: s.doubles.entries[0], categoryId: s.doubles.id, categoryName: "Mixed Doubles" },
    ]);
    // A player of the locked draw alone; and one who also plays in the draft event, which is not listed.
    assert.deepEqual(named(players, "Max Nash")?.entries, [
      { entryId: s.knockout.entries[5], categoryId: s.knockout.id, categoryName: "Men's Singles" },
    ]);
    assert.deepEqual(named(players, "Jack King")?.entries.map((e) => e.categoryName), [
      "Men's Singles",
      "Mixed Doubles",
    ]);
    assert.equal(named(players, "Ella Fox")?.association, null);
    // What findEventPlayer gives is that player's row of the list.
    const hugo = await playerId(store.db, "Hugo Ives");
    assert.deepEqual(await findEventPlayer(store.db, s.event.id, hugo), named(players, "Hugo Ives"));
  },
);

storeTest(
  "listEventPlayers() leaves out a player of a draft draw only, and everybody of a draft or archived event",
  async (store) => {
    const s = await seedTournament(store.db);
    // Entered in the draft knockout only: placed in its draft draw and in one of its (unserved) matches.
    const drafted = await makePlayer(store.db, { display_name: "Olga Draft" });
    const entry = await makeEntry(store.db, { subevent_id: s.draftKnockout.id, player1_id: drafted.id });
    await makeDrawSlot(store.db, { subevent_id: s.draftKnockout.id, position: 0, entry_id: entry.id });
    await makeMatch(store.db, {
      event_id: s.event.id,
      subevent_id: s.draftKnockout.id,
      bracket_pos: 1,
      home_entry_id: entry.id,
      away_entry_id: s.knockout.entries[0],
    });
    const players = await listEventPlayers(store.db, s.event.id);
    assert.equal(named(players, "Olga Draft"), undefined);
    assert.equal(await findEventPlayer(store.db, s.event.id, drafted.id), null);
    assert.deepEqual(await listEventPlayers(store.db, s.draft.eventId), []);
    assert.deepEqual(await listEventPlayers(store.db, s.archived.eventId), []);
    const hidden = await playerId(store.db, "Hidden Draft Player");
    assert.equal(await findEventPlayer(store.db, s.draft.eventId, hidden), null);
    assert.equal(await findEventPlayer(store.db, s.event.id, hidden), null);
    assert.equal(await findEventPlayer(store.db, s.event.id, crypto.randomUUID()), null);
    assert.ok(players.every((p) => p.displayName !== "Hidden Draft Player"));
  },
);

storeTest("listEventPlayers() sorts by name ignoring case and accents, then by id", async (store) => {
  const entered = ["Zoë Young", "bea Carter", "Ábel Nagy", "éva Kiss", "Adam Smith", "ADAM SMITH"];
  const { event, seated } = await makeGroupOf(store.db, entered.map((name) => ({ display_name: name })));
  const ids = new Map(seated.map(({ player }) => [player.display_name, player.id]));
  const names = (await listEventPlayers(store.db, event.id)).map((p) => p.displayName);
  // By code points: "ADAM SMITH", "Adam Smith", "Zoë Young", "bea Carter", "Ábel Nagy", "éva Kiss".
  const adams = ["Adam Smith", "ADAM SMITH"].sort((a, b) => ids.get(a)! < ids.get(b)! ? -1 : 1);
  assert.deepEqual(names, ["Ábel Nagy", ...adams, "bea Carter", "éva Kiss", "Zoë Young"]);
});
