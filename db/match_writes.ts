/**
 * The one write path for a match: start, point, undo, correct a finished game, walkover, retirement,
 * disqualification, table and time. Each write is one transaction: the new match state (derived by
 * domain/scoring and domain/match_status), the revision bump and every consequence (knockout advancement,
 * prediction outcome, ratings) commit together or not at all. The umpire's page, the management API, the demo
 * simulation and the calibration replay all come through here.
 */
import type { Kysely, Transaction } from "kysely";
import {
  assertCanCorrect,
  assertCanEnterResult,
  assertCanRecordPoint,
  assertCanUndo,
  assertResultStands,
  disqualify,
  MatchStatusError,
  type MatchStatusRecord,
  reopenDecision,
  reopensTo,
  retire,
  settleFromScore,
  startMatch,
  walkover,
} from "../domain/match_status.ts";
import {
  type GameCorrection,
  type MatchState,
  pointsForResult,
  pointsForScores,
  scoreMatch,
  ScoringError,
  type Side,
  undoLastAction,
} from "../domain/scoring.ts";
import { nextSlot } from "../domain/bracket.ts";
import { fillGroupQualifiers } from "./draw_writes.ts";
import { findKey, rememberKey } from "./idempotency_keys.ts";
import { freezePrediction, settlePredictionOutcome } from "./predictions_store.ts";
import { eventIsRated, rateDecidedMatch, rebuildRatings } from "./ratings_store.ts";
import { bumpRevision } from "./revision.ts";
import type { Database, MatchRow } from "./schema.ts";
import type { Store } from "./store.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

type Trx = Transaction<Database>;

/** What a write does to a match. */
export type MatchAction =
  | { type: "start"; firstServer: Side }
  | { type: "point"; side: Side }
  | { type: "undo" }
  | { type: "correct"; game: number; home: number; away: number }
  | { type: "walkover"; winner: Side }
  | { type: "retire"; side: Side }
  | { type: "disqualify"; side: Side }
  | { type: "reopen" }
  | { type: "result"; games: { home: number; away: number }[] }
  | { type: "assign"; tableNo?: number | null; scheduledAt?: string | null };

export interface WriteContext {
  /** Who writes (a token's label), for the audit log. */
  actor: string;
  now: Date;
  /** The match revision the write was based on; a different current revision is a 409. */
  expectedRevision?: number;
  /**
   * A key that makes a repeated request apply once (the first answer is returned again), as the client sent
   * it; the same key with another action is refused (422 `idempotency-key-reused`).
   */
  idempotencyKey?: string;
  /** Whose keys these are (the management API passes the token's id): keys of different owners never meet. */
  idempotencyOwner?: string;
}

export interface WriteResult {
  match: MatchRow;
  /** True when the idempotency key had been seen: nothing was written. */
  replayed: boolean;
}

const sideOf = (m: MatchRow, entryId: string | null): Side | null =>
  entryId === null
    ? null
    : entryId === m.home_entry_id
    ? "home"
    : entryId === m.away_entry_id
    ? "away"
    : null;

function statusRecord(m: MatchRow): MatchStatusRecord {
  return {
    status: m.status as MatchStatusRecord["status"],
    resultReason: m.result_reason as MatchStatusRecord["resultReason"],
    winner: sideOf(m, m.winner_entry_id),
    retirementAfterGame: m.retirement_after_game,
  };
}

/**
 * The fingerprint of a write for its idempotency key: the action and its fields (the route and the body), in
 * a fixed order. The revision is left out: it is the write's precondition, not what it does, and a retry may
 * name a newer one (the umpire's page sends the revision it knows when it sends).
 * @example actionFingerprint({ type: "point", side: "home" }) // '{"type":"point","side":"home"}'
 */
export function actionFingerprint(action: MatchAction): string {
  const { type, ...fields } = action;
  const sorted = Object.keys(fields).sort().map((k) => [k, (fields as Record<string, unknown>)[k]]);
  return JSON.stringify({ type, ...Object.fromEntries(sorted) });
}

function storedGames(m: MatchRow): { home: number; away: number }[] {
  return (JSON.parse(m.games) as [number, number][]).map(([home, away]) => ({ home, away }));
}

