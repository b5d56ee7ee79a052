/**
 * The management API's problems (RFC 9457, `application/problem+json`): handlers throw the one `HttpError`
 * (http/problem.ts), the write path throws a `WriteError` with a code only; the sub-app's `onError` turns either
 * into a problem response once, here, mapping each write code to its status. Problem types are sections of
 * docs/operator.md; responses are never cached.
 */
import type { Logger } from "../../lib/log.ts";
import { type ConflictCode, isConflict, WriteError, type WriteErrorCode } from "../../db/write_errors.ts";
import { HttpError, knownError, type ProblemStyle, renderProblem } from "../../http/problem.ts";

/**
 * A value as a detail quotes it, cut to 80 characters as the public API cuts it: a slug in a body may be as
 * long as the body, and a problem that repeats it whole says nothing more.
 */
export { quoted } from "../../http/problem.ts";

/** The problem codes of the management API, listed beside the store's (db/manage_problem_codes.ts). */
export type { ManageProblemCode } from "../../db/manage_problem_codes.ts";

const TITLES: Record<number, string> = {
  400: "Invalid request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Unprocessable content",
  429: "Too many requests",
  500: "Internal server error",
};

/** Headers of every management response: never cached, never sniffed. */
export const NO_STORE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
} as const;

const MANAGE_STYLE: ProblemStyle = {
  type: (code) => `/docs/operator.md#problem-${code}`,
  title: (_code, status) => TITLES[status] ?? "Error",
  headers: NO_STORE_HEADERS,
};

/** The status of each refused write that is no conflict (a conflict is a 409). */
const WRITE_STATUS: Record<Exclude<WriteErrorCode, ConflictCode>, number> = {
  "not-found": 404,
  "invalid-body": 400,
  "no-device": 400,
  "invalid-announcement": 422,
  "invalid-stream": 422,
  "idempotency-key-reused": 422,
};

/** The status the management API answers a refused write with: the one place write codes become statuses. */
export function writeStatus(code: WriteErrorCode): number {
  return isConflict(code) ? 409 : WRITE_STATUS[code];
}

/**
 * A refused write as the management API answers it: its code's status, its message, and `extensions` (a field,
 * the current state of a conflict) when given; an invalid body says why (`reason`, `params`) wherever it is
 * answered.
 */
export function writeProblem(
  error: WriteError,
  extensions: Readonly<Record<string, unknown>> = {},
): HttpError {
  const why = error.code === "invalid-body" ? error.details : undefined;
  return new HttpError(writeStatus(error.code), error.code, error.message, {
    extensions: { ...why, ...extensions },
  });
}

/**
 * Renders anything thrown while answering `instance` as a problem response. An `HttpError` keeps its status, a
 * `WriteError` gets its code's; anything else is logged and becomes a 500 without details. A write's `current`
 * (a conflict's state) is serialised by `serialiseCurrent` when given.
 */
export function manageProblemResponse(
  error: unknown,
  instance: string,
  log: Logger,
  serialiseCurrent: (current: unknown) => unknown = (c) => c,
): Response {
  const known = error instanceof WriteError
    ? writeProblem(error, {
      ...error.details,
      ...(error.current === undefined ? {} : { current: serialiseCurrent(error.current) }),
    })
    : knownError(error, instance, log);
  return renderProblem(known, instance, MANAGE_STYLE);
}
