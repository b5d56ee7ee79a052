import assert from "node:assert/strict";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { readEventSessions } from "../../db/read_event_sessions.ts";
import { planInStoredSessions } from "../../views/stored_plan.ts";
import { storeTest } from "../support/stores.ts";

const T0 = new Date("2026-11-28T10:20:00.000Z");

storeTest("the demo event has sessions, and its order of play is planned in them at once", async (store) => {
  await loadDemoIfEmpty(store, T0);
  const stored = await readEventSessions(store.db, DEMO_SLUG);
  assert.deepEqual(stored?.sessions, [
    {
      id: "day-1",
      name: "Day 1",
      start: "2026-11-28T07:00:00.000Z",
      end: "2026-11-28T19:00:00.000Z",
      tables: [1, 2, 3, 4, 5, 6, 7, 8],
    },
    {
      id: "day-2",
      name: "Day 2 morning",
      start: "2026-11-29T07:00:00.000Z",
      end: "2026-11-29T12:00:00.000Z",
      tables: [1, 2, 3, 4],
    },
  ]);
  assert.deepEqual(stored?.categories.map((c) => [c.name, c.sessions]), [
    ["Men's Singles", null],
    ["Women's Singles", null],
    ["Mixed Doubles", ["day-2"]],
  ]);
  const planned = await planInStoredSessions(store.db, DEMO_SLUG, {
    restMs: 10 * 60_000,
    bufferMs: 2 * 60_000,
    now: T0.getTime(),
  });
  assert.ok(planned);
  assert.deepEqual(planned.plan.unplaced, []);
  const doubles = planned.plan.matches.filter((m) =>
    !m.fixed && planned.labels.get(m.id)?.category === "Mixed Doubles"
  );
  assert.ok(doubles.length > 0);
  for (const m of doubles) assert.ok(m.start >= Date.parse("2026-11-29T07:00:00Z") && m.table <= 4);
});
