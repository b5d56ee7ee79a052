/**
 * The order of play of a tournament day: every playable match given a table and a start time within its
 * category's sessions, so that
 * - no player (of a single or of a pair) is in two matches at once, and each has a rest between two matches;
 * - group matches keep the order of their group's table (its rounds, in which every player plays once and the two
 *   top seeds meet last: domain/groups.ts), and each group stays on as few tables as it can;
 * - a knockout match never starts before the matches that feed it end, rounds in order;
 * - a match lies wholly inside one session of its category, on one of that session's tables;
 * - tables are used as early as they can be (the day ends as early as it can: the plan reports when, and how
 *   busy the tables were).
 *
 * Pure and deterministic: the same input gives the same plan (time comes in as `now`). Matches already called,
 * in play or finished keep their table and time; the rest of the day is planned around them, so that the plan is
 * made again as the day runs late or early.
 *
 * A tie of a team event is planned as one block as long as the matches it may still need (domain/tie_plan.ts),
 * holding the players of both teams for all of it; its matches are given their times inside that block. A tie
 * the category plays on two tables (domain/tie_two_tables.ts) takes two tables for the same time, both free then.
 *
 * A greedy list scheduler: the table free the earliest takes the first match, in order of play, that can start
 * there then (its players rested, its feeders over, its category in that session). A knockout match whose players
 * are not known yet holds every player who may still reach it.
 * @module
 */

import { type ScheduleTie, tieLengthMs, tiePartTimes } from "./tie_plan.ts";
import { twoTableTie } from "./tie_two_tables.ts";

/** A session of play: when, and on which tables. Times are milliseconds since the epoch. */
export interface Session {
  id: string;
  start: number;
  end: number;
  tables: readonly number[];
}

/** Where a match stands for the plan. */
export type ScheduleStatus = "scheduled" | "called" | "in_progress" | "completed";

/** A match as the scheduler reads it. */
export interface ScheduleMatch {
  id: string;
  /** Its category (the order of play goes category by category within a round: `order` below). */
  category: string;
  stage: "group" | "knockout" | "tie";
  /** The group of a group match, else null. */
  group: string | null;
  /** The group's round, or the knockout round (1 first). */
  round: number;
  /** Its place in its round (bracket position, or order within the group's round). */
  position: number;
  /** The people of the sides that are known (two a side in doubles). */
  players: readonly string[];
  /**
   * The matches whose results decide a side not known yet (the knockout round before, or a group's matches);
   * empty when both sides are known.
   */
  feeders: readonly string[];
  bestOf: number;
  status: ScheduleStatus;
  /** The table it is on (called, in play or finished), or a table the desk fixed. */
  table?: number | null;
  /** When it started (in play, finished) or was called; or a time the desk fixed. */
  start?: number | null;
  /** When it ended (finished). */
  end?: number | null;
  /** Not to be started before this time (a late player); null or absent: any time. */
  notBefore?: number | null;
  /**
   * A tie of a team event (its `players` then are both teams' players, held for all of it): its individual
   * matches and how many it may still need, which make its length; null or absent for any other match.
   */
  tie?: ScheduleTie | null;
}

/** A category: its place in the order of play, and the sessions it plays in (all when empty). */
export interface ScheduleCategory {
  id: string;
  order: number;
  sessions: readonly string[];
}

/** How long matches last and how the tables and players are given time. */
export interface ScheduleOptions {
  /** The least time between two matches of one player. */
  restMs: number;
  /** The time a table is planned for a match of a best of `bestOf` (play and changeover). */
  durationMs: (bestOf: number) => number;
  /** Time between two matches on one table (clearing the table, calling the next players). */
  bufferMs: number;
  /** Now: nothing not started yet is planned before it. */
  now: number;
}

/** What the desk plans with unless it says otherwise. */
export const DEFAULT_REST_MS = 10 * 60_000;
export const DEFAULT_BUFFER_MS = 2 * 60_000;

/**
 * The time a match is planned for, by best of: about 4 minutes a game played (a best of 5 goes 4 games on
 * average), rounded up to whole 5 minutes.
 * @example defaultDurationMs(5) // 20 minutes
 */
export function defaultDurationMs(bestOf: number): number {
  const games = Math.ceil((bestOf * 3 + 1) / 4);
  return Math.ceil((games * 4) / 5) * 5 * 60_000;
}

