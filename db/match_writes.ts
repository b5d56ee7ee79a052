/**
 * The one write path for a match: start, point, undo, correct a finished game, walkover, retirement,
 * disqualification, table and time. Each write is one transaction: the new match state (derived by
 * domain/scoring and domain/match_status), the revision bump and every consequence (knockout advancement,
 * prediction outcome, ratings) commit together or not at all. The umpire's page, the management API, the demo
 * simulation and the calibration replay all come through here.
 */
import type { Kysely, Transaction } from "kysely";
import {
  assertCanEnterResult,
  MatchStatusError,
  type MatchStatusRecord,
  playHasBegun,
  reopenDecision,
  reopensTo,
  scheduledMatch,
  settleFromScore,
  startMatch,
  walkover,
} from "../domain/match_status.ts";
import { replayUmpire, type UmpireState } from "../domain/match_replay.ts";
import { officiatingView } from "../domain/match_view.ts";
import { resetRefusal } from "../domain/match_reset.ts";
import { type RecordChange, type ScoringAction, scoringStep } from "../domain/scoring_step.ts";
import { pointsForResult, ScoringError, type Side } from "../domain/scoring.ts";
import { assertDoublesOrder, type PlayerSlot } from "../domain/service_order.ts";
import { nextSlot } from "../domain/bracket.ts";
import { fillGroupQualifiers } from "./draw_writes.ts";
import { pruneKeys, rememberKey, rememberRefusal, seenKey } from "./idempotency_keys.ts";
import { putIntoKnockoutMatch } from "./knockout_sides.ts";
import { capitalised, matchWords } from "./match_naming.ts";
import {
  lockManageMatch,
  manageMatchOf,
  type ManageMatchRecord,
  scoringMatchOf,
  type ScoringMatchRecord,
  storedMatchOf,
} from "./read_manage.ts";
import { callRefusal } from "../domain/table_call.ts";
import { skipRefusal } from "../domain/skipped_match.ts";
import { freezePrediction, settlePredictionOutcome } from "./predictions_store.ts";
import { withdrawConfirmation } from "./result_confirmation.ts";
import { eventIsRated, rateDecidedMatch, rebuildRatings } from "./ratings_store.ts";
import { bumpRevision } from "./revision.ts";
import type { Database, MatchRow } from "./schema.ts";
import type { Store } from "./store.ts";
import {
  incidentDetail,
  isDoubles,
  loadUmpireRecord,
  replayedPoints,
  type StoredRecord,
  umpireFormat,
  type UmpireSetup,
} from "./umpire_record.ts";
import { WriteError } from "./write_errors.ts";
import { estimateTrigger, refreshEstimates, refreshEstimatesOncePerMinute } from "./estimate_writes.ts";
import { isTieOfTeams, settleTie } from "./tie_writes.ts";
import { writeTransaction } from "./write_transaction.ts";

type Trx = Transaction<Database>;

/** What a write does to a match. */
export type MatchAction =
  /**
   * Play begins: the side serving first (by lot, Law 2.13.1), the side on the umpire's left in game 1 (home when
   * not said), and in doubles the first server and receiver of game 1 (Law 2.13.4), when named.
   */
  | { type: "start"; firstServer: Side; left?: Side; server?: PlayerSlot; receiver?: PlayerSlot }
  /** An umpire's action on a match in play (a point, an undo, an incident, a retirement: domain/scoring_step.ts). */
  | ScoringAction
  /** This device scores the match from now on (another held it). */
  | { type: "takeover" }
  | { type: "walkover"; winner: Side }
  | { type: "result"; games: { home: number; away: number }[] }
  | { type: "assign"; tableNo?: number | null; scheduledAt?: string | null }
  /** The desk calls the players to the match's table (it has one and has not started). */
  | { type: "call" }
  /** The desk sets a match started by mistake back to not started (no point scored: domain/match_reset.ts). */
  | { type: "reset"; discardPoints?: boolean }
  /** The desk sets a match not begun aside for now (a player late or absent), or takes that back. */
  | { type: "skip" }
  | { type: "unskip" }
  /** The desk puts the match on the event's featured overlay, or takes it off. */
  | { type: "feature" }
  | { type: "unfeature" };

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
  /**
   * The device the umpire scores on (the umpire's page sends a random id it keeps) and its token's label: the
   * first device to score a match holds it, and another one's umpire actions are refused until it takes the
   * match over. Writes without a device (the desk, scripts, the demo) are not bound by it.
   */
  device?: { id: string; label: string };
  /**
   * The caller's check of the match before anything is written (a token's scope), given the locked match or
   * undefined when it does not exist: it throws to refuse.
   */
  scope?: (match: ManageMatchRecord | undefined) => void;
}

