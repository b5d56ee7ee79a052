/// <reference lib="dom" />
/**
 * The desk's sentence for a problem the management API answers (api/manage/problem.ts, docs/operator.md): the
 * `play.problem.*` message of its code in the page's language. Every declaration is exported so that the page can
 * inline this module (pages/client_script.ts `moduleScript`).
 */
import type { ManageProblemCode } from "../../../../db/manage_problem_codes.ts";
import type { BodyReason } from "../../../../db/body_reasons.ts";
import { type PlayKey, playPage, pw } from "./play_words.ts";

/** The management API's problem codes, and those of its import, rating list, relay and guards. */
type DeskProblemCode =
  | ManageProblemCode
  | "invalid-query"
  | "invalid-event-file"
  | "invalid-rating-list"
  | "import-would-remove"
  | "store-unavailable";

/** The words of each problem code the desk may be answered with. */
export const PROBLEM_WORDS: Record<DeskProblemCode, PlayKey> = {
  "invalid-body": "play.problem.invalid-body",
  "invalid-header": "play.problem.invalid-header",
  "invalid-query": "play.problem.invalid-query",
  "invalid-event-file": "play.problem.invalid-event-file",
  "invalid-rating-list": "play.problem.invalid-rating-list",
  "import-would-remove": "play.problem.import-would-remove",
  "unauthorized": "play.problem.unauthorized",
  "forbidden": "play.problem.forbidden",
  "not-found": "play.problem.not-found",
  "idempotency-key-reused": "play.problem.idempotency-key-reused",
  "stale-revision": "play.problem.stale-revision",
  "match-held": "play.problem.match-held",
  "no-device": "play.problem.no-device",
  "match-state": "play.problem.match-state",
  "scoring": "play.problem.scoring",
  "next-match-started": "play.problem.next-match-started",
  "sides-unknown": "play.problem.sides-unknown",
  "draw-locked": "play.problem.draw-locked",
  "draw-started": "play.problem.draw-started",
  "draw-invalid": "play.problem.draw-invalid",
  "draw-incomplete": "play.problem.draw-incomplete",
  "no-draw": "play.problem.no-draw",
  "groups-in-play": "play.problem.groups-in-play",
  "too-few-entries": "play.problem.too-few-entries",
  "duplicate-entry": "play.problem.duplicate-entry",
  "duplicate-seed": "play.problem.duplicate-seed",
  "no-qualifiers": "play.problem.no-qualifiers",
  "group-not-complete": "play.problem.group-not-complete",
  "tied-by-lot": "play.problem.tied-by-lot",
  "draw-draft": "play.problem.draw-draft",
  "match-in-play": "play.problem.match-in-play",
  "reserve-refused": "play.problem.reserve-refused",
  "relay-held": "play.problem.relay-held",
  "relay-stale": "play.problem.relay-stale",
  "relay-slug-taken": "play.problem.relay-slug-taken",
  "result-confirmed": "play.problem.result-confirmed",
  "venue-owned": "play.problem.venue-owned",
  "invalid-announcement": "play.problem.invalid-announcement",
  "invalid-stream": "play.problem.invalid-stream",
  "payload-too-large": "play.problem.payload-too-large",
  "unsupported-media-type": "play.problem.unsupported-media-type",
  "too-many-requests": "play.problem.too-many-requests",
  "store-unavailable": "play.problem.store-unavailable",
  "internal-error": "play.problem.internal-error",
};

/** The words of each reason an invalid body is refused for (db/body_reasons.ts, the problem's `reason`). */
export const REFUSAL_WORDS: Record<BodyReason, PlayKey> = {
  "not-json": "play.refused.not-json",
  "not-object": "play.refused.not-object",
  "unreadable-text": "play.refused.unreadable-text",
  "hidden-character": "play.refused.hidden-character",
  "too-deep": "play.refused.too-deep",
  "unknown-field": "play.refused.unknown-field",
  "missing-field": "play.refused.missing-field",
  "expected-type": "play.refused.expected-type",
  "too-small": "play.refused.too-small",
  "too-big": "play.refused.too-big",
  "out-of-range": "play.refused.out-of-range",
  "text-too-long": "play.refused.text-too-long",
  "not-an-option": "play.refused.not-an-option",
  "invalid-format": "play.refused.invalid-format",
  "invalid-time": "play.refused.invalid-time",
  "one-field-needed": "play.refused.one-field-needed",
  "invalid-value": "play.refused.invalid-value",
  "listed-twice": "play.refused.listed-twice",
  "same-player-twice": "play.refused.same-player-twice",
  "player-count": "play.refused.player-count",
  "no-groups": "play.refused.no-groups",
  "group-size-needed": "play.refused.group-size-needed",
  "unknown-group": "play.refused.unknown-group",
  "group-needed": "play.refused.group-needed",
  "not-in-group": "play.refused.not-in-group",
  "ambiguous-name": "play.refused.ambiguous-name",
  "not-team-category": "play.refused.not-team-category",
  "not-team-player": "play.refused.not-team-player",
  "nobody-checked-in": "play.refused.nobody-checked-in",
  "ends-before-start": "play.refused.ends-before-start",
  "sessions-overlap": "play.refused.sessions-overlap",
  "unknown-session": "play.refused.unknown-session",
  "no-sessions": "play.refused.no-sessions",
  "unfinished-game": "play.refused.unfinished-game",
  "unknown-event": "play.refused.unknown-event",
  "token-refused": "play.refused.token-refused",
  "invalid-push": "play.refused.invalid-push",
  "no-relay": "play.refused.no-relay",
};

