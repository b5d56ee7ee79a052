/**
 * The demo simulation: on a fresh start the demo's running matches advance through the one write path
 * (db/match_writes.ts), a point per running match every few seconds, so that the TV page and the overlays
 * move; finished matches free their table and the next scheduled matches start there. It touches only the
 * event with the slug it is given (the demo's), never an imported one, and stops when its signal aborts. It
 * locks a knockout draw fed by groups once every group match is over (as a director would), and, given
 * `restart`, plays the day again once every match is over, so that the demo is live whenever it is opened.
 * Deterministic for a seed: the point winners and first servers come from a seeded generator, leaning towards
 * the side the frozen prediction favours.
 */
import { sql } from "kysely";
import { mulberry32 } from "../domain/lot.ts";
import type { Logger } from "../lib/log.ts";
import { isStoreUnavailable } from "../db/health.ts";
import { setDrawLocked } from "../db/manage_writes.ts";
import { writeMatch } from "../db/match_writes.ts";
import type { Store } from "../db/store.ts";
import { isConflict, WriteError } from "../db/write_errors.ts";

/** The label of the simulation's writes in the audit log. */
export const SIMULATION_ACTOR = "simulation";

/** How the simulation runs. */
export interface SimulationOptions {
  /** The only event it writes to (the demo's slug, "demo-open-2026"). */
  eventSlug: string;
  /** Time between two steps (a point in each running match per step). */
  intervalMs: number;
  clock: () => Date;
  log: Logger;
  signal: AbortSignal;
  /** Seed of the point winners and first servers (1 when not given). */
  seed?: number;
  /** How many matches to keep running at once; by default the number of tables the event uses (at least 1). */
  tables?: number;
  /** Puts the event back to the start of its day, called once every match of it is over (the demo's reload). */
  restart?: (now: Date) => Promise<void>;
}

/** What one step did. */
export interface StepReport {
  points: number;
  started: number;
  completed: number;
  /** Knockout draws locked because their groups were over. */
  locked?: number;
  /** Whether the day started again (every match was over). */
  restarted?: boolean;
}

/** A small seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  return mulberry32(seed);
}

/**
 * The chance that the home side wins a point, from the match prediction: even without one, and a lean of a
 * third of the prediction's edge with one (a small lean per point adds up to a clear edge per match).
 * @example pointChance(0.8) // 0.6
 */
export function pointChance(pHome: number | null): number {
  return pHome === null ? 0.5 : 0.5 + (pHome - 0.5) / 3;
}

/**
 * One step of the simulation: a point in each running match of the event, then new matches started on the
 * free tables (both sides known, none of their players playing elsewhere, knockout draws locked), in the order of
 * their time, round and position. A write that another writer got to first (409) is skipped.
 */
export async function simulateStep(
  store: Store,
  options: {
    eventSlug: string;
    now: Date;
    random: () => number;
    tables: number;
    restart?: (now: Date) => Promise<void>;
  },
): Promise<StepReport> {
  const report: StepReport = { points: 0, started: 0, completed: 0 };
  const event = await store.db.selectFrom("events").select("id").where("slug", "=", options.eventSlug)
    .executeTakeFirst();
  if (!event) return report;
  const ctx = (revision: number) => ({
    actor: SIMULATION_ACTOR,
    now: options.now,
    expectedRevision: revision,
  });
  const live = await store.db.selectFrom("matches")
    .leftJoin("predictions", "predictions.match_id", "matches.id")
    .select(["matches.id", "matches.revision", "predictions.p_home"])
    .where("matches.event_id", "=", event.id).where("matches.status", "=", "in_progress")
    .orderBy("matches.table_no").orderBy("matches.id").execute();
  for (const m of live) {
    const side = options.random() < pointChance(m.p_home === null ? null : Number(m.p_home))
      ? "home"
      : "away";
    const done = await skipConflicts(() =>
      writeMatch(store, m.id, { type: "point", side }, ctx(Number(m.revision)))
    );
    if (!done) continue;
    report.points++;
    if (done.match.status === "completed") report.completed++;
  }
  const locked = await lockDrawsOfFinishedGroups(store, event.id, options.now);
  if (locked > 0) report.locked = locked;
  if (options.restart) {
    const open = await store.db.selectFrom("matches").select("id").where("event_id", "=", event.id)
      .where("status", "!=", "completed").limit(1).executeTakeFirst();
    if (!open) {
      await options.restart(options.now);
      return { ...report, restarted: true };
    }
  }

  const running = await store.db.selectFrom("matches")
    .select(["table_no", "home_entry_id", "away_entry_id"])
    .where("event_id", "=", event.id).where("status", "=", "in_progress").execute();
  const busyTables = new Set(running.flatMap((r) => r.table_no === null ? [] : [Number(r.table_no)]));
  // A player is busy while any entry of theirs plays: a doubles pair and a singles entry share people.
  const entryPlayers = new Map<string, string[]>();
  const entryRows = await store.db.selectFrom("entries")
    .innerJoin("subevents", "subevents.id", "entries.subevent_id")
    .select(["entries.id", "entries.player1_id", "entries.player2_id"])
    .where("subevents.event_id", "=", event.id).execute();
  for (const e of entryRows) {
    entryPlayers.set(e.id, e.player2_id ? [e.player1_id, e.player2_id] : [e.player1_id]);
  }
  const playersOf = (entryId: string | null) => entryId ? entryPlayers.get(entryId) ?? [] : [];
  const busyPlayers = new Set(
    running.flatMap((r) => [...playersOf(r.home_entry_id), ...playersOf(r.away_entry_id)]),
  );
  let free = options.tables - running.length;
  if (free <= 0) return report;
  const candidates = await store.db.selectFrom("matches")
    .innerJoin("subevents", "subevents.id", "matches.subevent_id")
    .select([
      "matches.id",
      "matches.revision",
      "matches.table_no",
      "matches.home_entry_id",
      "matches.away_entry_id",
    ])
    .where("matches.event_id", "=", event.id).where("matches.status", "=", "scheduled")
    .where("matches.home_entry_id", "is not", null).where("matches.away_entry_id", "is not", null)
    .where((eb) => eb.or([eb("matches.stage", "=", "group"), eb("subevents.draw_state", "=", "locked")]))
    .orderBy(sql`coalesce(${sql.ref("matches.scheduled_at")}, '9999')`)
    .orderBy("matches.round_no").orderBy("matches.bracket_pos").orderBy("matches.id")
    .execute();
  const tableNumbers = Array.from({ length: options.tables }, (_, i) => i + 1);
  for (const c of candidates) {
    if (free <= 0) break;
    const players = [...playersOf(c.home_entry_id), ...playersOf(c.away_entry_id)];
    if (players.some((p) => busyPlayers.has(p))) continue;
    let revision = Number(c.revision);
    let table = c.table_no === null ? null : Number(c.table_no);
    if (table !== null && busyTables.has(table)) continue;
    if (table === null) {
      table = tableNumbers.find((t) => !busyTables.has(t)) ?? null;
      if (table === null) break;
      const assigned = await skipConflicts(() =>
        writeMatch(store, c.id, { type: "assign", tableNo: table }, ctx(revision))
      );
      if (!assigned) continue;
      revision = assigned.match.revision;
    }
    const firstServer = options.random() < 0.5 ? "home" : "away";
    const started = await skipConflicts(() =>
      writeMatch(store, c.id, { type: "start", firstServer }, ctx(revision))
    );
    if (!started) continue;
    busyTables.add(table);
    for (const p of players) busyPlayers.add(p);
    report.started++;
    free--;
  }
  return report;
}

