/**
 * Errors of the management API as RFC 9457 problem details (`application/problem+json`): the one error type
 * `ManageError(status, code, detail)`, thrown by handlers and turned into a response once, in the sub-app's
 * `onError`. A `WriteError` of the write path keeps its status and code; a 409 carries the current match.
 */
import type { Logger } from "../../cli/log.ts";
import { isStoreUnavailable } from "../../db/health.ts";
import { WriteError } from "../../db/write_errors.ts";

/**
 * A value as a detail quotes it, cut to 80 characters as the public API cuts it: a slug in a body may be as
 * long as the body, and a problem that repeats it whole says nothing more.
 */
export { quoted } from "../problem.ts";

/** The problem types of the management API; each is a section of docs/operator.md. */
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
  | string;

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

/** Where the problem types are described. */
const TYPE_BASE = "/docs/operator.md#problem-";

/** An error of the management API: status, problem code, detail for the client, extension members. */
export class ManageError extends Error {
  override name = "ManageError";
  constructor(
    readonly status: number,
    readonly code: ManageProblemCode,
    detail: string,
    readonly extensions: Readonly<Record<string, unknown>> = {},
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}

/** The JSON body of a problem response. */
export interface ManageProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: string;
  [extension: string]: unknown;
}

/** Headers of every management response: never cached, never sniffed. */
export const NO_STORE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
} as const;

/**
 * Renders anything thrown while answering `instance` as a problem response. `ManageError` and `WriteError`
 * keep their status; anything else is logged and becomes a 500 without details. `current` (a 409's state)
 * is serialised by `serialiseCurrent` when given.
 */
export function manageProblemResponse(
  error: unknown,
  instance: string,
  log: Logger,
  serialiseCurrent: (current: unknown) => unknown = (c) => c,
): Response {
  let status = 500;
  let code: string = "internal-error";
  let detail = "The server could not answer this request; the error has been logged";
  let extensions: Record<string, unknown> = {};
  let headers: Record<string, string> = {};
  if (error instanceof ManageError) {
    ({ status, code } = error);
    detail = error.message;
    extensions = { ...error.extensions };
    headers = { ...error.headers };
  } else if (error instanceof WriteError) {
    ({ status, code } = error);
    detail = error.message;
    if (error.current !== undefined) extensions.current = serialiseCurrent(error.current);
  } else if (!isStoreUnavailable(error)) {
    // An outage is answered 503 and logged once by the outage guard (api/outage_guard.ts), not per request.
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log.error(`Cannot answer "${instance}": ${why}`);
  }
  const problem: ManageProblem = {
    ...extensions,
    type: TYPE_BASE + code,
    title: TITLES[status] ?? "Error",
    status,
    detail,
    instance,
    code,
  };
  return new Response(JSON.stringify(problem), {
    status,
    headers: { "Content-Type": "application/problem+json", ...NO_STORE_HEADERS, ...headers },
  });
}
