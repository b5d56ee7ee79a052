/**
 * The scheduler (domain/scheduler.ts) with ties of a team event played on two tables (domain/tie_two_tables.ts)
 * beside a singles category that shares their players: over random events, a two-table tie holds two tables for
 * its time and all its players, no table is double-booked, its matches are timed on both of its tables inside
 * it, and it is shorter than the same tie on one table.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { type Plan, schedule, type ScheduleInput, type ScheduleMatch } from "../../domain/scheduler.ts";
import { TEAM_FORMATS } from "../../domain/team_formats.ts";
import { tieMatchUses } from "../../domain/tie_two_tables.ts";
import { assertEveryPlan, defaultScheduleOptions } from "../support/schedule_events.ts";

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2026, 11, 5, 9);
const uses = tieMatchUses(TEAM_FORMATS.wttc);

const eventArb = fc.record({
  teams: fc.integer({ min: 2, max: 8 }),
  tables: fc.integer({ min: 2, max: 12 }),
  twoTables: fc.boolean(),
  lineups: fc.array(fc.boolean(), { minLength: 28, maxLength: 28 }),
  singles: fc.integer({ min: 0, max: 12 }),
  hours: fc.integer({ min: 4, max: 14 }),
});

/** A team group of `teams` (every team meets every other), WTTC ties, some with their line-ups made. */
function inputOf(e: typeof eventArb extends fc.Arbitrary<infer T> ? T : never, twoTables = e.twoTables) {
  const players = (t: number) => [0, 1, 2].map((k) => `t${t}p${k}`);
  const matches: ScheduleMatch[] = [];
  let n = 0;
  for (let a = 0; a < e.teams; a++) {
    for (let b = a + 1; b < e.teams; b++) {
      const id = `tie${a}-${b}`;
      matches.push({
        id,
        category: "team",
        stage: "group",
        group: "A",
        round: 1,
        position: n,
        players: [...players(a), ...players(b)],
        feeders: [],
        bestOf: 5,
        status: "scheduled",
        tie: {
          parts: e.lineups[n]
            ? uses.map((_, i) => ({ id: `${id}-${i + 1}`, order: i + 1, status: "scheduled" }))
            : [],
          remaining: 5,
          ...(twoTables ? { twoTables: { uses } } : {}),
        },
      });
      n++;
    }
  }
  // Singles between the teams' first players, one after the other.
  for (let k = 0; k < e.singles; k++) {
    const [x, y] = [k % e.teams, (k + 1) % e.teams];
    if (x === y) continue;
    matches.push({
      id: `s${k}`,
      category: "singles",
      stage: "group",
      group: "S",
      round: 1 + k,
      position: 0,
      players: [`t${x}p0`, `t${y}p0`],
      feeders: [],
      bestOf: 5,
      status: "scheduled",
    });
  }
  const input: ScheduleInput = {
    sessions: [{
      id: "day",
      start: DAY0,
      end: DAY0 + e.hours * HOUR,
      tables: Array.from({ length: e.tables }, (_, t) => t + 1),
    }],
    categories: [{ id: "team", order: 0, sessions: [] }, { id: "singles", order: 1, sessions: [] }],
    matches,
    options: defaultScheduleOptions(DAY0),
  };
  return input;
}

/** Throws unless the plan keeps the rules of ties on two tables. */
function assertTiesHold(input: ScheduleInput, plan: Plan): void {
  const byId = new Map(input.matches.map((m) => [m.id, m]));
  const blocks = plan.matches.filter((p) => p.tieId === undefined);
  type Busy = { id: string; start: number; end: number };
  /** Each key's times in turn, `gap` apart at least. */
  const apart = (byKey: Map<string, Busy[]>, gap: number, what: string) => {
    for (const [key, list] of byKey) {
      list.sort((a, b) => a.start - b.start);
      list.slice(1).forEach((b, i) =>
        assert.ok(b.start >= list[i]!.end + gap, `${what} ${key}: ${list[i]!.id}, ${b.id}`)
      );
    }
  };
  const add = (byKey: Map<string, Busy[]>, key: string, p: Busy) =>
    byKey.set(key, [...(byKey.get(key) ?? []), p]);
  // Each table, a tie's second included, holds one thing at a time with the buffer between; a tie holds its
  // players for all of it: no player in two things at once, a rest between.
  const byTable = new Map<string, Busy[]>();
  const byPlayer = new Map<string, Busy[]>();
  for (const p of blocks) {
    for (const t of p.secondTable === undefined ? [p.table] : [p.table, p.secondTable]) {
      add(byTable, `${t}`, p);
    }
    for (const player of byId.get(p.id)!.players) add(byPlayer, player, p);
  }
  apart(byTable, input.options.bufferMs, "table");
  apart(byPlayer, input.options.restMs, "player");
  for (const p of blocks) {
    const m = byId.get(p.id)!;
    if (!m.tie) continue;
    const parts = plan.matches.filter((q) => q.tieId === p.id);
    assert.equal(parts.length, m.tie.parts.length, `${p.id}: every match of its line-ups timed`);
    for (const q of parts) assert.ok(p.start <= q.start && q.end <= p.end, `${q.id} inside its tie`);
    if (m.tie.twoTables) {
      assert.ok(p.secondTable !== undefined && p.secondTable !== p.table, `${p.id} on two tables`);
      if (parts.length > 0) {
        assert.deepEqual(new Set(parts.map((q) => q.table)), new Set([p.table, p.secondTable]));
      }
    } else {
      assert.equal(p.secondTable, undefined);
      for (const q of parts) assert.equal(q.table, p.table);
    }
  }
}

