import assert from "node:assert/strict";
import type { EventFile } from "../../event_file/format.ts";
import { rowChanges } from "../../event_file/import_preview.ts";
import { addEntry } from "../../db/entry_writes.ts";
import { undrawnGroups } from "../support/event_files.ts";
import { storeTest } from "../support/stores.ts";
import { manageData as ok, manageProblem as problem } from "../support/assert_response.ts";
import { makeToken, manageApp } from "../api/manage_fixtures.ts";

const clock = () => new Date("2026-06-01T08:00:00.000Z");
const ctx = { actor: "desk", now: clock() };
const players = ["ana", "ben", "cat", "dan"].map((id) => ({ id, displayName: `Player ${id}` }));

/** Four players in one category of groups, not drawn yet. */
const file = (): EventFile => undrawnGroups("open", players);

Deno.test("rowChanges() splits rows into added, changed and removed", () => {
  assert.deepEqual(
    rowChanges(
      new Map([["a", "x"], ["gone", "w"], ["same", "s"]]),
      new Map([["a", "y"], ["b", "z"], ["same", "s"]]),
    ),
    { added: ["b: z"], changed: ["a: x → y"], removed: ["gone: w"] },
  );
});

storeTest(
  "[api] POST /api/manage/events/import?dryRun=true previews the import and writes nothing",
  async (store) => {
    const app = manageApp(store, clock);
    const admin = await makeToken(store.db, "admin", { label: "Desk" });
    const post = (body: unknown, query = "") =>
      app.request(`/api/manage/events/import${query}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const fresh = await ok(await post(file(), "?dryRun=true"), 200);
    assert.equal(fresh.exists, false);
    assert.deepEqual(fresh.losses, []);
    assert.ok(fresh.added.includes('entry "Player ana" in "Singles": playing'), fresh.added.join("\n"));
    assert.equal((await store.db.selectFrom("events").selectAll().execute()).length, 0, "nothing written");

    await ok(await post(file()), 201);
    const same = await ok(await post(file(), "?dryRun=true"), 200);
    assert.equal(same.unchanged, true);
    assert.deepEqual([same.added, same.changed, same.removed], [[], [], []]);

    const category = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
    await addEntry(store, category.id, { players: [{ name: "Maya Lin" }] }, ctx);
    const mended = file();
    mended.event.name = "Open, mended";
    mended.players.push({ id: "eve", displayName: "Player eve" });
    mended.categories[0]!.entries.push({ id: "e-eve", players: ["eve"] });
    const preview = await ok(await post(mended, "?dryRun=true"), 200);
    assert.equal(preview.exists, true);
    assert.deepEqual(preview.losses, ['Entry "Maya Lin" of "Singles" would be removed']);
    assert.deepEqual(preview.removed, ['entry "Maya Lin" in "Singles": playing']);
    assert.deepEqual(preview.added, ['entry "Player eve" in "Singles": playing']);
    const names = await store.db.selectFrom("entries").select("id").execute();
    assert.equal(names.length, 5, "the dry run rolled back: Maya Lin's entry is still there");

    const bad = await problem(await post({ ...mended, categories: "none" }, "?dryRun=true"), 400);
    assert.equal(bad.code, "invalid-event-file");
    assert.match(bad.detail, /^Cannot import the event file: categories/);
  },
);