/** Applies an action to a match in one transaction and returns the new row. */
export async function writeMatch(
  store: Store,
  matchId: string,
  action: MatchAction,
  ctx: WriteContext,
): Promise<WriteResult> {
  try {
    return await writeTransaction(
      store.db,
      (trx) => writeInTransaction(trx, store.dialect, matchId, action, ctx),
    );
  } catch (e) {
    if (e instanceof MatchStatusError) throw new WriteError(409, "match-state", e.message);
    if (e instanceof ScoringError) throw new WriteError(409, "scoring", e.message);
    throw e;
  }
}

async function lockMatch(
  trx: Trx,
  dialect: Store["dialect"],
  matchId: string,
): Promise<MatchRow | undefined> {
  const q = trx.selectFrom("matches").selectAll().where("id", "=", matchId);
  // SQLite serialises writers already; PostgreSQL needs the row lock so that two scorers queue up.
  return await (dialect === "postgres" ? q.forUpdate() : q).executeTakeFirst();
}

async function writeInTransaction(
  trx: Trx,
  dialect: Store["dialect"],
  matchId: string,
  action: MatchAction,
  ctx: WriteContext,
): Promise<WriteResult> {
  const now = ctx.now.toISOString();
  let before = await lockMatch(trx, dialect, matchId);
  // On PostgreSQL a row replaced while this write waited for its lock (a re-import deletes the event's matches
  // and inserts them again, same ids) reads as gone to the waiting statement; the next statement sees the new
  // row, as SQLite, which serialises the two writes, always does.
  if (!before && dialect === "postgres") before = await lockMatch(trx, dialect, matchId);
  if (!before) throw new WriteError(404, "not-found", `Match "${matchId}" does not exist`);
  const owner = ctx.idempotencyOwner === undefined ? "" : `${ctx.idempotencyOwner}:`;
  const key = ctx.idempotencyKey ? `${matchId}:${owner}${ctx.idempotencyKey}` : undefined;
  const request = actionFingerprint(action);
  if (key) {
    const seen = await findKey(trx, key, ctx.now);
    if (seen) {
      if (seen.request !== null && seen.request !== request) {
        throw new WriteError(
          422,
          "idempotency-key-reused",
          `Cannot reuse "Idempotency-Key" "${ctx.idempotencyKey}": it was first sent with another request ` +
            `(${seen.request}), not this one (${request}); a new request needs a new key`,
        );
      }
      return { match: before, replayed: true };
    }
  }
  if (
    ctx.expectedRevision !== undefined && ctx.expectedRevision !== before.revision &&
    !await otherKindSince(trx, matchId, action.type === "assign", ctx.expectedRevision, before.revision)
  ) {
    throw new WriteError(
      409,
      "stale-revision",
      `Match "${matchId}" is at revision ${before.revision}, not ${ctx.expectedRevision}`,
      before,
    );
  }
  const next = await apply(trx, before, action, now);
  const rated = await consequences(trx, before, next, now);
  // Every consequence of a match write (advancement, group qualifiers) stays in the match's category; a point
  // (most writes) changes no rating, so the rankings keep their version, and few rated matches add a player.
  // No match write changes the roster: an entry it moves into a later match was public already (a side of the
  // match it won, or a member of its group).
  await bumpRevision(trx, before.event_id, [before.subevent_id], {
    rankingsUnchanged: rated === "none",
    listingUnchanged: rated !== "added",
    rosterUnchanged: true,
  });
  await trx.insertInto("audit_log").values({
    id: crypto.randomUUID(),
    at: now,
    token_label: ctx.actor,
    action: `match.${action.type}`,
    event_id: before.event_id,
    match_id: matchId,
    detail: JSON.stringify({
      action,
      revision: next.revision,
      status: next.status,
      ...wasBefore(before, action),
    }),
  }).execute();
  if (key) await rememberKey(trx, dialect, key, request, next.revision, ctx.now);
  return { match: next, replayed: false };
}

/**
 * What a write replaced, for the audit log to tell the story: the table and time before an assignment, the game's
 * score before a correction; nothing for the others (their effect is the action itself).
 */
function wasBefore(before: MatchRow, action: MatchAction): { was?: Record<string, unknown> } {
  if (action.type === "assign") {
    return { was: { tableNo: before.table_no, scheduledAt: before.scheduled_at } };
  }
  if (action.type === "correct") {
    const game = storedGames(before)[action.game - 1];
    return { was: { game: action.game, home: game?.home ?? null, away: game?.away ?? null } };
  }
  return {};
}

