/**
 * The problem codes the management API answers with (api/manage/problem.ts), beside the store's own
 * (`WriteErrorCode`, db/write_errors.ts) and the reasons of an invalid body (db/body_reasons.ts): the one list a
 * page that words them (pages/operator/client/manage/problem_words.ts) names, without reaching into the API.
 */
import type { WriteErrorCode } from "./write_errors.ts";

/** The problem codes of the management API (`HttpError.code`); each is a section of docs/operator.md. */
export type ManageProblemCode =
  | "invalid-body"
  | "invalid-header"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "stale-revision"
  | "idempotency-key-reused"
  | "match-state"
  | "scoring"
  | "payload-too-large"
  | "unsupported-media-type"
  | "too-many-requests"
  | "internal-error"
  | WriteErrorCode;
