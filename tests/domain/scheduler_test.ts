/**
 * The scheduler (domain/scheduler.ts) over random events: 2 to 64 players per category, groups and knockouts,
 * singles and doubles sharing players, 1 to 32 tables, 1 to 3 sessions. Whatever the event: no player in two
 * matches at once nor without rest, feeders before what they feed, every match inside a session of its category
 * on one of its tables, the same plan for the same input in any order; and a 400-match open that ends within
 * its sessions.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { reportFigure } from "../support/server.ts";
import { assertEveryPlan, defaultScheduleOptions } from "../support/schedule_events.ts";
import {
  DEFAULT_BUFFER_MS,
  type Plan,
  potentialPlayers,
  schedule,
  type ScheduleCategory,
  ScheduleError,
  type ScheduleInput,
  type ScheduleMatch,
  type Session,
} from "../../domain/scheduler.ts";

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2026, 10, 28, 9);

/** A category's matches: round-robin groups of `groupSize` (circle method), then a knockout of their winners. */
function categoryMatches(
  id: string,
  entries: string[][],
  format: "groups" | "knockout" | "groups_knockout",
  groupSize: number,
  bestOf: number,
): ScheduleMatch[] {
  const out: ScheduleMatch[] = [];
  let knockoutEntries: (string[] | null)[] = entries;
  const groupFeeders: string[][] = [];
  if (format !== "knockout") {
    const groups: string[][][] = [];
    for (let i = 0; i < entries.length; i += groupSize) groups.push(entries.slice(i, i + groupSize));
    groups.forEach((members, g) => {
      const ids: string[] = [];
      const n = members.length % 2 === 0 ? members.length : members.length + 1;
      const ring = Array.from({ length: n }, (_, i) => i);
      for (let round = 1; round < n; round++) {
        for (let k = 0; k < n / 2; k++) {
          const [a, b] = [ring[k]!, ring[n - 1 - k]!];
          if (a >= members.length || b >= members.length) continue;
          const mid = `${id}-g${g}-r${round}-${k}`;
          ids.push(mid);
          out.push({
            id: mid,
            category: id,
            stage: "group",
            group: `G${g}`,
            round,
            position: k,
            players: [...members[a]!, ...members[b]!],
            feeders: [],
            bestOf,
            status: "scheduled",
          });
        }
        ring.splice(1, 0, ring.pop()!);
      }
      groupFeeders.push(ids);
    });
    if (format === "groups") return out;
    knockoutEntries = groups.map(() => null);
  }
  // The knockout: first round pairs the entries (or the groups' winners, not known yet), then winners meet.
  let size = 1;
  while (size < knockoutEntries.length) size *= 2;
  let previous: { id: string | null; entry: string[] | null; feeders: string[] }[] = Array.from(
    { length: size },
    (_, i) => ({
      id: null,
      entry: knockoutEntries[i] ?? null,
      feeders: format === "groups_knockout" && i < groupFeeders.length ? groupFeeders[i]! : [],
    }),
  );
  for (let round = 1; previous.length > 1; round++) {
    const next: typeof previous = [];
    for (let k = 0; k < previous.length / 2; k++) {
      const [a, b] = [previous[2 * k]!, previous[2 * k + 1]!];
      const exists = (x: typeof a) => x.id !== null || x.entry !== null || x.feeders.length > 0;
      if (!exists(a) || !exists(b)) {
        next.push(exists(a) ? a : b);
        continue;
      }
      const mid = `${id}-k${round}-${k}`;
      out.push({
        id: mid,
        category: id,
        stage: "knockout",
        group: null,
        round,
        position: k,
        players: [...a.entry ?? [], ...b.entry ?? []],
        feeders: [a, b].flatMap((x) => x.id !== null ? [x.id] : x.feeders),
        bestOf,
        status: "scheduled",
      });
      next.push({ id: mid, entry: null, feeders: [] });
    }
    previous = next;
  }
  return out;
}