/** A match in the plan: its table and its start and (estimated) end. */
export interface PlannedMatch {
  id: string;
  table: number;
  start: number;
  end: number;
  /** Whether its table and time were given (called, in play, finished or fixed by the desk), not planned. */
  fixed: boolean;
  /** For an individual match of a tie: the tie, in whose block on its table it is timed. */
  tieId?: string;
  /** For a tie played on two tables: its other table, taken for the same time. */
  secondTable?: number;
}

/**
 * Why the plan could not place a match: a match that feeds it is unplaced (`feederId` the first such), no session
 * of its category has two tables free together for its tie, or none has room for it.
 */
export type UnplacedCode = "feeder-unplaced" | "no-two-tables" | "no-room";

/** A match the plan could not place, and why: `code` and `feederId` for a program, `reason` in English. */
export interface Unplaced {
  id: string;
  code: UnplacedCode;
  /** With "feeder-unplaced": the first match feeding it that is not placed. */
  feederId?: string;
  reason: string;
}

/** The English sentence of each reason code, kept for the API's readers. */
const UNPLACED_REASONS: Record<UnplacedCode, string> = {
  "feeder-unplaced": "a match that feeds it could not be placed",
  "no-two-tables":
    "no session of its category has two tables free together for it after its players' other matches",
  "no-room": "no session of its category has room for it after its players' other matches",
};

/** A day's plan. */
export interface Plan {
  /** Every placed match, by start time then table. */
  matches: PlannedMatch[];
  unplaced: Unplaced[];
  /** When the last match ends; null with nothing placed. */
  finish: number | null;
  /** Table time taken by matches over the table time of the sessions from the first match to the finish (0 to 1). */
  utilization: number;
  /** Clashes the plan could not avoid among the fixed matches (a player in two at once). */
  conflicts: string[];
}

/** The input of a plan. */
export interface ScheduleInput {
  sessions: readonly Session[];
  categories: readonly ScheduleCategory[];
  matches: readonly ScheduleMatch[];
  options: ScheduleOptions;
}

/** A wrong input (a session that ends before it starts, a match of an unknown category); the message says which. */
export class ScheduleError extends Error {
  override name = "ScheduleError";
  constructor(
    message: string,
    /** Why, as a code: a session that ends before it starts, a match outside the plan, no sessions at all. */
    readonly code: "ends-before-start" | "invalid-value" | "no-sessions",
  ) {
    super(message);
  }
}

interface Slot {
  table: number;
  /** The sessions on this table, by start. */
  sessions: Session[];
  /** When the table is free next, for the matches being planned. */
  free: number;
  /** The times it is taken by matches that keep their place, each with the buffer after it. */
  taken: { start: number; end: number }[];
}

/**
 * Plans the day.
 * @example schedule({ sessions: [{ id: "sat", start, end, tables: [1, 2] }], categories, matches, options }).finish
 */
