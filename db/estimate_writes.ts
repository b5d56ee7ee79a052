/**
 * Keeps each match's estimated start (domain/estimated_starts.ts) as the day runs: called inside every write that
 * may move it (a match begun, finished, reset, moved, called, skipped, a plan kept), it estimates the event's
 * matches again and writes the estimates that changed (kept only when not the planned time: a day on time
 * writes nothing), each with a later update time, so that every answer and
 * page showing such a match goes stale with its version (db/read_versions.ts: revision and update time) and the
 * lists with their category's. The revision stays: it is what a desk's or an umpire's write to that match was
 * based on, and an estimate moved by another table changes nothing they decided on.
 * The estimate uses the scheduler's lengths, buffer and rest (domain/scheduler.ts).
 */
import { sql, type Transaction } from "kysely";
import { type EstimateMatch, estimateStarts } from "../domain/estimated_starts.ts";
import { sortInPlayOrder } from "../domain/order_of_play.ts";
import { DEFAULT_BUFFER_MS, DEFAULT_REST_MS, defaultDurationMs } from "../domain/scheduler.ts";
import type { Database, MatchRow } from "./schema.ts";

const parsed = (iso: string | null) => iso === null ? null : Date.parse(iso);

/** `now`, or a millisecond after `previous` when that is not earlier: the version must move. */
function laterThan(previous: string, now: Date): string {
  return new Date(Math.max(now.getTime(), Date.parse(previous) + 1)).toISOString();
}

/** Estimates are times to the minute: an overrun moves them on at most once a minute. */
const MINUTE = 60_000;

/**
 * What a write from `before` to `after` does to the estimates: "moved" when the match began, ended or went back,
 * moved, was called or skipped (estimate again now); "overrun" for its first write in a minute once it runs past
 * its planned length (its points move what follows it, but the pages show times to the minute: the event is then
 * estimated again at most once a minute, `refreshEstimatesOncePerMinute`); null otherwise.
 */
export function estimateTrigger(
  before: Pick<MatchRow, "status" | "table_no" | "scheduled_at" | "called_at" | "skipped_at" | "updated_at">,
  after: Pick<MatchRow, "status" | "table_no" | "scheduled_at" | "called_at" | "skipped_at" | "started_at">,
  bestOf: number,
  now: Date,
): "moved" | "overrun" | null {
  if (
    before.status !== after.status || before.table_no !== after.table_no ||
    before.scheduled_at !== after.scheduled_at || before.called_at !== after.called_at ||
    before.skipped_at !== after.skipped_at
  ) {
    return "moved";
  }
  const overrun = after.status === "in_progress" && after.started_at !== null &&
    Date.parse(after.started_at) + defaultDurationMs(bestOf) < now.getTime() &&
    Math.floor(Date.parse(before.updated_at) / MINUTE) !== Math.floor(now.getTime() / MINUTE);
  return overrun ? "overrun" : null;
}

/**
 * `refreshEstimates`, unless the event's estimates were worked out already in `now`'s minute (then nothing:
 * answers no category). The claim on the minute is one conditional update, so two writes in one minute on two
 * connections do not both estimate.
 */
