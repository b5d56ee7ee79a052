/**
 * `deno task schedule --event SLUG [--session DATE,HH:MM-HH:MM,TABLES ...]`: plans the order of play of an event
 * (domain/scheduler.ts) and prints it table by table, with when the day ends, how busy the tables are, what could
 * not be placed and the clashes among matches already fixed. Without `--session`, in the sessions stored with
 * the event (views/stored_plan.ts). It only reads: nothing is written to the store.
 *
 *   deno task schedule --event demo-open-2026 [--session 2026-11-28,09:00-18:00,1-8 --session ...]
 *     [--rest MINUTES] [--buffer MINUTES] [--now YYYY-MM-DDTHH:MM] [--json]
 *
 * Times are the venue's: this machine's time zone. Exit 0 with a plan, 1 when the event is unknown or the store
 * cannot be opened, 2 on a usage error (the flag is named).
 * @module
 */
import { denoEnv } from "./config.ts";
import { STANDARD_IO } from "./command_io.ts";
import { refusalExit, storeCommand, UsageError } from "./store_command.ts";
import type { ScheduleLabel } from "../db/read_schedule.ts";
import { planTables, tableItems } from "../domain/plan_by_table.ts";
import {
  DEFAULT_BUFFER_MS,
  DEFAULT_REST_MS,
  type Plan,
  ScheduleError,
  type Session,
} from "../domain/scheduler.ts";
import { orderOfPlayJson, type PlannedEvent, planOrderOfPlay } from "../views/order_of_play.ts";
import { planInStoredSessions } from "../views/stored_plan.ts";

/** The usage text. */
export const SCHEDULE_USAGE = [
  "Usage: deno task schedule --event SLUG [--session DATE,HH:MM-HH:MM,TABLES ...]",
  "       [--rest MINUTES] [--buffer MINUTES] [--now YYYY-MM-DDTHH:MM] [--json]",
  "  e.g. --session 2026-11-28,09:00-18:00,1-8 (tables as 1-8 or 1,2,5); times in this machine's time zone.",
  "  Without --session: the sessions stored with the event (its file, /manage).",
  "The store comes from DATABASE_URL (default sqlite:./data/tournament.db).",
].join("\n");

/** A parsed command line. */
export interface ScheduleCommand {
  event: string;
  sessions: Session[];
  restMs: number;
  bufferMs: number;
  /** Null: the time the command runs. */
  now: number | null;
  json: boolean;
}

/** Reads the command line; throws UsageError naming the flag that is wrong. */
export function parseScheduleArgs(args: readonly string[]): ScheduleCommand {
  const out: ScheduleCommand = {
    event: "",
    sessions: [],
    restMs: DEFAULT_REST_MS,
    bufferMs: DEFAULT_BUFFER_MS,
    now: null,
    json: false,
  };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    if (flag === "--json") {
      out.json = true;
      continue;
    }
    const value = args[i + 1];
    if (!["--event", "--session", "--rest", "--buffer", "--now"].includes(flag)) {
      throw new UsageError(`Unknown argument "${flag}"`);
    }
    if (value === undefined || value.startsWith("--")) throw new UsageError(`Missing the value of ${flag}`);
    i++;
    if (flag === "--event") out.event = value;
    else if (flag === "--session") out.sessions.push(parseSession(value, `s${out.sessions.length + 1}`));
    else if (flag === "--now") out.now = parseLocalTime(value, flag);
    else {
      const minutes = Number(value);
      if (!Number.isInteger(minutes) || minutes < 0 || minutes > 240) {
        throw new UsageError(`${flag} takes whole minutes from 0 to 240, got "${value}"`);
      }
      if (flag === "--rest") out.restMs = minutes * 60_000;
      else out.bufferMs = minutes * 60_000;
    }
  }
  if (out.event === "") throw new UsageError("Missing --event SLUG");
  return out;
}

/** `2026-11-28,09:00-18:00,1-8`: a day, its hours and its tables. */
function parseSession(value: string, id: string): Session {
  const m = /^(\d{4}-\d{2}-\d{2}),(\d{1,2}:\d{2})-(\d{1,2}:\d{2}),([\d,-]+)$/.exec(value);
  if (!m) {
    throw new UsageError(
      `--session "${value}" is not DATE,HH:MM-HH:MM,TABLES (e.g. 2026-11-28,09:00-18:00,1-8)`,
    );
  }
  const start = parseLocalTime(`${m[1]}T${m[2]!.padStart(5, "0")}`, "--session");
  const end = parseLocalTime(`${m[1]}T${m[3]!.padStart(5, "0")}`, "--session");
  if (end <= start) throw new UsageError(`--session "${value}" ends before it starts`);
  const tables = new Set<number>();
  for (const part of m[4]!.split(",")) {
    const [from, to = from] = part.split("-").map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to) || from! < 1 || to! < from! || to! > 999) {
      throw new UsageError(`--session "${value}": tables "${part}" are not numbers like 1-8 or 3`);
    }
    for (let t = from!; t <= to!; t++) tables.add(t);
  }
  return { id, start, end, tables: [...tables].sort((a, b) => a - b) };
}