const eventArb = fc.record({
  players: fc.integer({ min: 4, max: 120 }),
  categories: fc.array(
    fc.record({
      entries: fc.integer({ min: 2, max: 64 }),
      doubles: fc.boolean(),
      format: fc.constantFrom("groups" as const, "knockout" as const, "groups_knockout" as const),
      groupSize: fc.integer({ min: 3, max: 5 }),
      bestOf: fc.constantFrom(3, 5),
      sessions: fc.subarray([0, 1, 2]),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  sessions: fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 2 }),
      hours: fc.integer({ min: 3, max: 12 }),
      tables: fc.integer({ min: 1, max: 32 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  seed: fc.integer(),
});

/** What `eventArb` makes. */
type EventShape = typeof eventArb extends fc.Arbitrary<infer T> ? T : never;

/** A random event as the scheduler reads it. */
function inputOf(e: EventShape): ScheduleInput {
  const sessions: Session[] = e.sessions.map((s, i) => ({
    id: `s${i}`,
    start: DAY0 + s.day * 24 * HOUR + i * HOUR,
    end: DAY0 + s.day * 24 * HOUR + i * HOUR + s.hours * HOUR,
    tables: Array.from({ length: s.tables }, (_, t) => t + 1),
  }));
  const categories: ScheduleCategory[] = [];
  const matches: ScheduleMatch[] = [];
  // A seeded pseudo-random stream (mulberry32), so that each category draws its own people from the event's.
  let state = e.seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  e.categories.forEach((c, i) => {
    const id = `c${i}`;
    categories.push({
      id,
      order: i,
      sessions: c.sessions.filter((s) => s < sessions.length).map((s) => `s${s}`),
    });
    // Each person at most once in a category, shared across categories as in an open: the event's people
    // shuffled, then taken in turn.
    const people = Array.from({ length: e.players }, (_, k) => `p${k}`);
    for (let k = people.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [people[k], people[j]] = [people[j]!, people[k]!];
    }
    const size = c.doubles ? 2 : 1;
    const count = Math.min(c.entries, Math.floor(people.length / size));
    const entries = Array.from({ length: count }, (_, k) => people.slice(k * size, (k + 1) * size));
    if (entries.length >= 2) matches.push(...categoryMatches(id, entries, c.format, c.groupSize, c.bestOf));
  });
  return {
    sessions,
    categories,
    matches,
    options: defaultScheduleOptions(DAY0),
  };
}

/** Throws unless the plan keeps every rule of the scheduler. */
function assertPlanHolds(input: ScheduleInput, plan: Plan): void {
  const byId = new Map(input.matches.map((m) => [m.id, m]));
  const placed = new Map(plan.matches.map((p) => [p.id, p]));
  assert.equal(
    placed.size + plan.unplaced.length,
    input.matches.length,
    "every match placed or said unplaced",
  );
  const potential = potentialPlayers(byId);
  const times = new Map<string, { start: number; end: number; id: string }[]>();
  for (const p of plan.matches) {
    const m = byId.get(p.id)!;
    for (const player of potential.get(p.id)!) times.set(player, [...(times.get(player) ?? []), { ...p }]);
    for (const f of m.feeders) {
      const fp = placed.get(f);
      assert.ok(fp, `${p.id} placed, its feeder ${f} too`);
      assert.ok(fp.end <= p.start, `${f} ends before ${p.id} starts`);
    }
    const allowed = input.categories.find((c) => c.id === m.category)!.sessions;
    assert.ok(
      input.sessions.some((s) =>
        (allowed.length === 0 || allowed.includes(s.id)) && s.tables.includes(p.table) &&
        s.start <= p.start &&
        p.end <= s.end
      ),
      `${p.id} inside a session of its category on one of its tables`,
    );
    if (!p.fixed) assert.equal(p.end - p.start, input.options.durationMs(m.bestOf));
  }
  for (const [player, list] of times) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 1; i < list.length; i++) {
      assert.ok(
        list[i]!.start >= list[i - 1]!.end + input.options.restMs,
        `${player}: ${list[i - 1]!.id} then ${list[i]!.id} with a rest between`,
      );
    }
  }
  // One match at a time on a table, with the buffer between.
  const byTable = new Map<number, { start: number; end: number }[]>();
  for (const p of plan.matches) byTable.set(p.table, [...(byTable.get(p.table) ?? []), p]);
  for (const list of byTable.values()) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 1; i < list.length; i++) {
      assert.ok(list[i]!.start >= list[i - 1]!.end + input.options.bufferMs);
    }
  }
}

