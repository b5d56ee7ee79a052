/**
 * pages/tie_data.ts and views/tie_boards.ts `tieIdOf()`: which tie a listed match stands for, the match of a tie on
 * now, a tie in a line.
 */
import assert from "node:assert/strict";
import {
  currentTieMatch,
  isTieInPlay,
  teamLabel,
  type Tie,
  tieStateLine,
  withoutTeamMatches,
} from "../../pages/tie_data.ts";
import type { CategorySummary } from "../../pages/view_types.ts";
import { tieIdOf } from "../../views/tie_boards.ts";
import { makeMatchView } from "../support/match_view.ts";

const team = (id: string, name: string, association: string | null = null): Tie["home"] => ({
  id,
  name,
  association,
  players: [],
});

/** A tie of the World Team format between China and Japan with these matches' statuses and winners. */
function makeTie(
  matches: [Tie["matches"][number]["status"], "home" | "away" | null][],
  over: Partial<Tie> = {},
) {
  const score = {
    home: matches.filter(([, w]) => w === "home").length,
    away: matches.filter(([, w]) => w === "away").length,
  };
  return {
    id: "t1",
    eventId: "e",
    subeventId: "s",
    stage: "knockout",
    groupName: null,
    roundNo: 1,
    bracketPos: 0,
    stageLabel: "Semi-final",
    status: "in_progress",
    home: team("chn", "China", "CHN"),
    away: team("jpn", "Japan", "JPN"),
    score,
    decided: false,
    winnerId: null,
    format: { id: "wttc", name: "World Team", winsNeeded: 3, playAll: false, matches: [] },
    lineups: null,
    matches: matches.map(([status, winner], i) => ({
      order: i + 1,
      type: "singles",
      status,
      winner,
      match: status === "not_needed" ? null : makeMatchView({ status, tieId: "t1", tieOrder: i + 1 }),
    })),
    tableNo: 4,
    scheduledAt: null,
    startedAt: null,
    completedAt: null,
    updatedAt: "2026-05-02T10:00:00Z",
    ...over,
  } as Tie;
}

const summary = (id: string, kind: string): CategorySummary => ({
  id,
  name: id,
  format: "knockout",
  bestOf: 5,
  kind,
  live: [],
  upcoming: [],
  recent: [],
  groups: [],
  draw: null,
});

Deno.test("tieIdOf() names the tie of a match of a tie, and a team category's other matches as ties", () => {
  assert.equal(tieIdOf({ id: "m", tieId: "t" }, "singles"), "t");
  assert.equal(tieIdOf({ id: "m" }, "team"), "m");
  assert.equal(tieIdOf({ id: "m" }, "singles"), null);
  assert.equal(tieIdOf({ id: "m" }, undefined), null);
});

Deno.test("currentTieMatch() is the match in play, else the next one made, else the last one played", () => {
  assert.equal(currentTieMatch(makeTie([["completed", "home"], ["in_progress", null]]))?.order, 2);
  assert.equal(currentTieMatch(makeTie([["completed", "home"], ["scheduled", null]]))?.order, 2);
  const over = makeTie([["completed", "home"], ["completed", "home"], ["completed", "home"], [
    "not_needed",
    null,
  ]], {
    status: "completed",
  });
  assert.equal(currentTieMatch(over)?.order, 3);
  const unpublished = makeTie([["scheduled", null]]);
  unpublished.matches[0]!.match = null;
  assert.equal(currentTieMatch(unpublished), null);
});

Deno.test("teamLabel() shows a long team name by its association's code", () => {
  assert.equal(teamLabel(team("a", "Japan", "JPN")), "Japan");
  assert.equal(teamLabel(team("a", "Democratic People's Republic of Korea", "PRK")), "PRK");
  assert.equal(
    teamLabel(team("a", "Tischtennisfreunde Oberhausen-Sterkrade", null)),
    "Tischtennisfreunde Oberhausen-Sterkrade",
  );
  assert.equal(teamLabel(null), "?");
});

Deno.test("tieStateLine() says the winner, the match in play, or when the tie is not begun", () => {
  const won = makeTie([["completed", "away"], ["completed", "home"], ["completed", "away"], [
    "completed",
    "away",
  ]], {
    status: "completed",
    winnerId: "jpn",
  });
  assert.equal(tieStateLine(won), "Japan win 3–1");
  assert.equal(tieStateLine(makeTie([["completed", "home"], ["in_progress", null]])), "Match 2 in play");
  assert.equal(tieStateLine(makeTie([["completed", "home"], ["scheduled", null]])), "Between matches");
  assert.equal(
    tieStateLine(makeTie([["scheduled", null]], { status: "scheduled" })),
    "Not started · Table 4",
  );
});

Deno.test("withoutTeamMatches() and isTieInPlay() leave a team category's matches to its ties", () => {
  const categories = [summary("team", "team"), summary("singles", "singles")];
  const own = makeMatchView({ subeventId: "team", status: "in_progress" });
  const single = makeMatchView({ subeventId: "team", status: "in_progress", tieId: own.id, tieOrder: 1 });
  const other = makeMatchView({ subeventId: "singles", status: "in_progress" });
  const rows = [own, single, other].map((match) => ({ match, category: "c" }));
  assert.deepEqual(withoutTeamMatches(rows, categories).map((r) => r.match.id), [other.id]);
  assert.deepEqual([own, single, other].map((m) => isTieInPlay(m, categories)), [true, false, false]);
});