/** The umpire's actions, which the device holding a match alone may send (`WriteContext.device`). */
export const UMPIRE_ACTION_TYPES = [
  "start",
  "point",
  "undo",
  "correct",
  "timeout",
  "resume",
  "card",
  "expedite",
  "order",
] as const satisfies readonly MatchAction["type"][];

const UMPIRE_ACTIONS: ReadonlySet<MatchAction["type"]> = new Set(UMPIRE_ACTION_TYPES);

/**
 * The desk's placing of a match (its table and time, calling it there): a change of place never changes what a
 * scoring action was based on, nor the reverse (`otherKindSince`).
 */
const DESK_ACTIONS: ReadonlySet<string> = new Set([
  "assign",
  "call",
  "skip",
  "unskip",
  "feature",
  "unfeature",
]);

/** What may be done to a tie itself (db/tie_writes.ts), whose result follows its matches: place it, award it. */
const TIE_ACTIONS: ReadonlySet<string> = new Set([
  ...DESK_ACTIONS,
  "walkover",
  "disqualify",
  "reopen",
  "reset",
]);

export interface WriteResult {
  match: MatchRow;
  /** True when the idempotency key had been seen: nothing was written. */
  replayed: boolean;
  /**
   * The match as the umpire's page replays it after the write (`readScoringMatch` would read the same), when
   * the write holds all of it: a write within a match in play that changed nothing else (a point, mostly).
   */
  answer?: ScoringMatchRecord;
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
    const code = e instanceof MatchStatusError ? "match-state" : e instanceof ScoringError ? "scoring" : null;
    if (code === null) throw e;
    const refusal = new WriteError(code, (e as Error).message);
    // The rules refused it at this point of the match: a repeat of the key (an answer lost) is refused alike.
    const key = keyOf(matchId, ctx);
    if (key) {
      await writeTransaction(
        store.db,
        (trx) =>
          rememberRefusal(trx, key, actionFingerprint(action), { code, message: refusal.message }, ctx.now),
      );
    }
    throw refusal;
  }
}

/** The stored idempotency key of a write: the match, the key's owner and the key; undefined without a key. */
function keyOf(matchId: string, ctx: WriteContext): string | undefined {
  const owner = ctx.idempotencyOwner === undefined ? "" : `${ctx.idempotencyOwner}:`;
  return ctx.idempotencyKey ? `${matchId}:${owner}${ctx.idempotencyKey}` : undefined;
}

/** One action of a batch and the idempotency key it was queued with. */
export interface BatchItem {
  key: string;
  action: MatchAction;
}

/** What became of an action of a batch: written, already written (its key seen), refused, or not tried. */
export interface BatchOutcome {
  key: string;
  status: "applied" | "replayed" | "refused" | "skipped";
  /** Why it was refused or skipped: the refusal's code and message. */
  code?: string;
  detail?: string;
}

/** What a batch did: each action's outcome, and the match as its last write left it when that write held it. */
export interface BatchResult {
  outcomes: BatchOutcome[];
  answer?: ScoringMatchRecord;
}

/**
 * Refusals that mean the queued actions were based on a match that has changed under them (another device or the
 * desk wrote it, or took it over): the actions after one are not tried.
 */
const CONFLICTS: ReadonlySet<string> = new Set([
  "stale-revision",
  "match-held",
  "not-found",
  "sides-unknown",
]);

