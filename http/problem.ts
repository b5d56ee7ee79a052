/**
 * The one HTTP error type, of the public API and of the management API, and its rendering as RFC 9457 problem
 * details (`application/problem+json`: type, title, status, detail, instance). Handlers throw an `HttpError`;
 * each sub-app turns it (or anything else thrown) into a problem response once, in its `onError`: the public
 * API here (`problemResponse`), the management API in api/manage/problem.ts with its own problem types.
 */
import type { Logger } from "../lib/log.ts";
import { isStoreUnavailable } from "../db/health.ts";
import type { BodyReason, ReasonParams } from "../db/body_reasons.ts";

/** Where the problem types are described: sections of the reference page at /api. */
const TYPE_BASE = "/api#problem-";

/** The kinds of problem the API answers with; each has a section on the reference page. */
export type ProblemCode =
  | "not-found"
  | "invalid-parameter"
  | "method-not-allowed"
  | "internal-error"
  | GuardProblemCode;

/** The problems of the app's guards (http/limits.ts, db/health.ts), answered before any route runs. */
export type GuardProblemCode =
  | "invalid-host"
  | "invalid-request"
  | "uri-too-long"
  | "payload-too-large"
  | "incomplete-body"
  | "store-unavailable"
  | "too-many-requests";

/** Every problem type: its status, title and when it is answered (the reference page documents them). */
export const PROBLEM_TYPES: readonly { code: ProblemCode; status: number; title: string; when: string }[] = [
  {
    code: "not-found",
    status: 404,
    title: "Not found",
    when: "An unknown or malformed id or slug, a category or match of an event that is not published, or a " +
      "path that is not part of the API",
  },
  {
    code: "invalid-parameter",
    status: 400,
    title: "Invalid query parameter",
    when:
      "A query parameter is unknown to the endpoint or not what it accepts; the `parameter` member names it",
  },
  {
    code: "method-not-allowed",
    status: 405,
    title: "Method not allowed",
    when: "A method other than GET, HEAD and OPTIONS on a resource of the API; the `Allow` header lists them",
  },
  {
    code: "internal-error",
    status: 500,
    title: "Internal server error",
    when: "The server failed; the detail says nothing more and the error is logged",
  },
  {
    code: "invalid-host",
    status: 400,
    title: "Invalid request",
    when: "The `Host` header is not a host name or address with an optional port",
  },
  {
    code: "invalid-request",
    status: 400,
    title: "Invalid request",
    when: "The path or query holds a NUL character (`%00`), which no id, slug or parameter has",
  },
  {
    code: "uri-too-long",
    status: 414,
    title: "URI too long",
    when: "The path and query are longer than 2,048 characters",
  },
  {
    code: "payload-too-large",
    status: 413,
    title: "Payload too large",
    when: "The request has a body larger than 1 MiB (the API reads none)",
  },
  {
    code: "incomplete-body",
    status: 400,
    title: "Incomplete request body",
    when: "The request's body ended before its announced length, or the connection broke while it was read",
  },
  {
    code: "store-unavailable",
    status: 503,
    title: "Service unavailable",
    when: "The data store does not answer; `Retry-After` says when to try again",
  },
  {
    code: "too-many-requests",
    status: 429,
    title: "Too many requests",
    when: "The client's address made more requests than the `RateLimit-Policy` allows in its window (an " +
      "unchanged answer, 304, counts a quarter); `Retry-After` says when its window ends. Only where the " +
      "server limits request rates: it then says so in `RateLimit-Policy` on every answer",
  },
];

const TITLES = Object.fromEntries(PROBLEM_TYPES.map((p) => [p.code, p.title])) as Record<ProblemCode, string>;

/** The `type` URI of a problem kind: a section of the reference page. */
export function problemType(code: ProblemCode): string {
  return TYPE_BASE + code;
}

/** What an `HttpError` adds to its problem: response headers and extension members. */
export interface HttpErrorOptions {
  /** Extra response headers (e.g. `Allow` on a 405, `WWW-Authenticate` on a 401). */
  headers?: Readonly<Record<string, string>>;
  /** Extension members of the problem (e.g. `parameter` on a 400, `field` on an invalid body). */
  extensions?: Readonly<Record<string, unknown>>;
}

/**
 * An HTTP error with its status, problem code and a detail message for the client (never a stack). The code
 * names a problem type of the sub-app that answers: `ProblemCode` here, api/manage/problem.ts's there.
 */
export class HttpError extends Error {
  override name = "HttpError";
  readonly headers: Readonly<Record<string, string>>;
  readonly extensions: Readonly<Record<string, unknown>>;
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    options: HttpErrorOptions = {},
  ) {
    super(detail);
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }
}

/** The extension members of an `invalid-body` refusal: why, as a code, and the values its sentence names. */
export function refusal(
  reason: BodyReason,
  params: ReasonParams = {},
): { reason: BodyReason; params: ReasonParams } {
  return { reason, params };
}

