/**
 * How long the scheduler (domain/scheduler.ts) takes to plan a large event, and how busy its plan keeps the
 * tables: a 2,000-match, three-day event and a 400-match, two-day open, each with categories sharing players
 * (groups of 4 in the ITTF's order, domain/groups.ts, feeding knockouts of their first two). Prints one line
 * per event: matches, the best and the median run time of a few runs (wall clock, and the process's CPU time,
 * which other programs on a shared machine disturb less), the finish, the utilisation and what could not be
 * placed, and how long the estimated starts of the plan kept take. Run: `deno task bench:scheduler`; with
 * `-- --write` the figures replace the section "Scheduler" of docs/benchmarks.md.
 */
import { cpuUsage } from "node:process";
import { type EstimateMatch, estimateStarts } from "../domain/estimated_starts.ts";
import { roundRobinOrder } from "../domain/groups.ts";
import { SCHEDULER_HEADING, withSchedulerSection } from "./scheduler_section.ts";
import { DEFAULT_BUFFER_MS, DEFAULT_REST_MS, defaultDurationMs, schedule } from "../domain/scheduler.ts";
import type {
  ScheduleCategory,
  ScheduleInput,
  ScheduleMatch,
  ScheduleOptions,
  Session,
} from "../domain/scheduler.ts";

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2026, 10, 28, 8);

/** The desk's defaults, planned from the first day's morning; the estimates read the same. */
const OPTIONS: ScheduleOptions = {
  restMs: DEFAULT_REST_MS,
  bufferMs: DEFAULT_BUFFER_MS,
  durationMs: defaultDurationMs,
  now: DAY0,
};

/** A category to plan: its entries (one person each, or a pair), best of, and the sessions it plays in. */
interface CategoryShape {
  entries: number;
  doubles: boolean;
  bestOf: number;
  sessions: string[];
}

/** An event to plan: its people, its categories and its sessions (day, hours, tables). */
interface EventShape {
  name: string;
  people: number;
  categories: CategoryShape[];
  sessions: { day: number; from: number; hours: number; tables: number }[];
}

/** Groups of 4 (the last ones of 3 when it does not divide), then a knockout of each group's first two. */
function categoryMatches(id: string, entries: string[][], bestOf: number): ScheduleMatch[] {
  const out: ScheduleMatch[] = [];
  const groupCount = Math.ceil(entries.length / 4);
  const groups: string[][][] = Array.from({ length: groupCount }, () => []);
  entries.forEach((e, i) => groups[i % groupCount]!.push(e));
  const feedersOf: string[][] = [];
  groups.forEach((members, g) => {
    const ids: string[] = [];
    roundRobinOrder(members.length, 2).forEach((round, r) =>
      round.forEach(([a, b], k) => {
        const matchId = `${id}/g${g}/${r + 1}/${k}`;
        ids.push(matchId);
        out.push({
          id: matchId,
          category: id,
          stage: "group",
          group: `${g}`,
          round: r + 1,
          position: k,
          players: [...members[a]!, ...members[b]!],
          feeders: [],
          bestOf,
          status: "scheduled",
        });
      })
    );
    // Each group's first two go on: two knockout places fed by the group.
    feedersOf.push(ids, ids);
  });
  let size = 1;
  while (size < feedersOf.length) size *= 2;
  let previous: (string[] | null)[] = Array.from({ length: size }, (_, i) => feedersOf[i] ?? null);
  for (let round = 1; previous.length > 1; round++) {
    const next: (string[] | null)[] = [];
    for (let k = 0; k < previous.length / 2; k++) {
      const [a, b] = [previous[2 * k], previous[2 * k + 1]];
      if (!a || !b) {
        next.push(a ?? b ?? null);
        continue;
      }
      const matchId = `${id}/k${round}/${k}`;
      out.push({
        id: matchId,
        category: id,
        stage: "knockout",
        group: null,
        round,
        position: k,
        players: [],
        feeders: [...a, ...b],
        bestOf,
        status: "scheduled",
      });
      next.push([matchId]);
    }
    previous = next;
  }
  return out;
}

/** The event as the scheduler reads it; people are shared across categories, as in an open. */
function inputOf(e: EventShape): ScheduleInput {
  const sessions: Session[] = e.sessions.map((s, i) => ({
    id: `s${i}`,
    start: DAY0 + s.day * 24 * HOUR + s.from * HOUR,
    end: DAY0 + s.day * 24 * HOUR + (s.from + s.hours) * HOUR,
    tables: Array.from({ length: s.tables }, (_, t) => t + 1),
  }));
  const categories: ScheduleCategory[] = e.categories.map((c, i) => ({
    id: `c${i}`,
    order: i,
    sessions: c.sessions,
  }));
  const matches = e.categories.flatMap((c, i) => {
    const size = c.doubles ? 2 : 1;
    // Each category takes its people from a different place in the list: many play in two or three.
    const offset = (i * 37) % e.people;
    const entries = Array.from(
      { length: c.entries },
      (_, k) => Array.from({ length: size }, (_, j) => `p${(offset + k * size + j) % e.people}`),
    );
    return categoryMatches(`c${i}`, entries, c.bestOf);
  });
  return { sessions, categories, matches, options: OPTIONS };
}