/**
 * Writes an umpire's queued actions in order, each as its own write with its own idempotency key, each based on
 * the match as the one before left it (`ctx.expectedRevision` names what the first was based on). An action the
 * rules refuse (an undo with nothing to undo, a point after the match was decided) is refused alone and the
 * next is tried; a conflict (`CONFLICTS`) refuses that action and skips the rest. Never throws a `WriteError`:
 * each action's outcome says what became of it.
 */
export async function writeMatchBatch(
  store: Store,
  matchId: string,
  items: readonly BatchItem[],
  ctx: WriteContext,
): Promise<BatchResult> {
  const outcomes: BatchOutcome[] = [];
  let expected = ctx.expectedRevision;
  let conflict: WriteError | null = null;
  let answer: ScoringMatchRecord | undefined;
  // The caller's check refuses the whole batch, as it would a single write.
  let refusedByScope: unknown;
  const scope = ctx.scope && ((match: ManageMatchRecord | undefined) => {
    try {
      ctx.scope!(match);
    } catch (e) {
      refusedByScope = e;
      throw e;
    }
  });
  for (const { key, action } of items) {
    if (conflict) {
      outcomes.push({ key, status: "skipped", code: conflict.code, detail: conflict.message });
      continue;
    }
    try {
      const result = await writeMatch(store, matchId, action, {
        ...ctx,
        idempotencyKey: key,
        ...(expected === undefined ? {} : { expectedRevision: expected }),
        ...(scope ? { scope } : {}),
      });
      expected = result.match.revision;
      answer = result.answer;
      outcomes.push({ key, status: result.replayed ? "replayed" : "applied" });
    } catch (e) {
      if (!(e instanceof WriteError) || e === refusedByScope) throw e;
      outcomes.push({ key, status: "refused", code: e.code, detail: e.message });
      // A refusal by the rules wrote nothing; a conflict says the match moved under the batch.
      if (CONFLICTS.has(e.code)) {
        conflict = e;
        answer = undefined;
      }
    }
  }
  return { outcomes, ...(answer ? { answer } : {}) };
}

/**
 * Applies an action to a match inside the caller's transaction (`writeMatch` runs it in its own; a withdrawal's
 * walkovers in theirs, db/entry_writes.ts); the rules' refusals are thrown as they are.
 */