export function schedule(input: ScheduleInput): Plan {
  const { options } = input;
  const sessions = [...input.sessions].sort((a, b) => a.start - b.start || compareText(a.id, b.id));
  for (const s of sessions) {
    if (!(s.end > s.start)) {
      throw new ScheduleError(`Session "${s.id}" ends before it starts`, "ends-before-start");
    }
  }
  const categories = new Map(input.categories.map((c) => [c.id, c]));
  const byId = new Map(input.matches.map((m) => [m.id, m]));
  for (const m of input.matches) {
    if (!categories.has(m.category)) {
      throw new ScheduleError(
        `Match "${m.id}" is of category "${m.category}", which is not in the plan`,
        "invalid-value",
      );
    }
  }
  const potential = potentialPlayers(byId);
  /** The table time a match takes from `start`: a tie's by its matches, any other's by its best of. */
  const lengthOf = (m: ScheduleMatch, start: number) =>
    m.tie?.twoTables
      ? twoTableTie(m.tie, m.tie.twoTables.uses, m.bestOf, start, options.now, options).end - start
      : m.tie
      ? tieLengthMs(m.tie, m.bestOf, start, options)
      : options.durationMs(m.bestOf);
  /** The other table a tie on two tables took, by the tie's id. */
  const partners = new Map<string, number>();
  const planned = new Map<string, PlannedMatch>();
  /** For each player, the times they are busy (their matches' starts and ends). */
  const busy = new Map<string, { start: number; end: number }[]>();
  /** For each player, when their last busy time ends: most players are free long before a search begins. */
  const busyUntil = new Map<string, number>();
  const conflicts: string[] = [];
  const occupy = (m: ScheduleMatch, p: PlannedMatch) => {
    planned.set(m.id, p);
    for (const player of potential.get(m.id)!) {
      const list = busy.get(player) ?? [];
      if (p.fixed && list.some((b) => b.start < p.end && p.start < b.end)) {
        conflicts.push(`Player "${player}" is in two matches at once, "${m.id}" among them`);
      }
      list.push({ start: p.start, end: p.end });
      busy.set(player, list);
      busyUntil.set(player, Math.max(busyUntil.get(player) ?? -Infinity, p.end));
    }
  };

  // What is already under way or done keeps its place; a match in play is planned to end when its length says,
  // or now when it runs long.
  const slots = new Map<number, Slot>();
  for (const s of sessions) {
    for (const table of s.tables) {
      const slot = slots.get(table) ?? { table, sessions: [], free: -Infinity, taken: [] };
      slot.sessions.push(s);
      slots.set(table, slot);
    }
  }
  const fixedOnes = input.matches.filter((m) => isFixed(m));
  for (const m of fixedOnes.sort((a, b) => (a.start ?? 0) - (b.start ?? 0) || compareText(a.id, b.id))) {
    const start = m.start ?? options.now;
    const length = lengthOf(m, start);
    const end = m.status === "completed"
      ? m.end ?? start + length
      : m.status === "in_progress"
      ? Math.max(start + length, options.now)
      : start + length;
    const table = m.table!;
    // A tie on two tables under way: its other table is the one its matches were put on besides its own.
    const second = m.tie?.twoTables
      ? m.tie.parts.find((p) => p.table != null && p.table !== table)?.table
      : null;
    occupy(m, {
      id: m.id,
      table,
      start,
      end,
      fixed: true,
      ...(second != null ? { secondTable: second } : {}),
    });
    for (const t of second != null ? [table, second] : [table]) {
      const slot = slots.get(t);
      if (slot && m.status !== "completed") slot.taken.push({ start, end: end + options.bufferMs });
    }
  }

  let waiting = input.matches.filter((m) => !isFixed(m))
    .sort((a, b) => playOrder(a, b, categories));
  const unplaced: Unplaced[] = [];
  /** Each group's tables so far: it stays on them when it can. */
  const groupTables = new Map<string, Set<number>>();
  /**
   * The earliest time from `from` at which the match's players are all rested and free for its whole length,
   * and its feeders are over.
   */
  const earliestFor = (m: ScheduleMatch, from: number): number => {
    let t = Math.max(from, options.now, m.notBefore ?? -Infinity, m.start ?? -Infinity);
    for (const f of m.feeders) {
      const p = planned.get(f);
      if (p) t = Math.max(t, p.end);
    }
    const length = lengthOf(m, t);
    // One pass over the players' busy times by start: each that the match would touch moves it after it.
    const times: { start: number; end: number }[] = [];
    for (const player of potential.get(m.id)!) {
      if ((busyUntil.get(player) ?? -Infinity) + options.restMs <= t) continue;
      for (const b of busy.get(player)!) if (b.end + options.restMs > t) times.push(b);
    }
    times.sort((a, b) => a.start - b.start);
    for (const b of times) {
      if (b.start >= t + length + options.restMs) break;
      if (b.end + options.restMs > t) t = b.end + options.restMs;
    }
    return t;
  };
  const feedersPlanned = (m: ScheduleMatch) => m.feeders.every((f) => planned.has(f) || !byId.has(f));
  /**
   * For each match, the earliest time found for it from some time on: players' busy times and feeders only ever
   * grow, so it stays a lower bound of every later search from that time on, and a table looking earlier than it
   * can pass the match over without searching again.
   */
  const bounds = new Map<string, { from: number; at: number }>();
  const open = new Set(waiting.map((m) => m.id));
  const tables = [...slots.values()];
  // Each turn the table free the earliest places the first match that can start there then, or moves its time
  // on to when one can, or is done: every turn places a match, moves a table's time on, or ends a table.
  while (open.size > 0) {
    const slot = tables.filter((t) =>
      t.sessions.length > 0
    ).sort((a, b) => a.free - b.free || a.table - b.table)[0];
    if (slot === undefined) break;
    pickFor(slot);
  }
  for (const id of open) {
    const m = byId.get(id)!;
    const feederId = m.feeders.find((f) => !planned.has(f) && byId.has(f));
    const code: UnplacedCode = feederId !== undefined
      ? "feeder-unplaced"
      : m.tie?.twoTables
      ? "no-two-tables"
      : "no-room";
    unplaced.push({
      id,
      code,
      ...(feederId === undefined ? {} : { feederId }),
      reason: UNPLACED_REASONS[code],
    });
  }

  /**
   * Places one match on `slot` at the earliest time it can: the first in order of play that fits; moves the
   * table's free time on to when one may start when none can start yet; ends the table (no sessions left to
   * fill) when none ever can.
   */
  function pickFor(slot: Slot): void {
    const from = Math.max(slot.free, options.now, slot.sessions[0]!.start);
    let best: { m: ScheduleMatch; start: number; score: number } | null = null;
    let soonest = Infinity;
    for (const m of waiting) {
      if (!open.has(m.id) || !feedersPlanned(m)) continue;
      if (m.table != null && m.table !== slot.table) continue;
      const bound = bounds.get(m.id);
      if (bound !== undefined && bound.from <= from && bound.at > from) {
        soonest = Math.min(soonest, bound.at);
        continue;
      }
      const start = startOn(slot, m, from);
      if (start === null) continue;
      if (start > from) {
        soonest = Math.min(soonest, start);
        continue;
      }
      // In order of play; a group's match first on a table the group already plays on, then on a table no
      // group holds yet.
      const home = m.group === null ? undefined : groupTables.get(groupKey(m));
      const score = home === undefined ? 1 : home.has(slot.table) ? 0 : 2;
      if (best === null || score < best.score) best = { m, start, score };
      if (score === 0) break;
    }
    if (best === null) {
      if (soonest === Infinity) slot.sessions = [];
      else slot.free = soonest;
      return;
    }
    const length = lengthOf(best.m, best.start);
    const second = best.m.tie?.twoTables ? partners.get(best.m.id) : undefined;
    const p: PlannedMatch = {
      id: best.m.id,
      table: slot.table,
      start: best.start,
      end: best.start + length,
      fixed: false,
      ...(second !== undefined ? { secondTable: second } : {}),
    };
    occupy(best.m, p);
    if (second !== undefined) slots.get(second)!.free = p.end + options.bufferMs;
    open.delete(best.m.id);
    const chosen = best.m;
    waiting = waiting.filter((m) => m !== chosen);
    if (best.m.group !== null) {
      const held = groupTables.get(groupKey(best.m)) ?? new Set<number>();
      held.add(slot.table);
      groupTables.set(groupKey(best.m), held);
    }
    slot.free = p.end + options.bufferMs;
  }

  /**
   * The earliest start from `from` on this table: its players free, a session of its category with room, and the
   * table not taken by a match that keeps its place.
   */
  function startOn(slot: Slot, m: ScheduleMatch, from: number): number | null {
    const length = lengthOf(m, from);
    let t = earliestFor(m, from);
    bounds.set(m.id, { from, at: t });
    for (;;) {
      const start = roomOn(slot, m, t, length);
      if (start === null) return null;
      if (start !== t) {
        t = earliestFor(m, start);
        continue;
      }
      if (!m.tie?.twoTables) return t;
      // A tie on two tables: another table with room from the same time, free by then; the nearest of the
      // earliest.
      let partner: { table: number; start: number } | null = null;
      for (const other of tables) {
        if (other === slot || other.sessions.length === 0 || m.table === other.table) continue;
        const at = roomOn(other, m, Math.max(t, other.free), length);
        if (at === null) continue;
        const nearer = partner === null || at < partner.start ||
          at === partner.start && Math.abs(other.table - slot.table) < Math.abs(partner.table - slot.table);
        if (nearer) partner = { table: other.table, start: at };
      }
      if (partner === null) return null;
      if (partner.start !== t) {
        t = earliestFor(m, partner.start);
        continue;
      }
      partners.set(m.id, partner.table);
      return t;
    }
  }

  /**
   * The earliest start from `t` on this table, players aside: in a session of the match's category with room
   * for it, and not over a match that keeps its place later on the table (with the buffer before it).
   */
  function roomOn(slot: Slot, m: ScheduleMatch, t: number, length: number): number | null {
    const allowed = categories.get(m.category)!.sessions;
    for (;;) {
      const session = slot.sessions.find((s) =>
        (allowed.length === 0 || allowed.includes(s.id)) && Math.max(t, s.start) + length <= s.end
      );
      if (!session) return null;
      const start = Math.max(t, session.start);
      const clash = slot.taken.find((b) => start < b.end && start + length + options.bufferMs > b.start);
      if (!clash) return start;
      t = clash.end;
    }
  }

  // A tie's matches not begun are timed inside its block, on its table (on each of its two tables).
  for (const m of input.matches) {
    const p = planned.get(m.id);
    if (!m.tie || !p || m.status === "completed") continue;
    if (m.tie.twoTables && p.secondTable !== undefined) {
      const tables = [p.table, p.secondTable] as const;
      const { matches } = twoTableTie(
        m.tie,
        m.tie.twoTables.uses,
        m.bestOf,
        p.start,
        options.now,
        options,
        tables,
      );
      for (const part of matches) {
        if (part.id === null) continue;
        planned.set(part.id, {
          id: part.id,
          table: tables[part.table],
          start: part.start,
          end: part.end,
          fixed: false,
          tieId: m.id,
        });
      }
      continue;
    }
    for (const part of tiePartTimes(m.tie, m.bestOf, p.start, options.now, options)) {
      planned.set(part.id, { ...part, table: p.table, fixed: false, tieId: m.id });
    }
  }
  const matches = [...planned.values()].sort((a, b) => a.start - b.start || a.table - b.table);
  const finish = matches.length === 0 ? null : Math.max(...matches.map((m) => m.end));
  // A tie's matches lie inside its block: the table time is counted once, by the tie (on each of its tables).
  const blocks = matches.filter((m) => m.tieId === undefined).flatMap((m) =>
    m.secondTable === undefined ? [m] : [m, { ...m, table: m.secondTable }]
  );
  return { matches, unplaced, finish, utilization: utilization(blocks, sessions, finish), conflicts };
}