/**
 * Whether every write to the match after revision `since` up to `current` was of the other kind than this one:
 * only assignments (table or time) before a scoring action, only scoring before an assignment. Neither changes
 * what the other was based on, so an umpire's tap sent with the revision it saw before the desk moved the match
 * to another table is still right, and so is the desk's move made while the umpire scored. Every match write
 * leaves an audit row with the revision it made (above); a revision with no such row (an advancement into the
 * match) counts as a change.
 */
async function otherKindSince(
  trx: Trx,
  matchId: string,
  assigning: boolean,
  since: number,
  current: number,
): Promise<boolean> {
  if (since > current || current - since > 50) return false;
  // All of the match's writes (a few hundred at most, read only when a revision is stale): their time alone
  // cannot order writes made in the same millisecond.
  const rows = await trx.selectFrom("audit_log").select(["action", "detail"]).where("match_id", "=", matchId)
    .where("action", "like", "match.%").execute();
  const others = new Set<number>();
  for (const row of rows) {
    const revision = (JSON.parse(row.detail) as { revision?: unknown }).revision;
    if (typeof revision !== "number" || revision <= since) continue;
    if ((row.action === "match.assign") === assigning) return false;
    others.add(revision);
  }
  return others.size === current - since;
}

/**
 * The points of a result entered as game scores (an import) with no points recorded: those that replay to it, so
 * that the umpire can go on scoring, undo or correct it like any other match. None for a match not begun.
 */
export function replayedPoints(m: {
  games: readonly { home: number; away: number }[];
  current: { home: number; away: number };
  bestOf: number;
  firstServer: Side | null;
}): Side[] {
  if (m.games.length === 0 && m.current.home + m.current.away === 0) return [];
  return pointsForScores(m.games, m.current, { bestOf: m.bestOf, firstServer: m.firstServer ?? "home" });
}

/** A stored correction with its place in the order the match's corrections were made. */
type StoredCorrection = GameCorrection & { seq: number };

/** Every correction of a match in the order made; `afterPoints` is absent for one made before it was kept. */
export async function loadCorrections(
  db: Kysely<Database> | Trx,
  matchId: string,
): Promise<StoredCorrection[]> {
  const rows = await db.selectFrom("game_corrections").select(["seq", "game", "home", "away", "after_points"])
    .where("match_id", "=", matchId).orderBy("seq").execute();
  return rows.map((r) => ({
    seq: Number(r.seq),
    game: Number(r.game),
    home: Number(r.home),
    away: Number(r.away),
    ...(r.after_points === null ? {} : { afterPoints: Number(r.after_points) }),
  }));
}

async function loadRecord(trx: Trx, m: MatchRow, now: string) {
  const pointRows = await trx.selectFrom("match_points").select(["seq", "side"]).where("match_id", "=", m.id)
    .orderBy("seq").execute();
  let points = pointRows.map((p) => p.side as Side);
  const corrections = await loadCorrections(trx, m.id);
  if (points.length === 0) {
    points = replayedPoints({
      games: storedGames(m),
      current: { home: m.current_home, away: m.current_away },
      bestOf: m.best_of,
      firstServer: m.first_server as Side | null,
    });
    if (points.length) {
      await trx.insertInto("match_points").values(
        points.map((side, i) => ({ match_id: m.id, seq: i + 1, side, created_at: now })),
      ).execute();
    }
  }
  return { points, corrections };
}