/**
 * A 400 `invalid-body` that says why as a code (db/body_reasons.ts) beside its detail; `extensions` adds to it (a
 * `field`).
 * @example invalidBodyError('Invalid "kind": ...', "not-an-option", { field: "kind", options: ["break"] })
 */
export function invalidBodyError(
  detail: string,
  reason: BodyReason,
  params: ReasonParams = {},
  extensions: Readonly<Record<string, unknown>> = {},
  status = 400,
): HttpError {
  return new HttpError(status, "invalid-body", detail, {
    extensions: { ...extensions, ...refusal(reason, params) },
  });
}

/** The methods every /api/v1 resource allows. */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** Quotes a client-supplied value for a message, cut short so that a huge value cannot bloat the answer. */
export function quoted(value: string): string {
  return `"${value.length > 80 ? `${value.slice(0, 80)}...` : value}"`;
}

/** A 404 with the given detail. */
export function notFound(detail: string): HttpError {
  return new HttpError(404, "not-found", detail);
}

/**
 * A 400 naming the query parameter and what was expected.
 * @example invalidParameter("limit", "expected an integer from 1 to 500", "abc").message
 * // 'Invalid query parameter "limit": expected an integer from 1 to 500, got "abc"'
 */
export function invalidParameter(name: string, expected: string, got: string): HttpError {
  return new HttpError(
    400,
    "invalid-parameter",
    `Invalid query parameter "${name}": ${expected}, got ${quoted(got)}`,
    { extensions: { parameter: name } },
  );
}

/**
 * A 400 for a query parameter the endpoint does not take, naming it and those it takes.
 * @example unknownParameter("page", ["limit", "offset"]).message
 * // 'Unknown query parameter "page": this endpoint takes limit, offset'
 */
export function unknownParameter(name: string, known: readonly string[]): HttpError {
  const takes = known.length ? `takes ${known.join(", ")}` : "takes no query parameter";
  return new HttpError(
    400,
    "invalid-parameter",
    `Unknown query parameter ${quoted(name)}: this endpoint ${takes}`,
    { extensions: { parameter: name.slice(0, 80) } },
  );
}

/** A 405 for a method other than GET, HEAD and OPTIONS on a known resource. */
export function methodNotAllowed(method: string, path: string): HttpError {
  return new HttpError(
    405,
    "method-not-allowed",
    `Cannot ${method} ${quoted(path)}: the API is read-only (allowed: ${ALLOWED_METHODS})`,
    { headers: { Allow: ALLOWED_METHODS } },
  );
}

/** The RFC 9457 body of a problem. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  /** The problem code (the last part of `type`). */
  code: string;
  [extension: string]: unknown;
}

/** How a sub-app writes its problems: where their types are described, their titles, its headers. */
export interface ProblemStyle {
  /** The `type` URI of a code. */
  type(code: string): string;
  /** The `title` of a problem. */
  title(code: string, status: number): string;
  /** Headers of every problem response of the sub-app. */
  headers?: Readonly<Record<string, string>>;
}

const PUBLIC_STYLE: ProblemStyle = {
  type: (code) => problemType(code as ProblemCode),
  title: (code) => TITLES[code as ProblemCode] ?? TITLES["internal-error"],
};

/**
 * The `HttpError` an error thrown while answering `instance` is answered with, or null for a 500 without
 * details: anything that is not an `HttpError` is logged, an outage aside.
 */
export function knownError(error: unknown, instance: string, log: Logger): HttpError | null {
  if (error instanceof HttpError) return error;
  // An outage is answered 503 and logged once by the outage guard (http/outage_guard.ts), not per request.
  if (!isStoreUnavailable(error)) {
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log.error(`Cannot answer ${quoted(instance)}: ${why}`);
  }
  return null;
}

/**
 * The problem response of an `HttpError` (null: a 500 without details) in a sub-app's style. Extension members
 * come after the standard ones and never replace them.
 */
export function renderProblem(error: HttpError | null, instance: string, style: ProblemStyle): Response {
  const code = error?.code ?? "internal-error";
  const status = error?.status ?? 500;
  const problem: Problem = {
    type: style.type(code),
    title: style.title(code, status),
    status,
    detail: error?.message ?? "The server could not answer this request; the error has been logged",
    instance,
    code,
  };
  for (const [name, value] of Object.entries(error?.extensions ?? {})) {
    if (!(name in problem)) problem[name] = value;
  }
  return new Response(JSON.stringify(problem), {
    status,
    headers: { "Content-Type": "application/problem+json", ...style.headers, ...error?.headers },
  });
}

/**
 * Renders anything thrown while answering `instance` (the request's path and query) as a problem of the public
 * API. An `HttpError` keeps its status and detail; anything else is logged (an outage aside) and becomes a 500
 * without details.
 */
export function problemResponse(error: unknown, instance: string, log: Logger): Response {
  return renderProblem(knownError(error, instance, log), instance, PUBLIC_STYLE);
}
