import assert from "node:assert/strict";
import type { Match } from "../../views/schemas.ts";
import { serializeMatch } from "../../views/serialize.ts";
import { writeMatch } from "../../db/match_writes.ts";
import { readCategoryEntries } from "../../db/read_entries.ts";
import { listCategoryMatches } from "../../db/read_matches.ts";
import { bumpRevision } from "../../db/revision.ts";
import type { Store } from "../../db/store.ts";
import { NOW } from "../support/api_client.ts";
import { bump } from "../support/fixtures.ts";
import { tournamentTest } from "../support/tournament_test.ts";

type Listed = { id: string; homeName: string; tableNo: number | null; groupName: string | null };

const ctx = { actor: "test", now: NOW };

/** The answer a whole build makes: every match read and serialised, the whole envelope stringified at once. */
async function wholeBuild(store: Store, categoryId: string): Promise<string> {
  const [matches, entries] = await Promise.all([
    listCategoryMatches(store.db, categoryId),
    readCategoryEntries(store.db, categoryId),
  ]);
  const served = matches.map((m) => serializeMatch(m, entries)).filter((m): m is Match => m !== null);
  return JSON.stringify({ data: { matches: served }, meta: { generatedAt: NOW.toISOString() } });
}

tournamentTest(
  "[api] a category's matches list made again from its last answer after writes is the list a first build makes",
  async ({ s, api: client, store }) => {
    const path = `/api/v1/subevents/${s.knockout.id}/matches`;
    const same = async (why: string) => {
      const again = await client.request(path);
      assert.equal(again.status, 200, why);
      // Byte for byte the text of a whole build.
      assert.equal(again.text, await wholeBuild(store, s.knockout.id), why);
      return again.body.data.matches as Listed[];
    };
    const before = await same("first read");
    assert.ok(
      !before.some((m) => m.id === s.matches.semiOpen),
      "a match with a side still open is not listed",
    );

    await writeMatch(store, s.matches.r1Running, { type: "point", side: "home" }, ctx);
    await same("after a point");
    await writeMatch(store, s.matches.semiScheduled, { type: "assign", tableNo: 7 }, ctx);
    assert.equal((await same("after a table")).find((m) => m.id === s.matches.semiScheduled)!.tableNo, 7);
    // The winner goes through to the open semi-final, which is listed from now on, in its place.
    await writeMatch(store, s.matches.r1Running, { type: "retire", side: "home" }, ctx);
    const after = await same("after a result that fills the next round");
    assert.ok(after.some((m) => m.id === s.matches.semiOpen));
    assert.deepEqual(
      after.map((m) => m.id).filter((id) => before.some((m) => m.id === id)),
      before.map((m) => m.id),
    );
    await writeMatch(store, s.matches.r1Running, { type: "reopen" }, ctx);
    const reopened = await same("after the result is taken back");
    assert.ok(!reopened.some((m) => m.id === s.matches.semiOpen));
    // Every match moved at once (read again whole).
    await bump(store.db);
    await same("after a write to every match");
    await writeMatch(store, s.matches.r1Running, { type: "point", side: "away" }, ctx);
    await same("after a point again");
  },
);

tournamentTest(
  "[api] a category's matches list shows a renamed player and a renamed group though no match changed",
  async ({ s, api: client, store }) => {
    const path = `/api/v1/subevents/${s.groups.id}/matches`;
    const first = (await client.request(path)).body.data.matches as Listed[];
    const player = await store.db.selectFrom("entries").select("player1_id").where(
      "id",
      "=",
      s.groups.entries[0]!,
    )
      .executeTakeFirstOrThrow();
    // As an import of another event sharing the player would: the player's row only, then a write in this
    // category that is a match's (its roster version stays).
    await store.db.updateTable("players").set({ display_name: "Renamed Player" })
      .where("id", "=", player.player1_id).execute();
    const matchWrite = () =>
      bumpRevision(store.db, s.event.id, [s.groups.id], { rosterUnchanged: true, rankingsUnchanged: true });
    await matchWrite();
    const renamed = await client.request(path);
    assert.equal(renamed.text, await wholeBuild(store, s.groups.id));
    assert.equal((renamed.body.data.matches as Listed[]).length, first.length);
    assert.ok((renamed.body.data.matches as Listed[]).some((m) => m.homeName === "Renamed Player"));
    // A group renamed: no match's own version moves.
    await store.db.updateTable("groups").set({ name: "Z" }).where("id", "=", s.groups.groupA).execute();
    await matchWrite();
    const regrouped = await client.request(path);
    assert.equal(regrouped.text, await wholeBuild(store, s.groups.id));
    assert.ok((regrouped.body.data.matches as Listed[]).some((m) => m.groupName === "Z"));
  },
);

tournamentTest(
  "[api] a category's matches list made again copies the matches whose version did not move",
  async ({ s, api: client, store }) => {
    const path = `/api/v1/subevents/${s.knockout.id}/matches`;
    await client.request(path);
    // A change behind the write path's back (no new version for the match): the list made again from its last
    // answer keeps the match as it was, which shows that its bytes were copied, not made again; a first build
    // reads it as it is now.
    await store.db.updateTable("matches").set({ table_no: 42 }).where("id", "=", s.matches.r1Done).execute();
    await writeMatch(store, s.matches.r1Running, { type: "point", side: "home" }, ctx);
    const table = (matches: Listed[]) => matches.find((m) => m.id === s.matches.r1Done)!.tableNo;
    assert.notEqual(table((await client.request(path)).body.data.matches), 42);
    assert.equal(table(JSON.parse(await wholeBuild(store, s.knockout.id)).data.matches), 42);
  },
);
