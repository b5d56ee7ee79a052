/**
 * Event files' parts that trip each check of the draws, matches, results and teams (event_file/check_draw.ts,
 * check_matches.ts, check_result.ts, check_teams.ts): `PLAY_PROBLEM_CASES` gives, for each code of that part, the
 * problems a case reports (tests/event_file/play_problem_codes_test.ts, tests/pages/i18n/file_play_words_test.ts).
 */
import type { Add, CategoryContext } from "../../event_file/check_context.ts";
import { checkDraw } from "../../event_file/check_draw.ts";
import { checkMatches } from "../../event_file/check_matches.ts";
import { checkResult } from "../../event_file/check_result.ts";
import { checkTeams } from "../../event_file/check_teams.ts";
import type { ImportProblem } from "../../event_file/format.ts";
import type { LotEntry } from "../../event_file/draw_by_lot.ts";
import type { Obj } from "../../event_file/read_json.ts";

/** A category of entries a to h, group A (a, b, c) and B (d, e), best of 5, no draw read yet. */
function context(overrides: Partial<CategoryContext> = {}): CategoryContext {
  return {
    key: "MS",
    format: "knockout",
    bestOf: 5,
    entries: new Set(["a", "b", "c", "d", "e", "f", "g", "h"]),
    groups: new Map([
      ["A", { index: 0, members: new Set(["a", "b", "c"]) }],
      ["B", { index: 1, members: new Set(["d", "e"]) }],
      ["C", { index: 2, members: new Set(["f"]) }],
    ]),
    drawSize: undefined,
    slots: [],
    ...overrides,
  };
}

/** The problems a check reports. */
function reported(check: (add: Add) => void) {
  const problems: ImportProblem[] = [];
  check((path, message, words) => problems.push({ path, message, ...words }));
  return problems;
}

const lot = (...ids: string[]): LotEntry[] => ids.map((id) => ({ id }));
const draw = (
  d: Obj,
  format = "knockout",
  qualifiers?: number,
  entries = lot("a", "b", "c"),
  ctx = context(),
) => reported((add) => checkDraw(d, "draw", ctx, format, qualifiers, entries, add));
const matches = (list: unknown[], ctx = context()) =>
  reported((add) => checkMatches(list, "matches", ctx, add));
const result = (m: Obj, ctx = context()) =>
  reported((add) => checkResult(m, "m", ctx, m.home as string, m.away as string, add));
const teams = (category: Obj) => reported((add) => checkTeams(category, "c", context(), add));

/** A team category in format `teamFormat` with teams T and U (players t1-t3, u1-u3) and one tie. */
function teamCategory(teamFormat: unknown, tie: Obj, match: Obj = {}): Obj {
  return {
    kind: "team",
    teamFormat,
    entries: [{ id: "T", name: "T", players: ["t1", "t2", "t3"] }, {
      id: "U",
      name: "U",
      players: ["u1", "u2"],
    }],
    matches: [{ id: "m", home: "T", away: "U", tie, ...match }],
  };
}
/** A team category in a custom format of one match. */
const custom = (match: Obj, winsNeeded: number) =>
  teams({ kind: "team", teamFormat: { matches: [match], winsNeeded } });
const wttcHome = { positions: { A: "t1", B: "t2", C: "t3" } };
const wttcAway = { positions: { X: "u1", Y: "u2", Z: "u1x" } };
const win = (order: number, winner = "home") => ({
  order,
  status: "completed",
  games: winner === "home" ? ["11-1", "11-2", "11-3"] : ["1-11", "2-11", "3-11"],
  winner,
});

/** A completed match of a against b that a won, with `m`. */
const done = (m: Obj) => result({ status: "completed", home: "a", away: "b", winner: "a", ...m });

