import assert from "node:assert/strict";
import { importEvent } from "../../event_file/import.ts";
import { readDrawDetail } from "../../db/read_draw_detail.ts";
import { setDrawLocked } from "../../db/manage_writes.ts";
import type { PlayerInput } from "../../event_file/format.ts";
import { groupEvent } from "../support/event_files.ts";
import { storeTest } from "../support/stores.ts";

const ctx = { actor: "desk", now: new Date("2026-11-28T10:00:00.000Z") };
const four: PlayerInput[] = Array.from(
  { length: 4 },
  (_, i) => ({ id: `p${i + 1}`, displayName: `P ${i + 1}` }),
);

storeTest(
  "a groups category imported with its groups and no draw is a draft the desk can lock",
  async (store) => {
    const file = groupEvent({ slug: "rr", status: "published", players: four });
    assert.equal(file.categories[0]!.draw, undefined, "the file gives no draw");
    await importEvent(store, file, () => ctx.now);
    const sub = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
    const detail = await readDrawDetail(store.db, sub.id);
    assert.equal(detail!.category.drawState, "draft", "drawn: its groups are given");
    assert.deepEqual(detail!.groups.map((g) => g.members.length), [4]);
    const locked = await setDrawLocked(store, sub.id, true, ctx);
    assert.equal(locked.status, "locked");
    assert.equal((await readDrawDetail(store.db, sub.id))!.category.drawState, "locked");
  },
);

storeTest("a groups category imported with empty groups and no draw has no draw yet", async (store) => {
  const file = groupEvent({ slug: "rr", status: "published", players: four });
  file.categories[0]!.groups = [];
  await importEvent(store, file, () => ctx.now);
  const sub = await store.db.selectFrom("subevents").select("id").executeTakeFirstOrThrow();
  assert.equal((await readDrawDetail(store.db, sub.id))!.category.drawState, "none");
});
