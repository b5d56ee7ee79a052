/**
 * Why a request's body was refused (`invalid-body`), as a code a reader's page words in its own language: the
 * problem carries it as `reason`, with `params` (the raw values its sentence names) beside it (docs/operator.md,
 * "invalid-body"). One list for the API's body checks (api/manage/bodies.ts), the request guards (http/limits.ts)
 * and the store's refusals; a rule of domain/ (a line-up, sessions) gives its own code from this list.
 */

/** Every reason an invalid body is refused for; each has words in the desk's catalogs (play.refused.*). */
export const BODY_REASONS = [
  // The body as a whole.
  "not-json",
  "not-object",
  "unreadable-text",
  "hidden-character",
  "too-deep",
  // A field of it.
  "unknown-field",
  "missing-field",
  "expected-type",
  "too-small",
  "too-big",
  "out-of-range",
  "text-too-long",
  "not-an-option",
  "invalid-format",
  "invalid-time",
  "one-field-needed",
  "invalid-value",
  // What the store or the rules refuse.
  "listed-twice",
  "same-player-twice",
  "player-count",
  "no-groups",
  "group-size-needed",
  "unknown-group",
  "group-needed",
  "not-in-group",
  "ambiguous-name",
  "not-team-category",
  "not-team-player",
  "nobody-checked-in",
  "ends-before-start",
  "sessions-overlap",
  "unknown-session",
  "no-sessions",
  "unfinished-game",
  "unknown-event",
  "token-refused",
  "invalid-push",
  "no-relay",
] as const;

/** A code of `BODY_REASONS`. */
export type BodyReason = (typeof BODY_REASONS)[number];

/**
 * The values a reason's sentence names: raw values, never English (a field's name as the API spells it, bounds,
 * the options, the names given).
 */
export type ReasonParams = Readonly<
  Record<string, string | number | boolean | readonly (string | number | boolean)[]>
>;

/** A reason and its values, as an `invalid-body` problem carries them (extensions `reason` and `params`). */
export interface Refusal {
  reason: BodyReason;
  params: ReasonParams;
}