export async function writeInTransaction(
  trx: Trx,
  dialect: Store["dialect"],
  matchId: string,
  action: MatchAction,
  ctx: WriteContext,
): Promise<WriteResult> {
  const now = ctx.now.toISOString();
  const key = keyOf(matchId, ctx);
  let locked = await lockManageMatch(trx, dialect, matchId, key);
  // On PostgreSQL a row replaced while this write waited for its lock (a re-import deletes the event's matches
  // and inserts them again, same ids) reads as gone to the waiting statement; the next statement sees the new
  // row, as SQLite, which serialises the two writes, always does.
  if (!locked && dialect === "postgres") locked = await lockManageMatch(trx, dialect, matchId, key);
  ctx.scope?.(locked && manageMatchOf(locked, locked));
  if (!locked) throw new WriteError("not-found", `Match "${matchId}" does not exist`);
  const before = storedMatchOf(locked);
  // The match in words, as the refusals name it (before this write changes it).
  const named = matchWords(manageMatchOf(locked, before));
  const request = actionFingerprint(action);
  if (key) {
    const seen = seenKey(locked, ctx.now);
    if (seen) {
      if (seen.request !== null && seen.request !== request) {
        throw new WriteError(
          "idempotency-key-reused",
          `Cannot reuse "Idempotency-Key" "${ctx.idempotencyKey}": it was first sent with another request ` +
            `(${seen.request}), not this one (${request}); a new request needs a new key`,
        );
      }
      if (seen.refusal) throw new WriteError(seen.refusal.code, seen.refusal.message);
      return { match: before, replayed: true };
    }
  }
  if (
    ctx.expectedRevision !== undefined && ctx.expectedRevision !== before.revision &&
    !await otherKindSince(trx, matchId, DESK_ACTIONS.has(action.type), ctx.expectedRevision, before.revision)
  ) {
    throw new WriteError(
      "stale-revision",
      `${capitalised(named)} is at revision ${before.revision}, not ${ctx.expectedRevision}: ` +
        "it changed since it was read",
      before,
    );
  }
  if (ctx.device && UMPIRE_ACTIONS.has(action.type)) {
    assertHolds(before, ctx.device.id, named);
  }
  if (action.type === "takeover" && !ctx.device) {
    throw new WriteError(
      "no-device",
      `Cannot take over ${named}: the request names no device`,
    );
  }
  if (!TIE_ACTIONS.has(action.type) && isTieOfTeams(before, locked.kind)) {
    throw new WriteError(
      "match-state",
      `Cannot ${action.type} ${named}: it is a tie of a team event, whose matches are ` +
        "scored one by one (a walkover, a disqualification or taking them back aside)",
    );
  }
  const applied = await apply(trx, before, action, now, {
    named,
    categoryKind: locked.kind,
    actor: ctx.actor,
  });
  let next = applied.row;
  if (
    ctx.device &&
    (action.type === "takeover" || (UMPIRE_ACTIONS.has(action.type) && next.scorer_device === null))
  ) {
    next = await save(trx, next, {
      scorer_device: ctx.device.id,
      scorer_label: ctx.device.label,
      scorer_since: now,
    });
  }
  const rated = await consequences(trx, before, next, now);
  // The desk took the result back: the umpire confirms it again when the match ends again.
  if (locked.confirmed_by !== null && next.status !== "completed") await withdrawConfirmation(trx, matchId);
  // Every consequence of a match write (advancement, group qualifiers) stays in the match's category; a point
  // (most writes) changes no rating, so the rankings keep their version, and few rated matches add a player.
  // No match write changes the roster: an entry it moves into a later match was public already (a side of the
  // match it won, or a member of its group).
  // A match begun, ended, moved or called (or running long) moves the estimated starts of the matches after it,
  // in any category of the event.
  const trigger = estimateTrigger(before, next, next.best_of, ctx.now);
  const moved = trigger === "moved"
    ? await refreshEstimates(trx, before.event_id, ctx.now)
    : trigger === "overrun"
    ? await refreshEstimatesOncePerMinute(trx, before.event_id, ctx.now)
    : [];
  // A write within a match in play (a point, a time-out, a card, an undo within it) changes that match alone.
  const alone = before.status === "in_progress" && next.status === "in_progress" && moved.length === 0;
  await bumpRevision(trx, before.event_id, [...new Set([before.subevent_id, ...moved])], {
    rankingsUnchanged: rated === "none",
    listingUnchanged: rated !== "added",
    rosterUnchanged: true,
    ...(alone ? { onlyMatches: [matchId] } : {}),
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
  if (key) await rememberKey(trx, key, request, next.revision, ctx.now);
  if (!alone) await pruneKeys(trx, dialect, ctx.now);
  const answer = alone && trigger === null && applied.record
    ? scoringMatchOf(manageMatchOf(locked, next), applied.record)
    : undefined;
  return { match: next, replayed: false, ...(answer ? { answer } : {}) };
}

/**
 * What a write replaced, for the audit log to tell the story: the table and time before an assignment, the game's
 * score before a correction; nothing for the others (their effect is the action itself).
 */
function wasBefore(before: MatchRow, action: MatchAction): { was?: Record<string, unknown> } {
  if (action.type === "takeover") {
    return { was: { scorer: before.scorer_label, since: before.scorer_since } };
  }
  if (action.type === "assign") {
    return { was: { tableNo: before.table_no, scheduledAt: before.scheduled_at } };
  }
  if (action.type === "reset") {
    return {
      was: {
        status: before.status,
        firstServer: before.first_server,
        startedAt: before.started_at,
        scorer: before.scorer_label,
        // The points discarded, so that the audit keeps the score the match had.
        ...(action.discardPoints
          ? { games: storedGames(before), current: [before.current_home, before.current_away] }
          : {}),
      },
    };
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
    if (DESK_ACTIONS.has(row.action.slice("match.".length)) === assigning) return false;
    others.add(revision);
  }
  return others.size === current - since;
}

/**
 * Refuses an umpire's action from a device other than the one holding the match (409 `match-held`, with who
 * holds it and since when): a match is scored on one device at a time, and taken over explicitly.
 */
function assertHolds(m: MatchRow, device: string, named: string): void {
  if (m.scorer_device === null || m.scorer_device === device) return;
  throw new WriteError(
    "match-held",
    `${capitalised(named)} is scored on another device ("${
      m.scorer_label ?? "?"
    }", since ${m.scorer_since}): take it ` +
      `over to score it here`,
  );
}

/**
 * The match's record as stored; a result entered as game scores (an import) with no rallies recorded gets the
 * rallies that replay to it first, so that the umpire can go on scoring, undo or correct it like any other match.
 */
async function loadRecord(trx: Trx, m: MatchRow, now: string): Promise<StoredRecord> {
  const stored = await loadUmpireRecord(trx, m.id);
  // Penalty points score without rallies: only a record with nothing in it can stand for an imported score.
  if (stored.record.points.length > 0 || stored.record.incidents.length > 0) return stored;
  const points = replayedPoints({
    games: storedGames(m),
    current: { home: m.current_home, away: m.current_away },
    bestOf: m.best_of,
    firstServer: m.first_server as Side | null,
  });
  if (points.length === 0) return stored;
  await trx.insertInto("match_points").values(
    points.map((side, i) => ({ match_id: m.id, seq: i + 1, side, created_at: now })),
  ).execute();
  return { ...stored, record: { ...stored.record, points, pointTimes: points.map(() => now) } };
}

/** The umpire's choices at the start, kept on the match; the doubles order is checked against the first server. */
function startSetup(action: Extract<MatchAction, { type: "start" }>, doubles: boolean): UmpireSetup {
  const named = action.server !== undefined || action.receiver !== undefined;
  if (named && !doubles) {
    throw new ScoringError(
      "Cannot start the match: the first server and receiver players are named in doubles only",
    );
  }
  if (named && (action.server === undefined || action.receiver === undefined)) {
    throw new ScoringError(
      "Cannot start the match: name both the first server and the first receiver, or neither",
    );
  }
  const order = named ? { server: action.server!, receiver: action.receiver! } : null;
  if (order) assertDoublesOrder(order, action.firstServer, 1);
  return { left: action.left ?? "home", order };
}

/** What a match that goes back to not started forgets of its start: the server, the umpire's choices, the device. */
const NOT_STARTED = {
  first_server: null,
  umpire_setup: null,
  scorer_device: null,
  scorer_label: null,
  scorer_since: null,
  started_at: null,
  completed_at: null,
} as const satisfies Partial<MatchRow>;

/** What the write knows of the match besides its row: its name in refusals, its category's kind. */
interface MatchAbout {
  named: string;
  categoryKind: string;
  /** Who writes (the token's label): an undone incident is marked with it. */
  actor: string;
}

/** The match's row after an action, and its umpire record when the action read it and knows it whole. */
interface Applied {
  row: MatchRow;
  record?: StoredRecord["record"];
}

async function apply(
  trx: Trx,
  m: MatchRow,
  action: MatchAction,
  now: string,
  about: MatchAbout,
): Promise<Applied> {
  const bumped = { revision: m.revision + 1, updated_at: now };
  if (action.type === "assign") {
    // Placed by hand: a plan made again keeps it where the desk put it.
    const patch: Partial<MatchRow> = { ...bumped, planned: 0 };
    if (action.tableNo !== undefined) patch.table_no = action.tableNo;
    // Called to one table, moved to another: the players must be called again.
    if (action.tableNo !== undefined && action.tableNo !== m.table_no) patch.called_at = null;
    if (action.scheduledAt !== undefined) patch.scheduled_at = action.scheduledAt;
    return { row: await save(trx, m, patch) };
  }
  if (action.type === "takeover") return { row: await save(trx, m, bumped) };
  if (action.type === "call") {
    const refusal = callRefusal({ status: m.status, tableNo: m.table_no });
    if (refusal) {
      throw new WriteError(
        "match-state",
        `Cannot call ${about.named} to its table: ${refusal}`,
      );
    }
    return { row: await save(trx, m, { ...bumped, called_at: now }) };
  }
  if (action.type === "reset") {
    return { row: await resetMatch(trx, m, now, action.discardPoints === true, about.named) };
  }
  if (action.type === "feature" || action.type === "unfeature") {
    // The event names its featured match; taking a match off that is not on it changes nothing there.
    const query = trx.updateTable("events").where("id", "=", m.event_id);
    await (action.type === "feature"
      ? query.set({ featured_match_id: m.id })
      : query.set({ featured_match_id: null }).where("featured_match_id", "=", m.id)).execute();
    return { row: await save(trx, m, bumped) };
  }
  if (action.type === "skip" || action.type === "unskip") {
    const skip = action.type === "skip";
    const refusal = skipRefusal({ status: m.status, skippedAt: m.skipped_at }, skip);
    if (refusal) {
      throw new WriteError("match-state", `Cannot ${action.type} ${about.named}: ${refusal}`);
    }
    // Set aside, its players are no longer called to the table: they did not come.
    return {
      row: await save(
        trx,
        m,
        skip ? { ...bumped, skipped_at: now, called_at: null } : { ...bumped, skipped_at: null },
      ),
    };
  }
  if (!m.home_entry_id || !m.away_entry_id) {
    throw new WriteError(
      "sides-unknown",
      `${capitalised(about.named)} cannot be played yet: its two sides are not known`,
    );
  }
  let record = statusRecord(m);
  const doubles = isDoubles(about.categoryKind, m.tie_match_type);
  if (action.type === "start") {
    record = startMatch(record);
    const setup = startSetup(action, doubles);
    const row = { ...m, first_server: action.firstServer, umpire_setup: JSON.stringify(setup) };
    const state = replayUmpire({ points: [] }, umpireFormat(row, doubles));
    return {
      row: await save(trx, m, {
        ...columnsOf(record, m, state),
        first_server: action.firstServer,
        umpire_setup: row.umpire_setup,
        started_at: now,
        ...bumped,
      }),
    };
  }
  if (action.type === "walkover") {
    record = walkover(record, action.winner);
    return { row: await save(trx, m, { ...columnsOf(record, m, null), completed_at: now, ...bumped }) };
  }
  const played = playHasBegun({ firstServer: m.first_server });
  if (action.type === "reopen" && reopensTo(record, played) === "scheduled") {
    record = reopenDecision(record, played);
    return {
      row: await save(trx, m, {
        ...columnsOf(record, m, null),
        ...NOT_STARTED,
        ...bumped,
      }),
    };
  }
  if (action.type === "result") return { row: await enterResult(trx, m, record, action.games, now) };
  const stored = await loadRecord(trx, m, now);
  const step = scoringStep(
    { status: record, record: stored.record, format: umpireFormat(m, doubles), now },
    action,
  );
  await storeChange(trx, m, stored, step.change, now, about.actor);
  const completedNow = step.status.status === "completed";
  const row = await save(trx, m, {
    ...columnsOf(step.status, m, step.state),
    started_at: m.started_at ?? (step.status.status === "scheduled" ? null : now),
    completed_at: completedNow ? (m.status === "completed" ? m.completed_at : now) : null,
    ...bumped,
  });
  return step.record ? { row, record: step.record } : { row };
}

/** Makes in the store the change a scoring step made to the match's record (domain/scoring_step.ts). */
async function storeChange(
  trx: Trx,
  m: MatchRow,
  stored: StoredRecord,
  change: RecordChange,
  now: string,
  actor: string,
) {
  const points = stored.record.points.length;
  switch (change.type) {
    case "add-point":
      await trx.insertInto("match_points").values({
        match_id: m.id,
        seq: points + 1,
        side: change.side,
        created_at: now,
      })
        .execute();
      return;
    case "remove-point":
      await trx.deleteFrom("match_points").where("match_id", "=", m.id).where("seq", "=", points).execute();
      return;
    case "remove-incident": {
      const ref = stored.refs.at(-1)!;
      // An umpire's incident is kept, marked undone, for the referee's list; a correction's result is in the games.
      if (ref.table === "match_incidents") {
        await trx.updateTable("match_incidents").set({ undone_at: now, undone_by: actor })
          .where("match_id", "=", m.id).where("seq", "=", ref.seq).execute();
      } else {
        await trx.deleteFrom(ref.table).where("match_id", "=", m.id).where("seq", "=", ref.seq).execute();
      }
      return;
    }
    case "add-incident": {
      const { incident } = change;
      const made = { match_id: m.id, after_points: points, action_no: m.revision + 1, created_at: now };
      if (incident.kind === "correction") {
        await trx.insertInto("game_corrections").values({
          ...made,
          seq: stored.nextSeq.game_corrections,
          game: incident.game,
          home: incident.home,
          away: incident.away,
        }).execute();
      } else {
        await trx.insertInto("match_incidents").values({
          ...made,
          seq: stored.nextSeq.match_incidents,
          kind: incident.kind,
          detail: incidentDetail(incident),
        }).execute();
      }
      return;
    }
    case "none":
      return;
  }
}

/**
 * Sets a match started by mistake back to not started (domain/match_reset.ts): no point may have been scored;
 * what the umpire recorded before the first rally (a time-out, a card without penalty points) goes with the
 * start, and so do the first server, the umpire's choices and the scoring device. The call to the table stays.
 */
async function resetMatch(
  trx: Trx,
  m: MatchRow,
  now: string,
  discardPoints: boolean,
  named: string,
): Promise<MatchRow> {
  const stored = await loadUmpireRecord(trx, m.id);
  const refusal = resetRefusal({
    status: m.status,
    points: stored.record.points.length,
    games: storedGames(m).length,
    currentHome: m.current_home,
    currentAway: m.current_away,
  }, discardPoints);
  if (refusal) {
    throw new WriteError(
      "match-state",
      `Cannot set ${named} back to not started: ${refusal}`,
    );
  }
  await trx.deleteFrom("match_incidents").where("match_id", "=", m.id).execute();
  await trx.deleteFrom("game_corrections").where("match_id", "=", m.id).execute();
  if (discardPoints) await trx.deleteFrom("match_points").where("match_id", "=", m.id).execute();
  return await save(trx, m, {
    ...columnsOf(scheduledMatch(), m, null),
    ...NOT_STARTED,
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
  const state = replayUmpire({ points }, format);
  await trx.deleteFrom("match_points").where("match_id", "=", m.id).execute();
  await trx.deleteFrom("game_corrections").where("match_id", "=", m.id).execute();
  await trx.deleteFrom("match_incidents").where("match_id", "=", m.id).execute();
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

function columnsOf(record: MatchStatusRecord, m: MatchRow, state: UmpireState | null): Partial<MatchRow> {
  const winner = record.winner === null ? null : record.winner === "home" ? m.home_entry_id : m.away_entry_id;
  // A retirement or disqualification during a game keeps that game's score as it stood: the overlays show it.
  const cut = record.resultReason === "retired" || record.resultReason === "disqualified";
  const points = state && (record.status === "in_progress" || cut) ? state.currentGame : { home: 0, away: 0 };
  return {
    status: record.status,
    result_reason: record.resultReason,
    retirement_after_game: record.retirementAfterGame,
    winner_entry_id: winner,
    games: state ? JSON.stringify(state.gameScores.map((g) => [g.home, g.away])) : "[]",
    current_home: points.home,
    current_away: points.away,
    server: state && record.status === "in_progress" ? state.server : null,
    umpire: state ? JSON.stringify(officiatingView(state)) : null,
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
  // A match of a tie moves the tie's score, and its end may decide the tie (db/tie_writes.ts).
  if (after.tie_id && (before.status !== after.status || before.winner_entry_id !== after.winner_entry_id)) {
    await settleTie(trx, after.tie_id, now);
  }
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
  await putIntoKnockoutMatch(
    trx,
    m.subevent_id,
    nextSlot(m.round_no, m.bracket_pos),
    entryId,
    now,
    (next) => `Cannot change the result: the next match ${next.named} has already started; ${next.remedy}`,
  );
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