/** A local date and time (this machine's time zone) as milliseconds since the epoch. */
function parseLocalTime(value: string, flag: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  const t = m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!).getTime() : NaN;
  if (!m || Number.isNaN(t) || new Date(t).getHours() !== +m[4]! || new Date(t).getDate() !== +m[3]!) {
    throw new UsageError(`${flag}: "${value}" is not a date and time like 2026-11-28T09:00`);
  }
  return t;
}

/** Runs the command; returns the exit code. `now` is when the plan starts unless --now says. */
export const runSchedule = storeCommand({
  usage: SCHEDULE_USAGE,
  parse: parseScheduleArgs,
  async run(store, command: ScheduleCommand, io, now) {
    let planned: PlannedEvent | null;
    try {
      const options = {
        restMs: command.restMs,
        bufferMs: command.bufferMs,
        now: command.now ?? now.getTime(),
      };
      planned = command.sessions.length === 0
        ? await planInStoredSessions(store.db, command.event, options)
        : await planOrderOfPlay(store.db, command.event, { sessions: command.sessions, ...options });
    } catch (e) {
      return refusalExit(e, ScheduleError, io, (text) => `Cannot plan "${command.event}": ${text}`);
    }
    if (!planned) {
      io.err(`Cannot plan "${command.event}": no event has this slug`);
      return 1;
    }
    if (command.json) io.out(JSON.stringify(orderOfPlayJson(planned), null, 2));
    else for (const line of planText(planned.event.name, planned.plan, planned.labels)) io.out(line);
    return 0;
  },
});

/** The plan as the desk reads it: a summary, then each table's matches in order. */
export function planText(
  eventName: string,
  plan: Plan,
  labels: ReadonlyMap<string, ScheduleLabel>,
): string[] {
  const tables = planTables(plan.matches);
  const lines = [
    `Order of play for "${eventName}": ${plan.matches.length} matches on ${tables.length} tables` +
    (plan.unplaced.length > 0 ? `, ${plan.unplaced.length} not placed` : ""),
  ];
  if (plan.finish !== null) {
    lines.push(
      `The last match ends ${dayTime(plan.finish)}; the tables are busy ${
        Math.round(plan.utilization * 100)
      } % ` +
        "of the time from the first match to the last",
    );
  }
  const words = (id: string) => {
    const l = labels.get(id);
    return l ? `${l.category}, ${l.stage}: ${l.home} v ${l.away}` : id;
  };
  for (const table of tables) {
    lines.push("", `Table ${table}`);
    // A tie once on each of its tables, its own matches there indented under it.
    for (const { match: p, own } of tableItems(plan.matches, table)) {
      const both = p.secondTable === undefined
        ? ""
        : ` (on ${bothTables({ ...p, secondTable: p.secondTable })})`;
      lines.push(`  ${dayTime(p.start)}-${clock(p.end)}  ${words(p.id)}${p.fixed ? " (fixed)" : ""}${both}`);
      for (const q of own) lines.push(`      ${clock(q.start)}-${clock(q.end)}  ${words(q.id)}`);
    }
  }
  if (plan.unplaced.length > 0) {
    lines.push("", "Not placed:");
    for (const u of plan.unplaced) lines.push(`  ${words(u.id)}: ${u.reason}`);
  }
  if (plan.conflicts.length > 0) {
    lines.push("", "Clashes among the matches already fixed:");
    for (const c of plan.conflicts) lines.push(`  ${c}`);
  }
  return lines;
}

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (t: number) => `${pad(new Date(t).getHours())}:${pad(new Date(t).getMinutes())}`;
const dayTime = (t: number) =>
  `${new Date(t).getFullYear()}-${pad(new Date(t).getMonth() + 1)}-${pad(new Date(t).getDate())} ${clock(t)}`;

if (import.meta.main) Deno.exit(await runSchedule(Deno.args, denoEnv, STANDARD_IO));

/**
 * How a tie on two tables names them in the command line's English.
 * @example bothTables({ table: 2, secondTable: 1 }) // "tables 1 and 2"
 */
export function bothTables(m: { table: number; secondTable: number }): string {
  return `tables ${Math.min(m.table, m.secondTable)} and ${Math.max(m.table, m.secondTable)}`;
}
