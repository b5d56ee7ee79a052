/**
 * db/estimate_writes.ts `refreshEstimates` reads only the matches it may estimate or write, and sums up those over
 * (their tables', players' and groups' latest ends): on any state of an event it writes exactly what estimating
 * every match of the event, each read whole (the plain reading of domain/estimated_starts.ts), gives.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { refreshEstimates } from "../../db/estimate_writes.ts";
import type { Store } from "../../db/store.ts";
import { writeTransaction } from "../../db/write_transaction.ts";
import { type EstimateMatch, estimateStarts } from "../../domain/estimated_starts.ts";
import { sortInPlayOrder } from "../../domain/order_of_play.ts";
import { DEFAULT_BUFFER_MS, DEFAULT_REST_MS, defaultDurationMs } from "../../domain/scheduler.ts";
import { seedKnockout } from "../api/manage_fixtures.ts";
import { makeMatch } from "../support/fixtures.ts";
import { storeTest } from "../support/stores.ts";

const NOW = Date.parse("2026-11-28T12:00:00.000Z");
const MINUTE = 60_000;

/** The estimates of every match of the event, each read whole: what the store should hold after a refresh. */
async function expected(store: Store, eventId: string): Promise<Map<string, string | null>> {
  const rows = await store.db.selectFrom("matches")
    .leftJoin("entries as home", "home.id", "matches.home_entry_id")
    .leftJoin("entries as away", "away.id", "matches.away_entry_id")
    .selectAll("matches")
    .select([
      "home.player1_id as h1",
      "home.player2_id as h2",
      "away.player1_id as a1",
      "away.player2_id as a2",
    ])
    .where("matches.event_id", "=", eventId).execute();
  const at = (iso: string | null) => iso === null ? null : Date.parse(iso);
  const key = (c: string, round: number, pos: number) => `${c}/${round}/${pos}`;
  const knockout = new Map(
    rows.filter((r) => r.stage === "knockout").map((
      r,
    ) => [key(r.subevent_id, r.round_no, r.bracket_pos), r.id]),
  );
  const feeders = (r: typeof rows[number], pos: number) =>
    knockout.has(key(r.subevent_id, r.round_no - 1, pos))
      ? [knockout.get(key(r.subevent_id, r.round_no - 1, pos))!]
      : r.round_no === 1
      ? rows.filter((g) => g.stage === "group" && g.subevent_id === r.subevent_id).map((g) => g.id)
      : [];
  const ordered = sortInPlayOrder(rows, (r) => ({
    id: r.id,
    categoryId: r.subevent_id,
    stage: r.stage,
    tableNo: r.table_no,
    scheduledAt: r.scheduled_at,
    roundNo: r.round_no,
    bracketPos: r.bracket_pos,
  }));
  const matches: EstimateMatch[] = ordered.map((r) => ({
    id: r.id,
    status: r.status as EstimateMatch["status"],
    table: r.table_no,
    plannedStart: at(r.scheduled_at),
    startedAt: at(r.started_at),
    completedAt: at(r.completed_at),
    calledAt: at(r.called_at),
    skipped: r.skipped_at !== null,
    bestOf: r.best_of,
    players: [r.h1, r.h2, r.a1, r.a2].filter((p): p is string => p !== null),
    feeders: r.stage !== "knockout" ? [] : [
      ...(r.home_entry_id === null ? feeders(r, 2 * r.bracket_pos) : []),
      ...(r.away_entry_id === null ? feeders(r, 2 * r.bracket_pos + 1) : []),
    ],
  }));
  const estimates = estimateStarts(matches, {
    durationMs: defaultDurationMs,
    bufferMs: DEFAULT_BUFFER_MS,
    restMs: DEFAULT_REST_MS,
    now: NOW,
  });
  return new Map(rows.map((r) => {
    const e = estimates.get(r.id);
    return [r.id, e === undefined || e === at(r.scheduled_at) ? null : new Date(e).toISOString()];
  }));
}

/** A match's state: what the estimate reads of it. */
const matchState = fc.record({
  status: fc.constantFrom("scheduled", "scheduled", "in_progress", "completed", "completed"),
  table: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 3 }),
  planned: fc.option(fc.integer({ min: -180, max: 120 }), { freq: 4 }),
  started: fc.option(fc.integer({ min: -180, max: 0 }), { freq: 5 }),
  length: fc.option(fc.integer({ min: 5, max: 60 }), { freq: 5 }),
  called: fc.option(fc.integer({ min: -30, max: 0 }), { freq: 1 }),
  skipped: fc.boolean(),
  estimate: fc.option(fc.integer({ min: -60, max: 120 }), { freq: 2 }),
  /** A first-round side not known yet (fed by the group). */
  sideUnknown: fc.boolean(),
});

storeTest(
  "refreshEstimates() writes what estimating every match of the event read whole gives, on any state of it",
  async (store) => {
    // A knockout of 8 (7 matches, the later rounds' sides not known) and a group of the same players before it.
    const ev = await seedKnockout(store.db, { size: 8, bestOf: 3 });
    const group: string[] = [];
    for (let i = 0; i < 6; i++) {
      const m = await makeMatch(store.db, {
        event_id: ev.eventId,
        subevent_id: ev.categoryId,
        stage: "group",
        round_no: 1 + (i % 3),
        bracket_pos: i,
        home_entry_id: ev.entryIds[i % 8]!,
        away_entry_id: ev.entryIds[(i + 3) % 8]!,
        best_of: 3,
      });
      group.push(m.id);
    }
    const firstRound = ev.rounds[0]!;
    const ids = [...ev.rounds.flat(), ...group];
    const iso = (minutes: number | null) =>
      minutes === null ? null : new Date(NOW + minutes * MINUTE).toISOString();
    await fc.assert(
      fc.asyncProperty(
        fc.array(matchState, { minLength: ids.length, maxLength: ids.length }),
        async (states) => {
          for (const [i, s] of states.entries()) {
            const begun = s.status === "scheduled" ? null : s.started;
            await store.db.updateTable("matches").set({
              status: s.status,
              table_no: s.table,
              scheduled_at: iso(s.planned),
              started_at: iso(begun),
              completed_at: s.status === "completed" && s.length !== null
                ? iso((begun ?? -200) + s.length)
                : null,
              called_at: s.status === "scheduled" ? iso(s.called) : null,
              skipped_at: s.status === "scheduled" && s.skipped ? iso(-1) : null,
              estimated_start: iso(s.estimate),
              ...(i < firstRound.length ? { home_entry_id: s.sideUnknown ? null : ev.entryIds[2 * i]! } : {}),
            }).where("id", "=", ids[i]!).execute();
          }
          const want = await expected(store, ev.eventId);
          await writeTransaction(store.db, (trx) => refreshEstimates(trx, ev.eventId, new Date(NOW)));
          const got = await store.db.selectFrom("matches").select(["id", "estimated_start"])
            .where("event_id", "=", ev.eventId).execute();
          assert.deepEqual(new Map(got.map((r) => [r.id, r.estimated_start])), want);
        },
      ),
      { numRuns: 300 },
    );
  },
);
