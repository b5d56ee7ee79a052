import assert from "node:assert/strict";
import { drawOrder } from "../../../../../pages/operator/client/manage/by_category.ts";
import { tableOrder } from "../../../../../pages/operator/client/manage/by_table.ts";
import { findQuery, foundCount } from "../../../../../pages/operator/client/manage/find.ts";
import { noPointYet } from "../../../../../pages/operator/client/manage/match_actions.ts";
import type { OverviewMatch } from "../../../../../pages/operator/client/manage/page.ts";
import { CONSOLE_VIEWS, consoleViewsCss } from "../../../../../pages/operator/console_views.ts";

/** A match of the overview with the fields the lists read. */
function match(id: string, o: Partial<OverviewMatch> = {}): OverviewMatch {
  return {
    id,
    status: "scheduled",
    tableNo: 1,
    scheduledAt: null,
    subeventId: "s",
    stage: "knockout",
    groupName: null,
    roundNo: 1,
    bracketPos: 0,
    gameScores: [],
    currentGame: { home: 0, away: 0 },
    ...o,
  } as OverviewMatch;
}

Deno.test("findQuery() asks for the form's fields, empty ones left out, and the page", () => {
  assert.equal(
    findQuery({ status: "completed", category: "", table: "3", text: " okafor " }, 20),
    "status=completed&table=3&q=okafor&limit=20&offset=20",
  );
  assert.equal(
    findQuery({ status: "", category: "c1", table: "", text: "" }, 0),
    "category=c1&limit=20&offset=0",
  );
  assert.equal(foundCount(20, 20, 48), "21–40 of 48");
  assert.equal(foundCount(0, 0, 0), "No match found");
});

Deno.test("tableOrder() gives a table's matches to play: the one in progress, then by time", () => {
  const matches = [
    match("later", { scheduledAt: "2026-11-28T11:00:00Z" }),
    match("untimed"),
    match("done", { status: "completed" }),
    match("other", { tableNo: 2 }),
    match("sooner", { scheduledAt: "2026-11-28T10:00:00Z" }),
    match("live", { status: "in_progress", scheduledAt: "2026-11-28T12:00:00Z" }),
  ];
  assert.deepEqual(tableOrder(matches, 1).map((m) => m.id), ["live", "sooner", "later", "untimed"]);
});

Deno.test("drawOrder() gives a category's matches in the order of its draw", () => {
  const matches = [
    match("final", { roundNo: 2 }),
    match("sf2", { bracketPos: 1 }),
    match("sf1"),
    match("b1", { stage: "group", groupName: "B" }),
    match("a2", { stage: "group", groupName: "A", roundNo: 2 }),
    match("a1", { stage: "group", groupName: "A" }),
    match("x", { subeventId: "t" }),
  ];
  assert.deepEqual(drawOrder(matches, "s").map((m) => m.id), ["a1", "a2", "b1", "sf1", "sf2", "final"]);
});

Deno.test("noPointYet() says whether a started match may be set back to not started", () => {
  assert.equal(noPointYet(match("m")), true);
  assert.equal(noPointYet(match("m", { currentGame: { home: 0, away: 1 } })), false);
  assert.equal(noPointYet(match("m", { gameScores: [{ home: 11, away: 3 }] })), false);
});

Deno.test("consoleViewsCss() shows each view's parts and hides the rest; All shows everything", () => {
  const css = consoleViewsCss();
  assert.match(
    css,
    /main\[data-view=tables\]>:not\(\.event-bar,#no-event,#referee-alert,#needs,#clashes,#relay,#tables-heading,#hall-form,#tables,#tie-lineups,#by-table\)\{display:none\}/,
  );
  assert.doesNotMatch(css, /data-view=all/);
  const parts = CONSOLE_VIEWS.flatMap((v) => [...v.parts]);
  assert.equal(new Set(parts).size, parts.length, "each part in one view");
});