export async function refreshEstimatesOncePerMinute(
  trx: Transaction<Database>,
  eventId: string,
  now: Date,
): Promise<string[]> {
  const minute = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE).toISOString();
  const claimed = await trx.updateTable("events").set({ estimates_at: now.toISOString() })
    .where("id", "=", eventId)
    .where((eb) => eb.or([eb("estimates_at", "is", null), eb("estimates_at", "<", minute)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 0 ? [] : await refreshEstimates(trx, eventId, now);
}

/** The matches of an event that are over, as the estimate needs them (`readOver`). */
interface MatchesOver {
  /**
   * Stand-ins for them: each table's and each player's latest end (what frees a table and rests a player), each
   * category's groups' latest end, and each knockout match over with its own end (feeders of a side not known).
   */
  matches: EstimateMatch[];
  /** The knockout matches over, by category/round/position. */
  knockoutAt: Map<string, string>;
  /** The stand-in of each category's group matches over. */
  groupsOver: Map<string, string>;
}

/** A match over as the estimate reads it: it ended at `end` (its end, else its start) and frees what it held. */
const ended = (id: string, end: string | null, table: number | null, players: readonly string[]) => ({
  id,
  status: "completed" as const,
  table,
  plannedStart: null,
  startedAt: null,
  completedAt: parsed(end),
  calledAt: null,
  skipped: false,
  bestOf: 0,
  players,
  feeders: [],
});

/**
 * The matches over with no estimate kept, summed up by the store: the estimate takes only the latest end of
 * each table, player and category's groups from them, and the end of a knockout match over. Most of an event's
 * matches are over by the afternoon, and this runs inside a write: reading each of them whole would hold the
 * event loop and leave the server's memory a step higher.
 */
async function readOver(trx: Transaction<Database>, eventId: string): Promise<MatchesOver> {
  const over = trx.selectFrom("matches").where("matches.event_id", "=", eventId)
    .where("matches.status", "=", "completed").where("matches.estimated_start", "is", null);
  // Times are stored as ISO instants in UTC (toISOString), so the latest is the greatest text.
  const end = sql<string | null>`coalesce(matches.completed_at, matches.started_at)`;
  const latest = sql<string | null>`max(${end})`;
  const tables = await over.select(["matches.table_no", latest.as("end")])
    .where("matches.table_no", "is not", null).groupBy("matches.table_no").execute();
  // Each player's latest end, whichever side and place of an entry they played in.
  const side = (entry: "home_entry_id" | "away_entry_id", player: "player1_id" | "player2_id") =>
    over.innerJoin("entries as e", "e.id", `matches.${entry}`).select([
      `e.${player} as player`,
      end.as("ended"),
    ]);
  const played = side("home_entry_id", "player1_id").unionAll(side("home_entry_id", "player2_id"))
    .unionAll(side("away_entry_id", "player1_id")).unionAll(side("away_entry_id", "player2_id"));
  const players = await trx.selectFrom(played.as("played"))
    .select(["played.player", sql<string | null>`max(played.ended)`.as("end")])
    .where("played.player", "is not", null).groupBy("played.player").execute();
  const knockouts = await over.select([
    "matches.id",
    "matches.subevent_id",
    "matches.round_no",
    "matches.bracket_pos",
    sql<string | null>`coalesce(matches.completed_at, matches.started_at)`.as("end"),
  ]).where("matches.stage", "=", "knockout").execute();
  const groups = await over.select(["matches.subevent_id", latest.as("end")])
    .where("matches.stage", "=", "group").groupBy("matches.subevent_id").execute();
  const matches: EstimateMatch[] = [];
  for (const t of tables) matches.push(ended(`table:${t.table_no}`, t.end, Number(t.table_no), []));
  for (const p of players) {
    if (p.player !== null) matches.push(ended(`player:${p.player}`, p.end, null, [p.player]));
  }
  const knockoutAt = new Map<string, string>();
  for (const k of knockouts) {
    matches.push(ended(k.id, k.end, null, []));
    knockoutAt.set(`${k.subevent_id}/${k.round_no}/${k.bracket_pos}`, k.id);
  }
  const groupsOver = new Map<string, string>();
  for (const g of groups) {
    const id = `groups:${g.subevent_id}`;
    matches.push(ended(id, g.end, null, []));
    groupsOver.set(g.subevent_id, id);
  }
  return { matches, knockoutAt, groupsOver };
}

/**
 * Estimates the event's matches again at `now` and writes those that changed (their update time moves);
 * answers the categories of the matches written, for the write's `bumpRevision`.
 */
export async function refreshEstimates(
  trx: Transaction<Database>,
  eventId: string,
  now: Date,
): Promise<string[]> {
  // Read whole: the matches not over, and those over with an estimate kept (to take it away); which of them get an
  // estimate is domain/estimated_starts.ts `isEstimated`'s to say. `readOver` sums up the rest (most of a day's).
  const rows = await trx.selectFrom("matches")
    .leftJoin("entries as home", "home.id", "matches.home_entry_id")
    .leftJoin("entries as away", "away.id", "matches.away_entry_id")
    .select([
      "matches.id",
      "matches.subevent_id",
      "matches.stage",
      "matches.round_no",
      "matches.bracket_pos",
      "matches.status",
      "matches.table_no",
      "matches.scheduled_at",
      "matches.started_at",
      "matches.completed_at",
      "matches.called_at",
      "matches.skipped_at",
      "matches.best_of",
      "matches.updated_at",
      "matches.estimated_start",
      "matches.home_entry_id",
      "matches.away_entry_id",
      "matches.tie_id",
      "home.player1_id as h1",
      "home.player2_id as h2",
      "away.player1_id as a1",
      "away.player2_id as a2",
    ])
    .where("matches.event_id", "=", eventId)
    .where((eb) =>
      eb.or([eb("matches.status", "<>", "completed"), eb("matches.estimated_start", "is not", null)])
    )
    .execute();
  const over = await readOver(trx, eventId);
  const knockoutAt = new Map(over.knockoutAt);
  const groupMatchesOf = new Map<string, string[]>();
  for (const [categoryId, id] of over.groupsOver) groupMatchesOf.set(categoryId, [id]);
  for (const r of rows) {
    if (r.stage === "knockout") knockoutAt.set(`${r.subevent_id}/${r.round_no}/${r.bracket_pos}`, r.id);
    if (r.stage !== "group") continue;
    // Pushed, not copied: a category's list grows one match at a time (a copy each time is quadratic).
    const list = groupMatchesOf.get(r.subevent_id);
    if (list) list.push(r.id);
    else groupMatchesOf.set(r.subevent_id, [r.id]);
  }
  /** The matches deciding a knockout side not known yet: the round before, or the category's groups. */
  const feedersOf = (r: typeof rows[number], pos: number): string[] => {
    const before = knockoutAt.get(`${r.subevent_id}/${Number(r.round_no) - 1}/${pos}`);
    if (before) return [before];
    return Number(r.round_no) === 1 ? groupMatchesOf.get(r.subevent_id) ?? [] : [];
  };
  // In the order of play by planned time, the one all lists follow: it orders matches planned at one time.
  const ordered = sortInPlayOrder(rows, (r) => ({
    id: r.id,
    categoryId: r.subevent_id,
    stage: r.stage,
    tableNo: r.table_no === null ? null : Number(r.table_no),
    scheduledAt: r.scheduled_at,
    roundNo: Number(r.round_no),
    bracketPos: Number(r.bracket_pos),
  }));
  // A tie whose matches are made is played as them: they, not the tie, take its table (domain/tie_plan.ts).
  const tiesWithMatches = new Set(rows.flatMap((r) => r.tie_id == null ? [] : [r.tie_id]));
  const matches: EstimateMatch[] = ordered.map((r) => ({
    id: r.id,
    status: r.status === "in_progress" || r.status === "completed" ? r.status : "scheduled",
    table: r.table_no === null || tiesWithMatches.has(r.id) ? null : Number(r.table_no),
    plannedStart: parsed(r.scheduled_at),
    startedAt: parsed(r.started_at),
    completedAt: parsed(r.completed_at),
    calledAt: parsed(r.called_at),
    skipped: r.skipped_at !== null,
    bestOf: Number(r.best_of),
    players: [r.h1, r.h2, r.a1, r.a2].filter((p): p is string => p !== null),
    feeders: r.stage !== "knockout" ? [] : [
      ...(r.home_entry_id === null ? feedersOf(r, 2 * Number(r.bracket_pos)) : []),
      ...(r.away_entry_id === null ? feedersOf(r, 2 * Number(r.bracket_pos) + 1) : []),
    ],
  }));
  for (const m of over.matches) matches.push(m);
  const estimates = estimateStarts(matches, {
    durationMs: defaultDurationMs,
    bufferMs: DEFAULT_BUFFER_MS,
    restMs: DEFAULT_REST_MS,
    now: now.getTime(),
  });
  await trx.updateTable("events").set({ estimates_at: now.toISOString() }).where("id", "=", eventId)
    .execute();
  const changed = new Set<string>();
  for (const r of rows) {
    // Kept only when the day moved it: on time, the planned time says it (domain/estimated_starts.ts).
    const estimate = estimates.get(r.id);
    const onTime = estimate === undefined || estimate === parsed(r.scheduled_at);
    const next = onTime ? null : new Date(estimate).toISOString();
    if (next === r.estimated_start) continue;
    await trx.updateTable("matches")
      .set({ estimated_start: next, updated_at: laterThan(r.updated_at, now) })
      .where("id", "=", r.id).execute();
    changed.add(r.subevent_id);
  }
  return [...changed];
}
