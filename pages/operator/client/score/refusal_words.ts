/// <reference lib="dom" />
/**
 * The umpire's page's sentence for a refusal of the management API (docs/operator.md): a refused tap of a batch
 * (its result's `code`) or a refused request (its problem's `code`), from the `score.*` message of its code in
 * the page's language; only a code the catalog does not know is said by the API's English `detail`. Every
 * declaration is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { ManageProblemCode } from "../../../../db/manage_problem_codes.ts";
import type { MatchStatus } from "../../../../domain/match_status.ts";
import { w, type WordKey } from "./words.ts";

/**
 * The words of every code the umpire's page may be answered with: a batch's taps (db/match_writes.ts
 * `writeMatchBatch`), the checks of its requests (the token, the match's scope, a confirmed result, the body) and
 * the other writes it sends (the takeover, a confirmation, a toss, a medical break). Those the page retries (429,
 * 5xx) are not said. `match-state` is said by the match's status when the answer carries the match
 * (tests/pages/operator/client/score/refusal_words_test.ts provokes each code through the API).
 */
export const REFUSAL_WORDS = {
  "unauthorized": "score.tokenRefused",
  "forbidden": "score.tokenForbidden",
  "not-found": "score.refusal.notFound",
  "invalid-body": "score.refusal.invalidBody",
  "idempotency-key-reused": "score.refusal.keyReused",
  "no-device": "score.refusal.noDevice",
  "stale-revision": "score.changedElsewhere",
  "match-held": "score.refusal.matchHeld",
  "sides-unknown": "score.refusal.sidesUnknown",
  "match-state": "score.refusal.matchState",
  "scoring": "score.refusal.scoring",
  "result-confirmed": "score.refusal.resultConfirmed",
} as const satisfies Partial<Record<ManageProblemCode, WordKey>>;

/** A code the umpire's page words (`REFUSAL_WORDS`). */
export type ScoreRefusalCode = keyof typeof REFUSAL_WORDS;

/** What a `match-state` refusal says by the status of the match the answer carries. */
export const MATCH_STATE_WORDS: Record<MatchStatus, WordKey> = {
  "scheduled": "score.refusal.notStarted",
  "in_progress": "score.refusal.matchState",
  "completed": "score.refusal.matchOver",
};

/** A refusal as the API answers it: a problem, or a refused tap of a batch (`confirmedBy` on a confirmed result). */
export interface Refusal {
  code?: unknown;
  detail?: unknown;
  confirmedBy?: unknown;
}

/**
 * The page's words for a refusal's code; null for a code the catalog does not word. `status` is the match's, when
 * the answer carries it (a batch's).
 * @example refusalWords({ code: "match-state" }, "completed") // "Das Spiel ist bereits beendet." on a German page
 */
export function refusalWords(refusal: Refusal, status?: string): string | null {
  const code = refusal.code;
  if (typeof code !== "string" || !Object.hasOwn(REFUSAL_WORDS, code)) return null;
  if (code === "match-state" && status !== undefined && Object.hasOwn(MATCH_STATE_WORDS, status)) {
    return w(MATCH_STATE_WORDS[status as MatchStatus]);
  }
  const by = typeof refusal.confirmedBy === "string" ? refusal.confirmedBy : "?";
  return w(REFUSAL_WORDS[code as ScoreRefusalCode], { by });
}

/**
 * The sentence heading the taps not recorded: the page's words for the refusal, else "Refused:" and the API's
 * English detail (a code the page does not know), else nothing.
 * @example refusalSentence({ code: "new-code", detail: "Cannot do it." }) // "Refused: Cannot do it."
 */
export function refusalSentence(refusal: Refusal, status?: string): string {
  const worded = refusalWords(refusal, status);
  if (worded !== null) return worded;
  const detail = typeof refusal.detail === "string" ? refusal.detail.replace(/\.$/, "") : "";
  return detail === "" ? "" : w("score.refused", { reason: detail });
}

/** The sentence for a refused answer (`refusalSentence` of its problem), its status when it says nothing else. */
export async function answerRefusal(res: Response): Promise<string> {
  const problem: unknown = await res.json().catch(() => null);
  const refusal: Refusal = typeof problem === "object" && problem !== null ? problem : {};
  return refusalSentence(refusal) || w("score.refused", { reason: String(res.status) });
}
