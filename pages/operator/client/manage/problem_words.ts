/// <reference lib="dom" />
/**
 * The desk's sentence for a problem the management API answers (api/manage/problem.ts, docs/operator.md): the
 * `play.problem.*` message of its code in the page's language. Every declaration is exported so that the page can
 * inline this module (pages/client_script.ts `moduleScript`).
 */
import type { ManageProblemCode } from "../../../../api/manage/problem.ts";
import { type PlayKey, pw } from "./play_words.ts";

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

/**
 * The page's words for a problem's code; null for a code the catalog does not word (the API's detail is said).
 * @example problemWords({ code: "draw-locked" }) // "Die Auslosung ist gesperrt: zuerst entsperren." on a German page
 */
export function problemWords(problem: { code?: unknown; detail?: unknown }): string | null {
  const code = problem.code;
  if (typeof code !== "string" || !Object.hasOwn(PROBLEM_WORDS, code)) return null;
  // A refused value is said by the API's detail alone (which value, what it takes): it has no structured
  // fields yet, so the page's words frame it. TODO(#53): word it from structured fields.
  const detail = typeof problem.detail === "string" ? problem.detail : "";
  return pw(PROBLEM_WORDS[code as DeskProblemCode], { detail });
}
