/**
 * Why the store refuses a write: a code and a sentence, never an HTTP status. The management API maps each code
 * to its status once (api/manage/problem.ts); the commands print the sentence.
 */
import type { BodyReason, ReasonParams } from "./body_reasons.ts";

/** A write that names what does not exist: a match, an event, a category. */
type MissingCode = "not-found";

/** A write whose request is wrong in itself, whatever the store holds. */
type InvalidCode =
  | "invalid-body"
  | "no-device"
  | "invalid-announcement"
  | "invalid-stream"
  | "idempotency-key-reused";

/**
 * A write refused for the state it found: another write came first (a stale revision, a match held by another
 * device) or the rules refuse it at this point (a point after the match, a draw already locked). Reading again
 * shows why; the same request may pass later.
 */
const CONFLICT_CODES = [
  "stale-revision",
  "match-held",
  "sides-unknown",
  "next-match-started",
  "match-state",
  "scoring",
  "draw-locked",
  "draw-started",
  "draw-invalid",
  "draw-incomplete",
  "no-draw",
  "groups-in-play",
  "too-few-entries",
  "duplicate-entry",
  "duplicate-seed",
  "no-qualifiers",
  "group-not-complete",
  "tied-by-lot",
  "draw-draft",
  "match-in-play",
  "reserve-refused",
  "relay-held",
  "relay-stale",
  "relay-slug-taken",
  "venue-owned",
  "result-confirmed",
] as const;

/** A code of `CONFLICT_CODES`. */
export type ConflictCode = (typeof CONFLICT_CODES)[number];

/** Every reason the store refuses a write for; each has a section in docs/operator.md. */
export type WriteErrorCode = MissingCode | InvalidCode | ConflictCode;

const CONFLICTS: ReadonlySet<string> = new Set(CONFLICT_CODES);

/** Whether a code says the write was refused for the state it found (`ConflictCode`). */
export function isConflict(code: WriteErrorCode): code is ConflictCode {
  return CONFLICTS.has(code);
}

/**
 * An `invalid-body` refusal that says why as a code (`reason`) and the values its sentence names (`params`), which
 * the problem carries beside its detail (db/body_reasons.ts).
 */
export function invalidBody(message: string, reason: BodyReason, params: ReasonParams = {}): WriteError {
  return new WriteError("invalid-body", message, undefined, { reason, params });
}

/** Why a write was refused: its code, a sentence for the client, and (a stale revision) the state it found. */
export class WriteError extends Error {
  override name = "WriteError";
  constructor(
    readonly code: WriteErrorCode,
    message: string,
    /** The current state, for a conflict: the client can resynchronise from it. */
    readonly current?: unknown,
    /** Members the problem carries besides `current` (the match that blocks a change, `blocking`). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}