/**
 * Locks each draft knockout draw of the event whose groups have all finished: their qualifiers are in place (the
 * last result of a group places them), and the knockout can start. Returns how many it locked.
 */
async function lockDrawsOfFinishedGroups(store: Store, eventId: string, now: Date): Promise<number> {
  const drafts = await store.db.selectFrom("subevents").select("id")
    .where("event_id", "=", eventId).where("format", "=", "groups_knockout").where("draw_state", "=", "draft")
    .execute();
  let locked = 0;
  for (const d of drafts) {
    const open = await store.db.selectFrom("matches").select("id").where("subevent_id", "=", d.id)
      .where("stage", "=", "group").where("status", "!=", "completed").limit(1).executeTakeFirst();
    if (open) continue;
    try {
      const change = await setDrawLocked(store, d.id, true, { actor: SIMULATION_ACTOR, now });
      if (change.changed) locked++;
    } catch (e) {
      // Another writer locked it first, or a place waits for a lot: the desk's to settle, not the simulation's.
      if (!(e instanceof WriteError)) throw e;
    }
  }
  return locked;
}

async function skipConflicts<T>(write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (e) {
    // Someone else (an umpire, the operator) wrote to the match since it was read: their write wins.
    if (e instanceof WriteError && isConflict(e.code)) return null;
    throw e;
  }
}

/** The number of tables the event's matches use (at least 1): how many matches the simulation keeps running. */
export async function tablesInUse(store: Store, eventSlug: string): Promise<number> {
  const rows = await store.db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
    .select("matches.table_no").distinct()
    .where("events.slug", "=", eventSlug).where("matches.table_no", "is not", null).execute();
  return Math.max(1, rows.length);
}

/**
 * Runs the simulation until `signal` aborts; the promise settles once the step in flight has finished, so that
 * the store can then be closed. A failing step is logged and the next one runs as usual.
 */
export async function startSimulation(store: Store, options: SimulationOptions): Promise<void> {
  const random = seededRandom(options.seed ?? 1);
  const { signal } = options;
  let tables = options.tables;
  // An outage is logged when it begins and when it ends, not at every step in between.
  let away = false;
  while (!signal.aborted) {
    try {
      tables ??= await tablesInUse(store, options.eventSlug);
      await simulateStep(store, {
        eventSlug: options.eventSlug,
        now: options.clock(),
        random,
        tables,
        restart: options.restart,
      });
      if (away) options.log.info("Simulation goes on: the store is back");
      away = false;
    } catch (e) {
      if (signal.aborted) break;
      if (!isStoreUnavailable(e)) options.log.warn(`Simulation step failed: ${(e as Error).message}`);
      else if (!away) {
        options.log.warn(`Simulation paused: the store is unavailable (${(e as Error).message})`);
      }
      away ||= isStoreUnavailable(e);
    }
    await sleep(options.intervalMs, signal);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
