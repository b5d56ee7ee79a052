/// <reference lib="dom" />
/**
 * How the operator's browser scripts call the management API: the token as a bearer header (never a cookie),
 * JSON bodies, no HTTP cache, and a deadline so that a dead connection shows as an error instead of a page
 * that waits forever. Every declaration is exported so that the pages can inline this module
 * (pages/client_script.ts `moduleScript`).
 */

/** Calls `/api/manage{path}` with the token; a body is sent as JSON unless the caller set a Content-Type. */
export async function manageFetch(
  token: string,
  path: string,
  init: RequestInit = {},
  timeoutMs = 10_000,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  if (init.body !== undefined && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  return await fetch(`/api/manage${path}`, {
    ...init,
    headers,
    cache: "no-store",
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/**
 * The words of a failed answer, set once by a page in its own language before its first call (the desk:
 * client/manage_client.ts): `status` for an answer with no problem's detail (`{status}` its status), and
 * `problem` for a problem whose code the page's catalog words (null, or a page that sets none: the API's own
 * `detail` is said). Plain data until a page sets it: the pages inline this module's values as JSON.
 */
export const fetchWords: {
  status: string;
  problem: ((problem: { code?: unknown; detail?: unknown }) => string | null) | null;
} = { status: "Error {status}", problem: null };

/**
 * The sentence to show for a problem answered with `status`: the page's words for its code, else the problem's
 * `detail` (a code the page does not know), else the status.
 */
export function problemText(problem: unknown, status: number): string {
  const p = typeof problem === "object" && problem !== null
    ? problem as { code?: unknown; detail?: unknown }
    : {};
  const worded = fetchWords.problem?.(p) ?? null;
  if (worded !== null) return worded;
  return typeof p.detail === "string" ? p.detail : fetchWords.status.replace("{status}", String(status));
}

/** The sentence to show for a failed answer (`problemText`). */
export async function problemDetail(res: Response): Promise<string> {
  return problemText(await res.json().catch(() => null), res.status);
}

/**
 * How long to wait before asking again after a failed answer (`null`: no answer at all): the answer's
 * `Retry-After` (seconds or an HTTP date) when it has one, kept within 1 s to 60 s, else `fallbackMs`.
 * @example retryDelay(new Response(null, { status: 429, headers: { "Retry-After": "7" } })) // 7000
 */
export function retryDelay(res: Response | null, fallbackMs = 4000, now = Date.now()): number {
  const header = res?.headers.get("Retry-After")?.trim() ?? "";
  if (header === "") return fallbackMs;
  const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return fallbackMs;
  return Math.min(60_000, Math.max(1000, ms));
}
