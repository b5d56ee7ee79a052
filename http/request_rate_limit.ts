/**
 * A limit on the requests of each client address (http/client_address.ts): at most `limit` requests in a window
 * of `windowSeconds` that starts at the client's first request, where an unchanged answer (304) and a preflight
 * (OPTIONS) cost a quarter of a request, since a poll that the data did not change costs the server a fraction
 * of an answer. Every answer carries the policy and what is left of it in the fields of the IETF draft
 * draft-ietf-httpapi-ratelimit-headers-11 (`RateLimit-Policy: "default";q=3000;w=60`,
 * `RateLimit: "default";r=2999;t=42`); past the limit the answer is a 429 with `Retry-After` until the window
 * ends. The management API is neither counted nor refused: it has its own limit on failed logins
 * (http/failure_limiter.ts), and the desk and umpires must not be locked out by the spectators who share their
 * hall's address. Kept in the instance's memory, O(1) per request, with at most `maxClients` windows.
 */
import { clientAddress, peerOf } from "./client_address.ts";
import type { RateLimitPolicy } from "../lib/rate_limit_policy.ts";
import { guardResponse, requestTarget } from "./limits.ts";

/** A request costs QUARTERS quarters; an unchanged answer (304) or a preflight one. */
const QUARTERS = 4;

/** The most client windows kept: beyond, the oldest is forgotten (its client starts a new window). */
export const MAX_CLIENTS = 50_000;

/** A client's window: when it started (ms) and the quarters used in it. */
interface Window {
  start: number;
  used: number;
}

/** Whether a request is for the management API (`/api/manage`, `/api/manage/...`, `/api/manage?...`). */
function isManagement(url: string): boolean {
  const target = requestTarget(url);
  if (!target.startsWith("/api/manage")) return false;
  const next = target[11];
  return next === undefined || next === "/" || next === "?";
}

/** The request limits of one server instance. */
export class RequestRateLimiter {
  /** By client, in the order their windows started (a new window is moved to the end): the first ends first. */
  readonly #windows = new Map<string, Window>();
  readonly #quota: number;
  readonly #windowMs: number;
  readonly #maxClients: number;
  /** The `RateLimit-Policy` field, the same on every answer. */
  readonly policyField: string;

  constructor(readonly policy: RateLimitPolicy, options: { maxClients?: number } = {}) {
    this.#quota = policy.limit * QUARTERS;
    this.#windowMs = policy.windowSeconds * 1000;
    this.#maxClients = options.maxClients ?? MAX_CLIENTS;
    this.policyField = `"default";q=${policy.limit};w=${policy.windowSeconds}`;
  }

  /** How many clients have a window now (for tests: memory stays bounded). */
  get clients(): number {
    return this.#windows.size;
  }

  /** The client's window at `now`, a new one when it had none or its window has ended. */
  window(client: string, now: number): Window {
    this.#forgetEnded(now);
    let w = this.#windows.get(client);
    if (w === undefined || now >= w.start + this.#windowMs) {
      // A new object, moved to the end of the order: a charge still coming for the old one lands there.
      if (w !== undefined) this.#windows.delete(client);
      w = { start: now, used: 0 };
      this.#windows.set(client, w);
      if (this.#windows.size > this.#maxClients) this.#windows.delete(this.#windows.keys().next().value!);
    }
    return w;
  }

  /** Whether a request may be answered in this window: a quarter of a request is left at least. */
  admits(w: Window): boolean {
    return w.used < this.#quota;
  }

  /** Counts an answer against its window: a quarter for a 304 or a preflight, a whole request otherwise. */
  charge(w: Window, status: number, method: string): void {
    w.used += status === 304 || method === "OPTIONS" ? 1 : QUARTERS;
  }

  /** The `RateLimit` field of a window at `now`: whole requests left, seconds until the window ends. */
  field(w: Window, now: number): string {
    const left = Math.max(0, Math.floor((this.#quota - w.used) / QUARTERS));
    return `"default";r=${left};t=${this.secondsLeft(w, now)}`;
  }

  /** Seconds until the window ends, at least 1. */
  secondsLeft(w: Window, now: number): number {
    return Math.max(1, Math.ceil((w.start + this.#windowMs - now) / 1000));
  }

  /** Forgets a few windows that have ended, oldest first: a bounded amount of work per request. */
  #forgetEnded(now: number): void {
    for (let i = 0; i < 4; i++) {
      const first = this.#windows.entries().next().value;
      if (first === undefined || now < first[1].start + this.#windowMs) return;
      this.#windows.delete(first[0]);
    }
  }
}

/** A Deno.serve handler (main.ts `Handler`). */
type Handler = (req: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;

/**
 * Counts an answer and gives it the rate limit fields (appended: nothing else sets them, and appending costs
 * less than setting); an answer with immutable headers is copied first.
 */
function counted(
  limiter: RequestRateLimiter,
  w: Window,
  now: number,
  method: string,
  res: Response,
): Response {
  limiter.charge(w, res.status, method);
  const field = limiter.field(w, now);
  try {
    res.headers.append("ratelimit-policy", limiter.policyField);
    res.headers.append("ratelimit", field);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set("ratelimit-policy", limiter.policyField);
    copy.headers.set("ratelimit", field);
    return copy;
  }
}

/**
 * The handler behind a request limit per client: refuses with 429 past the limit, counts every answer, and
 * gives every answer the RateLimit fields.
 */
export function limitRequests(
  handler: Handler,
  limiter: RequestRateLimiter,
  options: { trustedProxies: number; now: () => number },
): Handler {
  const { trustedProxies, now } = options;
  return (req, info) => {
    if (isManagement(req.url)) return handler(req, info);
    const forwarded = trustedProxies > 0 ? req.headers.get("X-Forwarded-For") : null;
    const client = clientAddress(peerOf(info?.remoteAddr), forwarded, trustedProxies);
    const at = now();
    const w = limiter.window(client, at);
    if (!limiter.admits(w)) return tooManyRequests(req, limiter, w, at);
    const res = handler(req, info);
    if (res instanceof Response) return counted(limiter, w, at, req.method, res);
    return res.then((r) => counted(limiter, w, at, req.method, r));
  };
}

/** The 429 answer: problem details under /api, a small page elsewhere, never kept by a cache. */
function tooManyRequests(req: Request, limiter: RequestRateLimiter, w: Window, now: number): Response {
  const wait = limiter.secondsLeft(w, now);
  const { limit, windowSeconds } = limiter.policy;
  return guardResponse(
    req,
    429,
    "too-many-requests",
    "Too many requests",
    `Too many requests from this address: at most ${limit} requests in ${windowSeconds} s (an unchanged ` +
      `answer, 304, counts a quarter); try again in ${wait} s`,
    {
      "Retry-After": String(wait),
      "Cache-Control": "no-store",
      "RateLimit-Policy": limiter.policyField,
      "RateLimit": limiter.field(w, now),
    },
  );
}