Deno.test("schedule(): on any event no player is double-booked or unrested, feeders come first, sessions hold", () => {
  assertEveryPlan(eventArb, inputOf, assertPlanHolds);
});

Deno.test("schedule(): the same event gives the same plan, whatever the order it is given in", () => {
  fc.assert(
    fc.property(eventArb, fc.integer(), (e, shuffleSeed) => {
      const input = inputOf(e);
      const reversed = {
        ...input,
        matches: [...input.matches].reverse(),
        sessions: [...input.sessions].reverse(),
      };
      const rotated = {
        ...input,
        matches: input.matches.map((_, i, all) => all[(i + Math.abs(shuffleSeed)) % all.length]!),
      };
      const plan = schedule(input);
      assert.deepEqual(schedule(input), plan);
      assert.deepEqual(schedule(reversed), plan);
      assert.deepEqual(schedule(rotated), plan);
    }),
    { numRuns: 25 },
  );
});

Deno.test("schedule(): group matches keep their group's round order on each player's day", () => {
  const input = inputOf({
    players: 40,
    categories: [{ entries: 16, doubles: false, format: "groups", groupSize: 4, bestOf: 5, sessions: [0] }],
    sessions: [{ day: 0, hours: 10, tables: 4 }],
    seed: 1,
  });
  const plan = schedule(input);
  assertPlanHolds(input, plan);
  const start = new Map(plan.matches.map((p) => [p.id, p.start]));
  for (const m of input.matches) {
    for (const o of input.matches) {
      if (m.group === o.group && m.round < o.round && m.players.some((p) => o.players.includes(p))) {
        assert.ok(start.get(m.id)! < start.get(o.id)!, `${m.id} before ${o.id}`);
      }
    }
  }
  // Each group of 4 plays its 6 matches on as few tables as it can: at most two.
  const tablesOf = new Map<string, Set<number>>();
  for (const p of plan.matches) {
    const g = input.matches.find((m) => m.id === p.id)!.group!;
    tablesOf.set(g, (tablesOf.get(g) ?? new Set()).add(p.table));
  }
  for (const [g, tables] of tablesOf) assert.ok(tables.size <= 2, `group ${g} on ${[...tables]}`);
});

Deno.test("schedule(): a 400-match open with shared players ends within its sessions, its utilisation reported", () => {
  const input = inputOf({
    players: 200,
    categories: [
      { entries: 64, doubles: false, format: "groups_knockout", groupSize: 4, bestOf: 5, sessions: [0, 1] },
      { entries: 48, doubles: false, format: "groups_knockout", groupSize: 4, bestOf: 5, sessions: [0, 1] },
      { entries: 40, doubles: true, format: "groups_knockout", groupSize: 4, bestOf: 3, sessions: [0, 1] },
      { entries: 32, doubles: false, format: "groups", groupSize: 4, bestOf: 3, sessions: [0] },
      { entries: 32, doubles: true, format: "knockout", groupSize: 4, bestOf: 3, sessions: [1] },
      { entries: 40, doubles: false, format: "groups_knockout", groupSize: 5, bestOf: 3, sessions: [1] },
    ],
    sessions: [{ day: 0, hours: 10, tables: 16 }, { day: 1, hours: 10, tables: 16 }],
    seed: 7,
  });
  assert.ok(input.matches.length >= 400, `${input.matches.length} matches`);
  const plan = schedule(input);
  assertPlanHolds(input, plan);
  assert.deepEqual(plan.unplaced, []);
  assert.ok(plan.finish! <= Math.max(...input.sessions.map((s) => s.end)));
  assert.ok(plan.utilization > 0 && plan.utilization <= 1);
  reportFigure(
    "scheduler",
    `400-match open: ${input.matches.length} matches, finish ${new Date(plan.finish!).toISOString()}, ` +
      `utilization ${(plan.utilization * 100).toFixed(1)} %`,
  );
});

/** A day of one singles category in groups of 4 (best of 5) on two tables for eight hours, in any session. */
function oneGroupDay(players: number, entries: number): ScheduleInput {
  return inputOf({
    players,
    categories: [{ entries, doubles: false, format: "groups", groupSize: 4, bestOf: 5, sessions: [] }],
    sessions: [{ day: 0, hours: 8, tables: 2 }],
    seed: 3,
  });
}