Deno.test("schedule(): ties on two tables hold both tables and their players, their matches on both", () => {
  assertEveryPlan(eventArb, (e) => inputOf(e), assertTiesHold);
});

Deno.test("schedule(): a tie on two tables is shorter than on one", () => {
  fc.assert(
    fc.property(eventArb, (e) => {
      const two = schedule(inputOf(e, true));
      const one = schedule(inputOf(e, false));
      for (const p of two.matches.filter((m) => m.id.startsWith("tie") && m.tieId === undefined)) {
        const q = one.matches.find((m) => m.id === p.id);
        if (q) assert.ok(p.end - p.start < q.end - q.start, `${p.id} shorter on two tables`);
      }
    }),
    { numRuns: 40 },
  );
});

Deno.test("schedule(): a World Team tie on two tables takes 64 minutes of tables 1 and 2", () => {
  const input = inputOf({ teams: 2, tables: 2, twoTables: true, lineups: [true], singles: 0, hours: 4 });
  const plan = schedule(input);
  const tie = plan.matches.find((m) => m.id === "tie0-1")!;
  assert.deepEqual([tie.table, tie.secondTable, (tie.end - tie.start) / 60_000], [1, 2, 64]);
  assert.deepEqual(
    plan.matches.filter((m) => m.tieId).map((m) => [m.id, m.table, (m.start - DAY0) / 60_000]),
    [["tie0-1-1", 1, 0], ["tie0-1-2", 2, 0], ["tie0-1-3", 1, 22], ["tie0-1-4", 2, 22], ["tie0-1-5", 1, 44]],
  );
  // With one table only there is no room for it: it is said unplaced, not put on one table.
  const narrow = schedule({ ...input, sessions: [{ ...input.sessions[0]!, tables: [1] }] });
  assert.deepEqual(narrow.unplaced, [{
    id: "tie0-1",
    code: "no-two-tables",
    reason: "no session of its category has two tables free together for it after its players' other matches",
  }]);
});

Deno.test("schedule(): a tie on two tables under way keeps both its tables; the rest is planned around them", () => {
  const input = inputOf({
    teams: 3,
    tables: 4,
    twoTables: true,
    lineups: [true, false, false],
    singles: 0,
    hours: 6,
  });
  const [tie] = input.matches;
  const parts = tie!.tie!.parts.map((p, i) =>
    i < 2 ? { ...p, status: "in_progress" as const, start: DAY0, table: 3 + i } : p
  );
  const under = {
    ...tie!,
    status: "in_progress" as const,
    table: 3,
    start: DAY0,
    tie: { ...tie!.tie!, parts },
  };
  const plan = schedule({ ...input, matches: [under, ...input.matches.slice(1)] });
  const p = plan.matches.find((m) => m.id === under.id)!;
  assert.deepEqual([p.table, p.secondTable, p.fixed], [3, 4, true]);
  assertTiesHold({
    ...input,
    matches: [{ ...under, tie: { ...under.tie, parts: [] } }, ...input.matches.slice(1)],
  }, {
    ...plan,
    matches: plan.matches.filter((m) => m.tieId === undefined),
  });
  // Matches 3 to 5 follow on tables 3 and 4 after the two in play.
  assert.deepEqual(
    plan.matches.filter((m) => m.tieId === under.id).map((m) => [m.table, (m.start - DAY0) / 60_000]),
    [[3, 22], [4, 22], [3, 44]],
  );
});