const EVENTS: EventShape[] = [
  {
    name: "2,000-match event",
    people: 900,
    categories: [
      ...Array.from({ length: 8 }, () => ({ entries: 96, doubles: false, bestOf: 5, sessions: [] })),
      ...Array.from({ length: 4 }, () => ({ entries: 64, doubles: true, bestOf: 3, sessions: [] })),
    ],
    sessions: [0, 1, 2].map((day) => ({ day, from: 1, hours: 11, tables: 32 })),
  },
  {
    name: "400-match open",
    people: 220,
    categories: [
      { entries: 64, doubles: false, bestOf: 5, sessions: ["s0", "s1"] },
      { entries: 48, doubles: false, bestOf: 5, sessions: ["s0", "s1"] },
      { entries: 32, doubles: true, bestOf: 3, sessions: ["s0"] },
      { entries: 32, doubles: false, bestOf: 3, sessions: ["s1"] },
      { entries: 32, doubles: false, bestOf: 3, sessions: ["s0"] },
    ],
    sessions: [{ day: 0, from: 1, hours: 10, tables: 16 }, { day: 1, from: 1, hours: 8, tables: 16 }],
  },
];

/** Runs of each plan: the first warms the JIT up, the best and the median of the rest are reported. */
const RUNS = 5;

/** The best and the median of `RUNS` runs of `fn` after one to warm up: wall clock and CPU time, in ms. */
function timed<T>(fn: () => T): { result: T; wall: number[]; cpu: number[] } {
  let result = fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [t0, c0] = [performance.now(), cpuUsage()];
    result = fn();
    const used = cpuUsage(c0);
    wall.push(performance.now() - t0);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { result, wall, cpu };
}

/** "1309 ms (median 2125 ms of 5; CPU time 321 ms, median 384 ms)". */
function figures({ wall, cpu }: { wall: number[]; cpu: number[] }): string {
  const median = (xs: number[]) => xs[Math.floor(RUNS / 2)]!.toFixed(0);
  return `${wall[0]!.toFixed(0)} ms (median ${median(wall)} ms of ${RUNS}; CPU time ${
    cpu[0]!.toFixed(0)
  } ms, ` +
    `median ${median(cpu)} ms)`;
}

if (import.meta.main) {
  const lines: string[] = [];
  for (const e of EVENTS) {
    const input = inputOf(e);
    const planning = timed(() => schedule(input));
    const plan = planning.result;
    // The plan kept, the day under way: what every write that may move a start estimates again.
    const players = new Map(input.matches.map((m) => [m.id, m.players]));
    const kept: EstimateMatch[] = plan.matches.map((p) => ({
      id: p.id,
      status: "scheduled",
      table: p.table,
      plannedStart: p.start,
      startedAt: null,
      completedAt: null,
      calledAt: null,
      skipped: false,
      bestOf: input.matches.find((m) => m.id === p.id)!.bestOf,
      players: players.get(p.id) ?? [],
      feeders: [],
    }));
    const estimating = timed(() => estimateStarts(kept, OPTIONS));
    const tables = Math.max(...input.sessions.map((s) => s.tables.length));
    const line = `${e.name}: ${input.matches.length} matches, ${input.sessions.length} sessions, ${tables} ` +
      `tables; planned in ${figures(planning)}; finish ${new Date(plan.finish ?? DAY0).toISOString()}, ` +
      `utilisation ${(plan.utilization * 100).toFixed(1)} %, unplaced ${plan.unplaced.length}; estimated ` +
      `starts of the kept plan in ${figures(estimating)}`;
    await Deno.stdout.write(new TextEncoder().encode(line + "\n"));
    lines.push(line);
  }
  if (Deno.args.includes("--write")) {
    const out = new URL("../docs/benchmarks.md", import.meta.url);
    const [load] = Deno.loadavg();
    const section = `${SCHEDULER_HEADING}

\`deno task bench:scheduler\` (bench/scheduler.ts) plans two events with domain/scheduler.ts and estimates the
starts of the plan kept with domain/estimated_starts.ts (what every write that may move a start does again,
db/estimate_writes.ts), each ${RUNS} times after one run to warm up: the best and the median wall-clock time,
and the process's CPU time, which other programs on a shared machine disturb less. Groups of 4 in the ITTF's
order feeding knockouts of their first two, people shared across categories. Run of
${new Date().toISOString().slice(0, 10)} on ${navigator.hardwareConcurrency} cores, load average ${
      load?.toFixed(1)
    } while it ran:

${lines.map((l) => `- ${l}`).join("\n")}
`;
    await Deno.writeTextFile(out, withSchedulerSection(await Deno.readTextFile(out), section));
  }
}