async function apply(trx: Trx, m: MatchRow, action: MatchAction, now: string): Promise<MatchRow> {
  if (action.type === "assign") {
    const patch: Partial<MatchRow> = { revision: m.revision + 1, updated_at: now };
    if (action.tableNo !== undefined) patch.table_no = action.tableNo;
    if (action.scheduledAt !== undefined) patch.scheduled_at = action.scheduledAt;
    return await save(trx, m, patch);
  }
  if (!m.home_entry_id || !m.away_entry_id) {
    throw new WriteError(
      409,
      "sides-unknown",
      `Match "${m.id}" cannot be played yet: its two sides are not known`,
    );
  }
  let record = statusRecord(m);
  const format = { bestOf: m.best_of, firstServer: (m.first_server as Side | null) ?? "home" };
  if (action.type === "start") {
    record = startMatch(record);
    return await save(trx, m, {
      ...columnsOf(record, m, scoreMatch({ points: [] }, { ...format, firstServer: action.firstServer })),
      first_server: action.firstServer,
      started_at: now,
      revision: m.revision + 1,
      updated_at: now,
    });
  }
  if (action.type === "walkover") {
    record = walkover(record, action.winner);
    return await save(trx, m, {
      ...columnsOf(record, m, null),
      completed_at: now,
      revision: m.revision + 1,
      updated_at: now,
    });
  }
  // Whether play had begun: a start names the first server (a disqualification before play leaves it unset).
  const played = m.first_server !== null;
  if (action.type === "reopen" && reopensTo(record, played) === "scheduled") {
    record = reopenDecision(record, played);
    return await save(trx, m, {
      ...columnsOf(record, m, null),
      first_server: null,
      started_at: null,
      completed_at: null,
      revision: m.revision + 1,
      updated_at: now,
    });
  }
  if (action.type === "result") return await enterResult(trx, m, record, action.games, now);
  const { points, corrections } = await loadRecord(trx, m, now);
  let state: MatchState = scoreMatch({ points, corrections }, format);
  switch (action.type) {
    case "point": {
      assertCanRecordPoint(record);
      state = scoreMatch({ points: [...points, action.side], corrections }, format);
      await trx.insertInto("match_points").values({
        match_id: m.id,
        seq: points.length + 1,
        side: action.side,
        created_at: now,
      }).execute();
      record = settleFromScore(record, state);
      break;
    }
    case "undo": {
      assertCanUndo(record);
      const undo = undoLastAction({ points, corrections }, format);
      state = undo.state;
      if (undo.undone === "point") {
        await trx.deleteFrom("match_points").where("match_id", "=", m.id).where("seq", "=", points.length)
          .execute();
      } else {
        await trx.deleteFrom("game_corrections").where("match_id", "=", m.id)
          .where("seq", "=", corrections.at(-1)!.seq).execute();
      }
      record = settleFromScore(record, state);
      break;
    }
    case "correct": {
      assertCanCorrect(record);
      const correction = {
        game: action.game,
        home: action.home,
        away: action.away,
        afterPoints: points.length,
      };
      // Kept after the others, not in their place: undo takes it back and the earlier one is in force again.
      state = scoreMatch({ points, corrections: [...corrections, correction] }, format);
      // A retired or disqualified match keeps its result: games that would now decide it otherwise are refused.
      assertResultStands(record, state);
      await trx.insertInto("game_corrections").values({
        match_id: m.id,
        seq: (corrections.at(-1)?.seq ?? 0) + 1,
        game: action.game,
        home: action.home,
        away: action.away,
        after_points: points.length,
        created_at: now,
      }).execute();
      if (record.resultReason === null) record = settleFromScore(record, state);
      break;
    }
    case "retire":
      record = retire(record, state, action.side);
      break;
    case "disqualify":
      record = disqualify(record, state, action.side);
      break;
    case "reopen":
      // Play goes on where it stood when the result was given: the points and corrections are all kept.
      record = reopenDecision(record, true);
      break;
  }
  const completedNow = record.status === "completed";
  return await save(trx, m, {
    ...columnsOf(record, m, state),
    started_at: m.started_at ?? (record.status === "scheduled" ? null : now),
    completed_at: completedNow ? (m.status === "completed" ? m.completed_at : now) : null,
    revision: m.revision + 1,
    updated_at: now,
  });
}

/**
 * A whole result keyed in from a score sheet: the match's points become those that replay to the games (the
 * server of game 1 as recorded, else home: a sheet does not say), its corrections go, and the match is completed
 * by the score, from whatever state it was in (scheduled, in progress, or completed by another score).
 */
async function enterResult(
  trx: Trx,
  m: MatchRow,
  current: MatchStatusRecord,
  games: { home: number; away: number }[],
  now: string,
): Promise<MatchRow> {
  assertCanEnterResult(current);
  const firstServer = (m.first_server as Side | null) ?? "home";
  const format = { bestOf: m.best_of, firstServer };
  const points = pointsForResult(games, format);
  const state = scoreMatch({ points }, format);
  await trx.deleteFrom("match_points").where("match_id", "=", m.id).execute();
  await trx.deleteFrom("game_corrections").where("match_id", "=", m.id).execute();
  await trx.insertInto("match_points").values(
    points.map((side, i) => ({ match_id: m.id, seq: i + 1, side, created_at: now })),
  ).execute();
  const record = settleFromScore(current.status === "scheduled" ? startMatch(current) : current, state);
  return await save(trx, m, {
    ...columnsOf(record, m, state),
    first_server: firstServer,
    started_at: m.started_at ?? now,
    completed_at: m.status === "completed" ? m.completed_at : now,
    revision: m.revision + 1,
    updated_at: now,
  });
}

