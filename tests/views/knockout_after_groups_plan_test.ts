import assert from "node:assert/strict";
import { generateDraw } from "../../db/draw_writes.ts";
import { readScheduleSource } from "../../db/read_schedule.ts";
import { planOrderOfPlay } from "../../views/order_of_play.ts";
import { makeRatedCategory } from "../support/rated_category.ts";
import { storeTest } from "../support/stores.ts";

const MINUTE = 60_000;
const ctx = { actor: "desk", now: new Date("2026-11-28T08:00:00.000Z") };
const START = Date.parse("2026-11-28T09:00:00Z");

storeTest(
  "a knockout fed by groups waits for every group of its category, and the rest after them",
  async (store) => {
    const c = await makeRatedCategory(store, {
      format: "groups_knockout",
      entries: 16,
      event: { status: "published" },
      category: { code: "MS", name: "Men's singles" },
    });
    await generateDraw(store, c.categoryId, { groupSize: 4, qualifiersPerGroup: 2, lotSeed: "ko" }, ctx);
    const source = (await readScheduleSource(store.db, c.slug))!;
    const groupIds = source.matches.filter((m) => m.stage === "group").map((m) => m.id).sort();
    const firstRound = source.matches.filter((m) => m.stage === "knockout" && m.round === 1);
    assert.equal(firstRound.length, 4);
    // Each first-round match names two groups' places, but the runners-up are placed when all four are over.
    for (const m of firstRound) assert.deepEqual([...m.feeders].sort(), groupIds);

    for (const tables of [[1, 2, 3], [1, 2, 3, 4, 5, 6, 7, 8]]) {
      const planned = (await planOrderOfPlay(store.db, c.slug, {
        sessions: [{ id: "day", start: START, end: START + 12 * 60 * MINUTE, tables }],
        restMs: 10 * MINUTE,
        bufferMs: 2 * MINUTE,
        now: START,
      }))!.plan;
      assert.deepEqual(planned.unplaced, []);
      const at = new Map(planned.matches.map((m) => [m.id, m]));
      const groupsEnd = Math.max(...groupIds.map((id) => at.get(id)!.end));
      for (const m of firstRound) {
        assert.ok(
          at.get(m.id)!.start >= groupsEnd + 10 * MINUTE,
          `${tables.length} tables: before the groups end`,
        );
      }
    }
  },
);