/** The words of the kinds of value a field expects (zod's `expected`, a reason's `params.expected`). */
export const TYPE_WORDS: Record<string, PlayKey> = {
  number: "play.refused.type.number",
  int: "play.refused.type.int",
  string: "play.refused.type.string",
  boolean: "play.refused.type.boolean",
  array: "play.refused.type.array",
  object: "play.refused.type.object",
};

/**
 * A reason's values as its words take them: a list joined in the page's language (`Intl.ListFormat`), the kind a
 * field expects in words, a number as a number and anything else as written (names, fields, options).
 */
export function refusalParams(
  reason: BodyReason,
  params: Record<string, unknown>,
  locale: string,
): Record<string, string | number> {
  const said: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      const either = name === "options" || reason === "one-field-needed";
      const type = either ? "disjunction" : "conjunction";
      said[name] = new Intl.ListFormat(locale, { type }).format(value.map(String));
    } else if (name === "expected" && typeof value === "string" && Object.hasOwn(TYPE_WORDS, value)) {
      said[name] = pw(TYPE_WORDS[value]!);
    } else if (typeof value === "number" || typeof value === "string") said[name] = value;
    else if (value !== null && value !== undefined) said[name] = String(value);
  }
  return said;
}

/**
 * The page's words for an `invalid-body` problem from its `reason` and `params` (docs/operator.md): the field it is
 * about, as the API names it, then why; null for a reason the page does not know or values its words miss.
 * @example refusalWords({ reason: "out-of-range", params: { field: "groupSize", minimum: 3, maximum: 5 } })
 *   // 'Der Wert von „groupSize“ wurde abgelehnt: er muss zwischen 3 und 5 liegen.' on a German page
 */
export function refusalWords(problem: { reason?: unknown; params?: unknown }): string | null {
  const reason = problem.reason;
  if (typeof reason !== "string" || !Object.hasOwn(REFUSAL_WORDS, reason)) return null;
  const given = typeof problem.params === "object" && problem.params !== null
    ? problem.params as Record<string, unknown>
    : {};
  const key = REFUSAL_WORDS[reason as BodyReason];
  const params = refusalParams(reason as BodyReason, given, playPage().locale);
  // Values that do not fill the words (a server older or newer than the page): the API's detail is said.
  const named = [...pw(key).matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (!named.every((name) => Object.hasOwn(params, name))) return null;
  const sentence = pw(key, params);
  const field = params.field;
  return typeof field === "string" && field !== ""
    ? pw("play.refused.field", { field, reason: sentence })
    : sentence;
}

/**
 * The page's words for a problem's code; null for a code the catalog does not word (the API's detail is said).
 * An invalid body is worded from its reason (`refusalWords`); one without a known reason is framed around the API's
 * English detail.
 * @example problemWords({ code: "draw-locked" }) // "Die Auslosung ist gesperrt: zuerst entsperren." on a German page
 */
export function problemWords(
  problem: { code?: unknown; detail?: unknown; reason?: unknown; params?: unknown },
): string | null {
  const code = problem.code;
  if (typeof code !== "string" || !Object.hasOwn(PROBLEM_WORDS, code)) return null;
  if (code === "invalid-body") {
    const refused = refusalWords(problem);
    if (refused !== null) return refused;
  }
  const detail = typeof problem.detail === "string" ? problem.detail : "";
  return pw(PROBLEM_WORDS[code as DeskProblemCode], { detail });
}