/** Each code with a case that reports it. */
export const PLAY_PROBLEM_CASES: Record<string, () => ImportProblem[]> = {
  "draw-groups-no-knockout": () => draw({ size: 4 }, "groups"),
  "draw-needs-slots": () => draw({}),
  "draw-lot-too-few-entries": () => draw({ lotSeed: "x" }, "knockout", undefined, lot("a")),
  "draw-lot-too-many-entries": () =>
    draw({ lotSeed: "x" }, "knockout", undefined, lot(...Array.from({ length: 257 }, (_, i) => `p${i}`))),
  "draw-lot-duplicate-entry": () => draw({ lotSeed: "x" }, "knockout", undefined, lot("a", "a")),
  "draw-lot-duplicate-seed": () =>
    draw({ lotSeed: "x" }, "knockout", undefined, [{ id: "a", seed: 1 }, { id: "b", seed: 1 }]),
  "draw-lot-needs-qualifiers": () => draw({ lotSeed: "x" }, "groups_knockout"),
  "draw-lot-too-few-qualifiers": () =>
    draw(
      { lotSeed: "x" },
      "groups_knockout",
      1,
      [],
      context({ groups: new Map([["A", context().groups.get("A")!]]) }),
    ),
  "draw-lot-impossible": () => draw({ lotSeed: "" }),
  "draw-lot-size": () => draw({ lotSeed: "x", size: 8 }),
  "draw-slot-count": () => draw({ size: 4, slots: ["a", "b"] }),
  "draw-size-not-power": () => draw({ slots: ["a", "b", "c"] }),
  "draw-locked-empty-slot": () => draw({ state: "locked", slots: ["a", null] }),
  "draw-qualifier-format": () => draw({ slots: ["a", { group: "A", place: 1 }] }),
  "draw-place-not-qualifying": () => draw({ slots: [{ group: "A", place: 3 }, "a"] }, "groups_knockout", 2),
  "draw-group-too-small": () => draw({ slots: [{ group: "C", place: 2 }, "a"] }, "groups_knockout"),
  "draw-place-again": () =>
    draw({ slots: [{ group: "A", place: 1 }, { group: "A", place: 1 }] }, "groups_knockout"),
  "draw-locked-missing": () => draw({ state: "locked", slots: ["a", "b"] }),
  "entry-unknown-in-category": () => draw({ slots: ["a", "zz"] }),
  "entry-drawn-again": () => draw({ slots: ["a", "a"] }),
  "group-unknown-in-category": () => draw({ slots: [{ group: "Z", place: 1 }, "a"] }, "groups_knockout"),
  "entry-not-in-group": () => draw({ slots: [{ group: "A", place: 1, entry: "d" }, "a"] }, "groups_knockout"),
  "match-id-again": () => matches([{ id: "x" }, { id: "x" }]),
  "match-plays-itself": () => matches([{ home: "a", away: "a" }]),
  "match-knockout-no-group-stage": () => matches([{ stage: "group", group: "A", home: "a", away: "b" }]),
  "match-group-needs-group": () =>
    matches([{ stage: "group", home: "a", away: "b" }], context({ format: "groups" })),
  "match-group-needs-sides": () =>
    matches([{ stage: "group", group: "A", home: "a" }], context({ format: "groups" })),
  "match-groups-no-knockout-stage": () => matches([{ stage: "knockout" }], context({ format: "groups" })),
  "match-knockout-has-group": () => matches([{ stage: "knockout", group: "A" }]),
  "match-plays-twice-in-round": () =>
    matches([
      { id: "k1", stage: "knockout", round: 1, position: 0, home: "a", away: "b" },
      { id: "k2", stage: "knockout", round: 1, position: 1, home: "a", away: "c" },
    ], context({ drawSize: 4, slots: [] })),
  "match-place-taken": () =>
    matches([{ stage: "knockout", round: 2, position: 0 }, { stage: "knockout", round: 2, position: 0 }]),
  "match-round-beyond-draw": () =>
    matches([{ stage: "knockout", round: 3, position: 0 }], context({ drawSize: 4, slots: [] })),
  "match-position-beyond-round": () =>
    matches([{ stage: "knockout", round: 1, position: 2 }], context({ drawSize: 4, slots: [] })),
  "match-differs-from-draw": () =>
    matches(
      [{ stage: "knockout", round: 1, position: 0, home: "c", away: "b" }],
      context({ drawSize: 4, slots: ["a", "b", "c", "d"] }),
    ),
  "game-not-finished": () => result({ status: "in_progress", home: "a", away: "b", games: ["11-10"] }),
  "game-after-decision": () => done({ games: ["11-1", "11-2", "11-3", "11-4"] }),
  "current-not-in-play": () => result({ status: "in_progress", home: "a", away: "b", current: "11-3" }),
  "current-after-decision": () => done({ games: ["11-1", "11-2", "11-3"], current: "3-2" }),
  "winner-not-a-side": () =>
    result({ status: "completed", home: "a", winner: "c", resultReason: "walkover" }),
  "time-not-real": () => result({ status: "scheduled", scheduledAt: "2026-02-30T10:00:00Z" }),
  "time-outside-years": () => result({ status: "scheduled", scheduledAt: "0000-01-01T10:00:00Z" }),
  "completed-before-started": () =>
    done({
      resultReason: "walkover",
      startedAt: "2026-05-01T10:00:00Z",
      completedAt: "2026-05-01T09:00:00Z",
    }),
  "only-completed-winner": () => result({ status: "scheduled", winner: "a" }),
  "only-completed-reason": () =>
    result({ status: "in_progress", home: "a", away: "b", resultReason: "walkover" }),
  "only-completed-retirement": () => result({ status: "scheduled", retirementAfterGame: 1 }),
  "only-completed-time": () => result({ status: "scheduled", completedAt: "2026-05-01T09:00:00Z" }),
  "in-progress-needs-sides": () => result({ status: "in_progress", home: "a" }),
  "completed-needs-sides": () =>
    result({ status: "completed", home: "a", winner: "a", resultReason: "walkover" }),
  "scheduled-has-games": () => result({ status: "scheduled", games: ["11-1"] }),
  "scheduled-has-running-game": () => result({ status: "scheduled", current: "3-2" }),
  "scheduled-has-started": () => result({ status: "scheduled", startedAt: "2026-05-01T09:00:00Z" }),
  "games-decide-status": () =>
    result({ status: "in_progress", home: "a", away: "b", games: ["11-1", "11-2", "11-3"] }),
  "games-do-not-decide": () => done({ games: ["11-1"] }),
  "completed-has-running-game": () => done({ games: ["11-1"], current: "3-2" }),
  "winner-contradicts-games": () =>
    result({ status: "completed", home: "a", away: "b", winner: "b", games: ["11-1", "11-2", "11-3"] }),
  "retirement-needs-retired": () => done({ resultReason: "walkover", retirementAfterGame: 1 }),
  "reason-needs-winner": () =>
    result({ status: "completed", home: "a", away: "b", resultReason: "walkover" }),
  "walkover-has-games": () => done({ resultReason: "walkover", games: ["11-1"] }),
  "walkover-has-running-game": () => done({ resultReason: "walkover", current: "3-2" }),
  "games-decide-reason": () => done({ resultReason: "retired", games: ["11-1", "11-2", "11-3"] }),
  "retirement-game-count": () => done({ resultReason: "retired", games: ["11-1"], retirementAfterGame: 3 }),
  "team-needs-name": () => teams({ kind: "team", teamFormat: "wttc", entries: [{ id: "T" }] }),
  "team-format-needs-team-kind": () => teams({ kind: "singles", teamFormat: "wttc" }),
  "tables-per-tie-needs-team-kind": () => teams({ kind: "singles", tablesPerTie: 2 }),
  "team-field-needs-team-kind": () => teams({ kind: "singles", entries: [{ id: "a", name: "A" }] }),
  "tie-needs-team-kind": () => teams({ kind: "singles", matches: [{ tie: {} }] }),
  "team-format-missing": () => teams({ kind: "team" }),
  "team-format-unknown": () => teams({ kind: "team", teamFormat: "hopman" }),
  "team-format-custom-needs-matches": () => teams({ kind: "team", teamFormat: "custom" }),
  "team-format-no-matches": () => teams({ kind: "team", teamFormat: { matches: [], winsNeeded: 1 } }),
  "team-format-match-type": () => custom({ type: "triples", home: "A", away: "X" }, 1),
  "team-format-doubles-side": () => custom({ type: "doubles", home: "A", away: "pair" }, 1),
  "team-format-position-name": () => custom({ type: "singles", home: "ABC", away: "X" }, 1),
  "team-format-wins-needed": () => custom({ type: "singles", home: "A", away: "X" }, 2),
  "tie-has-no-games": () => teams(teamCategory("wttc", {}, { games: ["11-1"] })),
  "lineup-no-player": () => teams(teamCategory("wttc", { home: { positions: { A: "t1", B: "t2" } } })),
  "lineup-player-twice": () =>
    teams(teamCategory("wttc", { home: { positions: { A: "t1", B: "t1", C: "t3" } } })),
  "lineup-unknown-position": () =>
    teams(teamCategory("wttc", { home: { positions: { A: "t1", B: "t2", C: "t3", D: "t3x" } } })),
  "lineup-no-pair": () => teams(teamCategory("corbillon", { home: { positions: { A: "t1", B: "t2" } } })),
  "lineup-pair-twice": () =>
    teams(teamCategory("corbillon", { home: { positions: { A: "t1", B: "t2" }, pair: ["t1", "t1"] } })),
  "player-not-in-team": () => teams(teamCategory("wttc", { away: wttcAway })),
  "tie-order-beyond-format": () => teams(teamCategory("wttc", { matches: [{ order: 6 }] })),
  "tie-order-again": () => teams(teamCategory("wttc", { matches: [{ order: 1 }, { order: 1 }] })),
  "tie-match-before-lineups": () => teams(teamCategory("wttc", { matches: [win(1)] })),
  "tie-match-not-needed": () =>
    teams(teamCategory("wttc", { home: wttcHome, away: wttcAway, matches: [1, 2, 3, 4].map((o) => win(o)) })),
  "tie-status-mismatch": () => teams(teamCategory("wttc", { matches: [] }, { status: "completed" })),
  "tie-no-winner": () =>
    teams(teamCategory("wttc", { home: wttcHome, away: wttcAway, matches: [1, 2, 3].map((o) => win(o)) }, {
      status: "completed",
      home: undefined,
      winner: "T",
    })),
  "tie-winner": () =>
    teams(teamCategory("wttc", { home: wttcHome, away: wttcAway, matches: [1, 2, 3].map((o) => win(o)) }, {
      status: "completed",
      winner: "U",
    })),
};