function columnsOf(record: MatchStatusRecord, m: MatchRow, state: MatchState | null): Partial<MatchRow> {
  const winner = record.winner === null ? null : record.winner === "home" ? m.home_entry_id : m.away_entry_id;
  return {
    status: record.status,
    result_reason: record.resultReason,
    retirement_after_game: record.retirementAfterGame,
    winner_entry_id: winner,
    games: state ? JSON.stringify(state.gameScores.map((g) => [g.home, g.away])) : "[]",
    current_home: state && record.status === "in_progress" ? state.currentGame.home : 0,
    current_away: state && record.status === "in_progress" ? state.currentGame.away : 0,
    server: state && record.status === "in_progress" ? state.server : null,
  };
}

async function save(trx: Trx, m: MatchRow, patch: Partial<MatchRow>): Promise<MatchRow> {
  const { id: _id, ...rest } = patch;
  return await trx.updateTable("matches").set(rest).where("id", "=", m.id).returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Advancement, prediction outcome and ratings that follow from a change of result; what it did to the ratings:
 * nothing, changed ratings, or added a player to them (a rebuild counts as that).
 */
async function consequences(
  trx: Trx,
  before: MatchRow,
  after: MatchRow,
  now: string,
): Promise<"none" | "rated" | "added"> {
  const wasDecided = before.status === "completed";
  const isDecided = after.status === "completed";
  // Any change to a decided group match (a correction too) may change who qualifies from a final group.
  if (after.stage === "group" && (wasDecided || isDecided)) {
    await fillGroupQualifiers(trx, after.subevent_id, after.group_id, now);
  }
  const sameWinner = before.winner_entry_id === after.winner_entry_id;
  if (!wasDecided && !isDecided) return "none";
  if (wasDecided && isDecided && sameWinner && before.result_reason === after.result_reason) return "none";
  await settlePredictionOutcome(trx, after);
  if (after.stage === "knockout") {
    if (wasDecided) await setNextSlot(trx, before, null, now);
    if (isDecided) await setNextSlot(trx, after, after.winner_entry_id, now);
  }
  if (!wasDecided) return await rateDecidedMatch(trx, after, now);
  // A hidden event's results are in no rating: nothing to rebuild.
  if (!await eventIsRated(trx, after.event_id)) return "none";
  await rebuildRatings(trx, now);
  return "added";
}

/** Puts (or, with null, takes back) the winner of a knockout match into its slot of the next round. */
async function setNextSlot(trx: Trx, m: MatchRow, entryId: string | null, now: string): Promise<void> {
  const slot = nextSlot(m.round_no, m.bracket_pos);
  const next = await trx.selectFrom("matches").selectAll()
    .where("subevent_id", "=", m.subevent_id).where("stage", "=", "knockout")
    .where("round_no", "=", slot.roundNo).where("bracket_pos", "=", slot.bracketPos).executeTakeFirst();
  if (!next) return;
  const column = slot.side === "home" ? "home_entry_id" : "away_entry_id";
  if (next[column] === entryId) return;
  if (next.status !== "scheduled") {
    throw new WriteError(
      409,
      "next-match-started",
      `Cannot change the result: the next match "${next.label}" (${next.id}) has already started`,
    );
  }
  // The pairing changes, so a prediction frozen for the old pairing no longer describes this match.
  await trx.deleteFrom("predictions").where("match_id", "=", next.id).execute();
  const updated = await trx.updateTable("matches")
    .set({ [column]: entryId, revision: next.revision + 1, updated_at: now })
    .where("id", "=", next.id).returningAll().executeTakeFirstOrThrow();
  await freezePrediction(trx, updated, now);
}

/** Freezes the predictions of every scheduled match of an event whose two sides are known (after an import). */
export async function freezeEventPredictions(db: Kysely<Database> | Trx, eventId: string, now: string) {
  const rows = await db.selectFrom("matches").selectAll().where("event_id", "=", eventId)
    .where("status", "=", "scheduled").where("home_entry_id", "is not", null).where(
      "away_entry_id",
      "is not",
      null,
    )
    .execute();
  for (const m of rows) await freezePrediction(db, m, now);
}
