import assert from "node:assert/strict";
import { exportEvent } from "../../event_file/export.ts";
import type { EventFile, PlayerInput } from "../../event_file/format.ts";
import { importEvent } from "../../event_file/import.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { generateDraw } from "../../db/draw_writes.ts";
import { setDrawLocked } from "../../db/manage_writes.ts";
import type { Store } from "../../db/store.ts";
import { groupEvent } from "../support/event_files.ts";
import { makeStore, storeTest } from "../support/stores.ts";

const ctx = { actor: "desk", now: new Date("2026-11-28T10:00:00.000Z") };
const clock = () => ctx.now;
const nine: PlayerInput[] = Array.from(
  { length: 9 },
  (_, i) => ({ id: `u${i + 1}`, displayName: `Under ${i + 1}` }),
);

/** The under-15 round robin of 9: one group of every entry, no match given. */
function underFifteen(): EventFile {
  return groupEvent({ slug: "u15", status: "published", players: nine });
}

async function categoryOf(store: Store) {
  return await store.db.selectFrom("subevents").selectAll().executeTakeFirstOrThrow();
}

async function groupMatches(store: Store) {
  return await store.db.selectFrom("matches").selectAll().where("stage", "=", "group")
    .orderBy("round_no").orderBy("bracket_pos").execute();
}

storeTest("importEvent() plays a group of 9 given without matches as a Berger round robin", async (store) => {
  await importEvent(store, underFifteen(), clock);
  const matches = await groupMatches(store);
  assert.equal(matches.length, 36, "every pair once");
  assert.equal(new Set(matches.map((m) => m.round_no)).size, 9, "nine rounds, one member resting in each");
  const pairs = new Set(matches.map((m) => [m.home_entry_id, m.away_entry_id].sort().join("|")));
  assert.equal(pairs.size, 36);
  const sub = await categoryOf(store);
  assert.equal(sub.draw_state, "none", "public as imported");
  const locked = await setDrawLocked(store, sub.id, true, ctx);
  assert.equal(locked.status, "locked");
});

storeTest(
  "a locked round robin of 9 exports a file that imports, and exports the same bytes",
  async (store) => {
    await importEvent(store, underFifteen(), clock);
    await setDrawLocked(store, (await categoryOf(store)).id, true, ctx);
    const first = await exportEvent(store.db, "u15");
    assert.deepEqual(first!.categories[0]!.draw, { state: "locked" });
    const checked = await validateEventFile(first!);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
    const text = JSON.stringify(first, null, 2);
    await importEvent(store, first!, clock);
    assert.equal(JSON.stringify(await exportEvent(store.db, "u15"), null, 2), text, "same store");
    const fresh = await makeStore(store.dialect);
    try {
      await importEvent(fresh, first!, clock);
      assert.equal(JSON.stringify(await exportEvent(fresh.db, "u15"), null, 2), text, "fresh store");
    } finally {
      await fresh.drop();
    }
  },
);

storeTest("generateDraw() draws a category of 9 into one group of 9 and it locks", async (store) => {
  const file = underFifteen();
  const category = file.categories[0]!;
  delete category.groups;
  category.groupSize = 9;
  const checked = await validateEventFile(file);
  assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
  await importEvent(store, file, clock);
  const sub = await categoryOf(store);
  const made = await generateDraw(store, sub.id, {}, ctx);
  assert.deepEqual([made.groupCount, made.groupSize, made.matchCount], [1, 9, 36]);
  assert.equal((await setDrawLocked(store, sub.id, true, ctx)).status, "locked");
  const sixteen = await generateDraw(store, sub.id, { groupSize: 16 }, ctx).catch((e: Error) => e);
  assert.match(String(sixteen), /draw is locked/);
});
