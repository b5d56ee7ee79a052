import assert from "node:assert/strict";
import { upcomingAcross } from "../../pages/match_lists.ts";
import { liveMatches, upcomingMatches } from "../../views/match_lists.ts";
import type { CategorySummary, Match } from "../../pages/view_types.ts";
import { makeMatchView } from "../support/match_view.ts";

/** A match of the public API's shape; only what the lists read matters. */
const match = makeMatchView;

Deno.test("upcomingMatches() lists the called matches first, then by time, then in the draw's order", () => {
  const knockout = match({ stage: "knockout", roundNo: 1, bracketPos: 0, stageLabel: "Quarter-final" });
  const groupR2 = match({ roundNo: 2, bracketPos: 0 });
  const groupR1b = match({ roundNo: 1, bracketPos: 1 });
  const groupR1a = match({ roundNo: 1, bracketPos: 0 });
  const at1030 = match({ scheduledAt: "2026-11-28T10:30:00.000Z", tableNo: 4 });
  const at1000t5 = match({ scheduledAt: "2026-11-28T10:00:00.000Z", tableNo: 5 });
  const at1000t2 = match({ scheduledAt: "2026-11-28T10:00:00.000Z", tableNo: 2 });
  const calledT7 = match({ tableNo: 7 });
  const calledT3 = match({ tableNo: 3 });
  const running = match({ status: "in_progress", tableNo: 1 });
  const done = match({ status: "completed", winnerId: "h" });
  const all = [
    knockout,
    groupR2,
    groupR1b,
    running,
    at1030,
    groupR1a,
    done,
    at1000t5,
    calledT7,
    at1000t2,
    calledT3,
  ];
  assert.deepEqual(
    upcomingMatches(all, Infinity).map((m) => m.id),
    [
      calledT3, // called to a table with no time: next there now, by table
      calledT7,
      at1000t2, // then by time, and table at the same time
      at1000t5,
      at1030,
      groupR1a, // then what has no time: groups before the knockout, by round and position
      groupR1b,
      groupR2,
      knockout,
    ].map((m) => m.id),
  );
  assert.deepEqual(upcomingMatches(all, 2).map((m) => m.id), [calledT3.id, calledT7.id]);
  assert.deepEqual(liveMatches(all).map((m) => m.id), [running.id]);
});

Deno.test("upcomingAcross() merges the categories' matches up next in one order of play", () => {
  const summary = (name: string, upcoming: Match[]): CategorySummary => ({
    id: name,
    name,
    format: "groups",
    bestOf: 5,
    live: [],
    upcoming,
    recent: [],
    groups: [],
    draw: null,
  });
  const men = [match({ tableNo: 2 }), match({ scheduledAt: "2026-11-28T11:00:00.000Z" })];
  const women = [match({ scheduledAt: "2026-11-28T10:00:00.000Z" }), match({})];
  const listed = upcomingAcross([summary("Men", men), summary("Women", women)], 3);
  assert.deepEqual(listed.map((l) => [l.category, l.match.id]), [
    ["Men", men[0]!.id],
    ["Women", women[0]!.id],
    ["Men", men[1]!.id],
  ]);
});