/** Whether a match keeps its table and time: called, in play or finished, or placed by the desk. */
export function isFixed(m: ScheduleMatch): boolean {
  return m.status !== "scheduled" && m.table != null ||
    m.status === "scheduled" && m.table != null && m.start != null;
}

/** The order of play among matches still to place: round by round, category by category, group, position. */
export function playOrder(
  a: ScheduleMatch,
  b: ScheduleMatch,
  categories: ReadonlyMap<string, ScheduleCategory>,
) {
  const stage = (m: ScheduleMatch) => m.stage === "group" ? 0 : 1;
  return stage(a) - stage(b) || a.round - b.round ||
    categories.get(a.category)!.order - categories.get(b.category)!.order ||
    compareText(a.category, b.category) || compareText(a.group ?? "", b.group ?? "") ||
    a.position - b.position || compareText(a.id, b.id);
}

/** A group's key: its category and name. */
function groupKey(m: ScheduleMatch): string {
  return `${m.category}\u0000${m.group}`;
}

/**
 * For each match, the people who may play in it: its known players, and everybody who may still come through
 * the matches that feed its other side.
 */
export function potentialPlayers(byId: ReadonlyMap<string, ScheduleMatch>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const of = (id: string, seen: Set<string>): Set<string> => {
    const known = out.get(id);
    if (known) return known;
    const m = byId.get(id);
    if (!m || seen.has(id)) return new Set();
    seen.add(id);
    const players = new Set([...m.players, ...m.feeders.flatMap((f) => [...of(f, seen)])]);
    out.set(id, players);
    return players;
  };
  for (const id of byId.keys()) of(id, new Set());
  return out;
}

/**
 * Table time taken by matches over the table time of the sessions, both from the first match in a session to
 * `finish`: a match counts only for the part of it inside a session, on a table of that session.
 */
function utilization(
  matches: readonly PlannedMatch[],
  sessions: readonly Session[],
  finish: number | null,
): number {
  if (finish === null) return 0;
  const inside = (m: PlannedMatch, s: Session) =>
    s.tables.includes(m.table) && m.start < s.end && s.start < m.end;
  const starts = matches.filter((m) => sessions.some((s) => inside(m, s))).map((m) => m.start);
  if (starts.length === 0) return 0;
  const first = Math.min(...starts);
  let available = 0;
  let used = 0;
  for (const s of sessions) {
    const from = Math.max(s.start, first);
    const to = Math.min(s.end, finish);
    if (to <= from) continue;
    available += (to - from) * s.tables.length;
    for (const m of matches) {
      if (inside(m, s)) used += Math.max(0, Math.min(m.end, to) - Math.max(m.start, from));
    }
  }
  return available === 0 ? 0 : Math.min(1, used / available);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
