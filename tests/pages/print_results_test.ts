/** The results list's rules: placings from the knockout and the groups, and the CSV's fields. */
import assert from "node:assert/strict";
import { csvField, RESULT_COLUMNS, resultsCsv } from "../../pages/print/results_csv.ts";
import { gameScoresText } from "../../pages/print/game_scores.ts";
import { knockoutPlacings, outInGroups } from "../../pages/print/placings.ts";
import type { Draw, GroupStandings } from "../../pages/view_types.ts";
import { makeMatchView } from "../support/match_view.ts";

const decided = (roundNo: number, bracketPos: number, home: string, away: string, winner: string) =>
  makeMatchView({
    id: `${roundNo}-${bracketPos}`,
    stage: "knockout",
    roundNo,
    bracketPos,
    homeId: home,
    awayId: away,
    homeName: home,
    awayName: away,
    winnerId: winner,
    status: "completed",
  });

Deno.test("knockoutPlacings() places the final's sides 1 and 2, semi-final losers 3–4, quarter-final losers 5–8", () => {
  const matches = [
    decided(1, 0, "a", "h", "a"),
    decided(1, 1, "d", "e", "e"),
    decided(2, 0, "a", "e", "a"),
    decided(2, 1, "c", "b", "b"),
    decided(3, 0, "a", "b", "b"),
  ];
  assert.deepEqual(knockoutPlacings(matches, 3), [
    { place: "1", entryIds: ["b"] },
    { place: "2", entryIds: ["a"] },
    { place: "3–4", entryIds: ["e", "c"] },
    { place: "5–8", entryIds: ["h", "d"] },
  ]);
});

Deno.test("knockoutPlacings() leaves out what is not decided", () => {
  assert.deepEqual(knockoutPlacings([decided(1, 0, "a", "b", "a")], 2), [{ place: "3–4", entryIds: ["b"] }]);
});

Deno.test("csvField() quotes commas, quotes and line breaks, and keeps formulas as text", () => {
  assert.equal(csvField("Smith, J"), '"Smith, J"');
  assert.equal(csvField('The "Wall"'), '"The ""Wall"""');
  assert.equal(csvField("=1+1"), "'=1+1");
  assert.equal(csvField("TTC Ghent"), "TTC Ghent");
});

Deno.test("resultsCsv() writes a header and a row per decided match, walkovers said", () => {
  const walkover = { ...decided(1, 0, "a", "b", "b"), resultReasonCode: "walkover" as const, gameScores: [] };
  const open = { ...decided(1, 1, "c", "d", "c"), winnerId: null };
  const csv = resultsCsv([{ name: "Open", matches: [walkover, open], entries: new Map() }]);
  const lines = csv.trimEnd().split("\r\n");
  assert.equal(lines[0], RESULT_COLUMNS.join(","));
  assert.equal(lines.length, 2);
  assert.match(lines[1]!, /^Open,knockout,.*,away,.*,walkover,/);
  assert.ok(csv.endsWith("\r\n"));
});

Deno.test("gameScoresText() lists the games and says a walkover, a retirement or a disqualification", () => {
  const m = makeMatchView({ gameScores: [{ home: 11, away: 8 }, { home: 9, away: 11 }] });
  assert.equal(gameScoresText(m), "11-8, 9-11");
  assert.equal(gameScoresText({ ...m, resultReasonCode: "retired" }), "11-8, 9-11, retired");
  assert.equal(gameScoresText({ ...m, gameScores: [], resultReasonCode: "disqualified" }), "disqualified");
  assert.equal(gameScoresText({ ...m, gameScores: [], resultReasonCode: "walkover" }), "walkover");
});

Deno.test("outInGroups() places those not in the draw after everyone in it, once every group is finished", () => {
  const row = (id: string) => ({ entry: { id } }) as GroupStandings["rows"][number];
  const group = (complete: boolean, ids: string[]) =>
    ({ groupId: "g", name: "A", complete, rows: ids.map(row) }) as GroupStandings;
  const slot = (id: string | null) => ({ entry: id === null ? null : { id } }) as Draw["slots"][number];
  const draw = { slots: [slot("a"), slot(null), slot("c"), slot("d")] } as Draw;
  const groups = [group(true, ["a", "b", "x"]), group(true, ["c", "d", "y"])];
  assert.deepEqual(outInGroups(groups, draw), [{ place: "4–6", entryIds: ["b", "x", "y"] }]);
  assert.deepEqual(outInGroups([group(false, ["a"]), ...groups], draw), []);
  assert.deepEqual(outInGroups(groups, null), []);
});
