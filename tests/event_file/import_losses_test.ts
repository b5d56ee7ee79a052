import assert from "node:assert/strict";
import { runImport } from "../../cli/import.ts";
import { exportEvent } from "../../event_file/export.ts";
import type { EventFile } from "../../event_file/format.ts";
import { importEvent } from "../../event_file/import.ts";
import { importLosses } from "../../event_file/import_losses.ts";
import { generateDraw } from "../../db/draw_writes.ts";
import { addEntry } from "../../db/entry_writes.ts";
import { openStore } from "../../db/store.ts";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { undrawnGroups } from "../support/event_files.ts";
import { storeTest } from "../support/stores.ts";
import { withTempDir } from "../support/temp_dir.ts";
import { manageData as ok, manageProblem as problem } from "../support/assert_response.ts";
import { makeToken, manageApp } from "../api/manage_fixtures.ts";

const clock = () => new Date("2026-06-01T08:00:00.000Z");
const ctx = { actor: "desk", now: clock() };
const players = ["ana", "ben", "cat", "dan"].map((id) => ({ id, displayName: `Player ${id}` }));

/** The file as the desk received it: four players, one group, no draw yet. */
const mended = (): EventFile => undrawnGroups("open", players);

storeTest(
  "importLosses() names the desk's late entry and draw that a file would drop",
  async (store) => {
    await importEvent(store, mended(), clock);
    assert.deepEqual(await importLosses(store.db, mended()), [], "the same file drops nothing");
    const category = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
    await addEntry(store, category.id, { players: [{ name: "Maya Lin" }] }, ctx);
    await generateDraw(store, category.id, { lotSeed: "desk" }, ctx);
    const file = mended();
    file.event.name = "Open, mended";
    const losses = await importLosses(store.db, file);
    assert.ok(losses.includes('Entry "Maya Lin" of "Singles" would be removed'), losses.join("\n"));
    assert.ok(losses.includes('The draw of "Singles" would be removed'), losses.join("\n"));
    // Exported, the desk's work is in the file: nothing is lost.
    assert.deepEqual(await importLosses(store.db, (await exportEvent(store.db, "open"))!), []);
  },
);

Deno.test("[cli] import refuses a file that drops the desk's work unless --replace, naming each loss", async () => {
  await withTempDir("tt-losses-", async (dir) => {
    const url = `sqlite:${dir}/store.db`;
    const env = (name: string) => name === "DATABASE_URL" ? url : undefined;
    const path = `${dir}/open.json`;
    await Deno.writeTextFile(path, JSON.stringify(mended()));
    const io = () => {
      const out: string[] = [];
      const err: string[] = [];
      return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
    };
    const first = io();
    assert.equal(await runImport([path], env, first.io, clock), 0, first.err.join("\n"));
    const store = await openStore(parseDatabaseUrl(url));
    try {
      const category = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
      await addEntry(store, category.id, { players: [{ name: "Maya Lin" }] }, ctx);
    } finally {
      await store.close();
    }
    const file = mended();
    file.event.name = "Open, mended";
    await Deno.writeTextFile(path, JSON.stringify(file));
    const refused = io();
    assert.equal(await runImport([path], env, refused.io, clock), 1);
    assert.deepEqual(refused.err, [
      `${path}: Entry "Maya Lin" of "Singles" would be removed`,
      `${path}: Nothing was imported: the store's "open" holds what the file would remove or change (above); ` +
      "give --replace to import it anyway",
    ]);
    const replaced = io();
    assert.equal(await runImport(["--replace", path], env, replaced.io, clock), 0, replaced.err.join("\n"));
    assert.match(replaced.out[0]!, /^Imported "open"/);
  });
});

storeTest(
  "[api] POST /api/manage/events/import answers 409 with the losses, and imports with ?replace=true",
  async (store) => {
    const app = manageApp(store, clock);
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const post = (body: EventFile, query = "") =>
      app.request(`/api/manage/events/import${query}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    await ok(await post(mended()), 201);
    const category = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
    await addEntry(store, category.id, { players: [{ name: "Maya Lin" }] }, ctx);
    const file = mended();
    file.event.name = "Open, mended";
    const refused = await problem(await post(file), 409);
    assert.equal(refused.code, "import-would-remove");
    assert.deepEqual(refused.losses, ['Entry "Maya Lin" of "Singles" would be removed']);
    assert.equal(
      (await store.db.selectFrom("events").select("name").executeTakeFirstOrThrow()).name,
      "Event open",
    );
    await ok(await post(file, "?replace=true"), 201);
  },
);

storeTest(
  "a replacing import removes the desk's late player it drops, so adding her again makes one player",
  async (store) => {
    await importEvent(store, mended(), clock);
    await importEvent(store, undrawnGroups("other", players), clock);
    const [open, other] = await Promise.all(
      ["open", "other"].map((slug) =>
        store.db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
          .select("subevents.id").where("events.slug", "=", slug).executeTakeFirstOrThrow()
      ),
    );
    await addEntry(store, open!.id, { players: [{ name: "Maya Lin" }] }, ctx);
    // Entered in another event too, Sam must stay when the open's file drops him.
    const sam = await addEntry(store, open!.id, { players: [{ name: "Sam Orr" }] }, ctx);
    await addEntry(store, other!.id, { players: [{ playerId: sam.entry.players[0]!.id }] }, ctx);
    const named = (name: string) =>
      store.db.selectFrom("players").select("id").where("display_name", "=", name).execute();
    const filePlayers = (await named("Player ana")).length;
    const file = mended();
    file.event.name = "Open, mended";
    await importEvent(store, file, clock);
    assert.deepEqual(await named("Maya Lin"), [], "no player row is left without an entry");
    assert.equal((await named("Sam Orr")).length, 1, "a player entered elsewhere stays");
    assert.equal((await named("Player ana")).length, filePlayers, "the file's players stay");
    await addEntry(store, open!.id, { players: [{ name: "Maya Lin" }] }, ctx);
    assert.equal((await named("Maya Lin")).length, 1, "adding her again makes one player");
  },
);