Deno.test("schedule(): matches called, in play or finished keep their table; the rest is planned around them", () => {
  const input = oneGroupDay(20, 8);
  const first = input.matches[0]!;
  const second = input.matches[1]!;
  const now = DAY0 + 40 * 60_000;
  const fixedInput: ScheduleInput = {
    ...input,
    options: { ...input.options, now },
    matches: input.matches.map((m) =>
      m.id === first.id
        ? { ...m, status: "completed" as const, table: 2, start: DAY0, end: DAY0 + 25 * 60_000 }
        : m.id === second.id
        ? { ...m, status: "in_progress" as const, table: 1, start: DAY0 + 5 * 60_000 }
        : m
    ),
  };
  const plan = schedule(fixedInput);
  assertPlanHolds(fixedInput, plan);
  const running = plan.matches.find((p) => p.id === second.id)!;
  // It runs long: planned to end now at the earliest, and nothing else on its table before that.
  assert.equal(running.table, 1);
  assert.ok(running.end >= now);
  assert.ok(running.fixed);
  for (const p of plan.matches) {
    if (!p.fixed) assert.ok(p.start >= now, `${p.id} planned from now on`);
    if (!p.fixed && p.table === 1) assert.ok(p.start >= running.end);
  }
});

Deno.test("schedule(): a session that ends before it starts, or a match of a category not in the plan, is named", () => {
  const input = oneGroupDay(8, 4);
  assert.throws(
    () => schedule({ ...input, sessions: [{ id: "sat", start: DAY0, end: DAY0, tables: [1] }] }),
    (e: unknown) => e instanceof ScheduleError && e.message === 'Session "sat" ends before it starts',
  );
  assert.throws(
    () => schedule({ ...input, categories: [] }),
    (e: unknown) =>
      e instanceof ScheduleError && /is of category "c0", which is not in the plan/.test(e.message),
  );
});

Deno.test("schedule(): a match the desk placed later on a table takes only its own time there", () => {
  const day = oneGroupDay(20, 4);
  const input = { ...day, sessions: [{ ...day.sessions[0]!, tables: [1] }] };
  const last = input.matches.at(-1)!;
  const noon = DAY0 + 3 * HOUR;
  const placed: ScheduleInput = {
    ...input,
    matches: input.matches.map((m) => m === last ? { ...m, table: 1, start: noon } : m),
  };
  const plan = schedule(placed);
  assertPlanHolds(placed, plan);
  const fixed = plan.matches.find((p) => p.id === last.id)!;
  assert.deepEqual([fixed.table, fixed.start, fixed.fixed], [1, noon, true]);
  // The table is used before it: the first match at the day's start, every other match clear of it.
  assert.equal(plan.matches[0]!.start, DAY0);
  for (const p of plan.matches.filter((p) => !p.fixed)) {
    assert.ok(p.end + DEFAULT_BUFFER_MS <= fixed.start || p.start >= fixed.end + DEFAULT_BUFFER_MS, p.id);
  }
});

Deno.test("schedule(): a match it cannot place is said by a code, with the feeder that holds it back", () => {
  const day = oneGroupDay(8, 4);
  const groupIds = day.matches.map((m) => m.id);
  const final: ScheduleMatch = {
    ...day.matches[0]!,
    id: "final",
    stage: "knockout",
    players: [],
    feeders: groupIds,
  };
  const input: ScheduleInput = {
    ...day,
    sessions: [{ ...day.sessions[0]!, end: day.sessions[0]!.start + 40 * 60_000, tables: [1] }],
    matches: [...day.matches, final],
  };
  const plan = schedule(input);
  const reasons = new Map(plan.unplaced.map((u) => [u.id, u]));
  const held = reasons.get("final")!;
  assert.equal(held.code, "feeder-unplaced");
  assert.ok(held.feederId !== undefined && reasons.has(held.feederId), "the feeder named is unplaced too");
  assert.equal(held.reason, "a match that feeds it could not be placed");
  const noRoom = plan.unplaced.filter((u) => u.id !== "final");
  assert.ok(noRoom.length > 0);
  for (const u of noRoom) assert.deepEqual([u.code, u.feederId], ["no-room", undefined]);
});
