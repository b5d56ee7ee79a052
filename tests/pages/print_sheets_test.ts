/** The rules of the printed sheets that need no browser: which matches a batch holds, how a draw is paged. */
import assert from "node:assert/strict";
import { drawPaper, drawParts } from "../../pages/print/draw_sheet.tsx";
import { parseMatchSelection, selects } from "../../pages/print/match_selection.ts";
import { makeMatchView } from "../support/match_view.ts";

Deno.test("parseMatchSelection() keeps the filters that parse and leaves out the others", () => {
  assert.deepEqual(
    parseMatchSelection({ round: "2", table: "x", day: "2026-06-01", from: "25:00", to: "12:30" }),
    {
      round: 2,
      day: "2026-06-01",
      to: "12:30",
    },
  );
});

Deno.test("selects() takes the matches not finished that every filter lets through, and one match by id", () => {
  const m = makeMatchView({ stage: "knockout", roundNo: 2, tableNo: 3, status: "scheduled" });
  assert.equal(selects({ round: 2, table: 3 }, m), true);
  assert.equal(selects({ round: 1 }, m), false);
  assert.equal(selects({ table: 4 }, m), false);
  assert.equal(selects({ day: "2026-06-01" }, { ...m, scheduledAt: null }), false);
  const done = { ...m, status: "completed" as const };
  assert.equal(selects({}, done), false);
  assert.equal(selects({ match: done.id }, done), true);
});

Deno.test("drawPaper() is A4 up to 32 slots and A3 above unless asked", () => {
  assert.equal(drawPaper(undefined, 32), "a4");
  assert.equal(drawPaper(undefined, 64), "a3");
  assert.equal(drawPaper("a4", 128), "a4");
});

Deno.test("drawParts() pages a draw of 128 in sections and a closing page", () => {
  assert.deepEqual(drawParts(16, 32), [{ fromRound: 1, toRound: 4, firstSlot: 0, slots: 16 }]);
  const parts = drawParts(128, 32);
  assert.equal(parts.length, 5);
  assert.deepEqual(parts[3], { fromRound: 1, toRound: 5, firstSlot: 96, slots: 32 });
  assert.deepEqual(parts[4], { fromRound: 6, toRound: 7, firstSlot: 0, slots: 128 });
  assert.equal(drawParts(128, 64).length, 3);
});
