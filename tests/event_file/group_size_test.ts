import assert from "node:assert/strict";
import type { EventFile } from "../../event_file/format.ts";
import { validateEventFile } from "../../event_file/validate.ts";
import { generateDraw } from "../../db/draw_writes.ts";
import { makeRatedCategory } from "../support/rated_category.ts";
import { storeTest } from "../support/stores.ts";
import { refused } from "../support/write_errors.ts";

const fixture = new URL("../fixtures/import/spring_open.json", import.meta.url);
const ctx = { actor: "desk", now: new Date("2026-11-28T10:00:00.000Z") };

/** The valid fixture with its groups category (S) changed. */
async function problemsWith(change: (category: EventFile["categories"][number]) => void) {
  const file = JSON.parse(await Deno.readTextFile(fixture)) as EventFile;
  change(file.categories[0]!);
  const result = await validateEventFile(file);
  return result.ok ? [] : result.errors.map(({ path, message }) => ({ path, message }));
}

Deno.test("validateEventFile() refuses a groupSize the draw does not make for groups still to draw", async () => {
  const problems = await problemsWith((c) => {
    c.groupSize = 17;
    delete c.groups;
    delete c.matches;
    delete c.draw;
  });
  assert.deepEqual(problems, [{
    path: "categories[0].groupSize",
    message: "Cannot draw groups of 17: the draw makes groups of 3 to 16 entries (give the groups already " +
      "drawn to use groups of another size)",
  }]);
  for (const size of [3, 6, 9, 16]) {
    assert.deepEqual(
      await problemsWith((c) => {
        c.groupSize = size;
        delete c.groups;
        delete c.matches;
        delete c.draw;
      }),
      [],
    );
  }
  // Groups already drawn (by another tool) may be of any size from 2: the file gives them.
  assert.deepEqual(await problemsWith((c) => void (c.groupSize = 17)), []);
});

storeTest(
  "generateDraw() refuses to draw groups of a stored size it does not make, unless told one",
  async (store) => {
    const c = await makeRatedCategory(store, {
      format: "groups",
      entries: 8,
      event: { status: "published" },
      category: { code: "MS", name: "Men's singles" },
    });
    // As an import with its groups of 8 given leaves it.
    await store.db.updateTable("subevents").set({ group_size: 17 }).where("id", "=", c.categoryId).execute();
    await refused(
      generateDraw(store, c.categoryId, {}, ctx),
      400,
      "invalid-body",
      /^Cannot draw the groups of "Men's singles" in groups of 17: the draw makes groups of 3 to 16 entries; give "groupSize"$/,
    );
    const made = await generateDraw(store, c.categoryId, { groupSize: 4 }, ctx);
    assert.deepEqual([made.groupCount, made.groupSize], [2, 4]);
  },
);
