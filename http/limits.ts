/**
 * Limits on what a request may be, checked once for the whole app before any route runs: a Host header that
 * is a host and an optional port (400), no NUL character in the path or query (400), the request target (path
 * and query) at most 2,048 characters (414), the body at most 1 MiB (413, also for chunked bodies without a
 * Content-Length) and complete (400 when it breaks off), and JSON bodies of the management API in UTF-8, nested
 * at most 32 deep and free of NUL characters and lone UTF-16 surrogates (400). Answers are RFC 9457 problem
 * details under /api and a small HTML page elsewhere. docs/reliability.md lists them.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { findHiddenCharacter } from "../domain/hidden_characters.ts";
import { SHARED_API_HEADERS } from "./http_cache.ts";
import { type GuardProblemCode, problemType, refusal } from "./problem.ts";

/** The longest request target (path and query), in characters. */
export const MAX_URL_LENGTH = 2048;

/** The largest request body, in bytes (1 MiB: an event file fits many times over). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The deepest nesting of arrays and objects accepted in a management API body (an event file needs 6). */
export const MAX_JSON_DEPTH = 32;

/** What the limits may be set to (tests use smaller ones). */
export interface LimitOptions {
  maxUrlLength?: number;
  maxBodyBytes?: number;
  maxJsonDepth?: number;
}

/** Where the problem types of the limits and of store outages are described for the management API. */
const TYPE_BASE = "/docs/reliability.md#problem-";

/** The problems of the guards: those the public API documents, and the management API's JSON body checks. */
export type GuardCode = GuardProblemCode | "invalid-body" | "internal-error";

/** The path and query of a request URL (`http://host/p?q` gives `/p?q`), without parsing it. */
export function requestTarget(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start < 0 ? "/" : url.slice(start);
}

/**
 * An error answer of the app's guards: problem details (with a `code` member, like the management API's)
 * under /api, a small HTML page elsewhere. Under /api/v1 it carries what every answer of the public API
 * carries (the spec's Cache-Control and CORS headers) and a problem type of its reference page; anything else
 * is never cached. `from` is the route's context, or the request itself where no route has seen it yet (main's
 * handler).
 */
export function guardResponse(
  from: Context | Request,
  status: number,
  code: GuardCode,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
  members: Record<string, unknown> = {},
): Response {
  const url = from instanceof Request ? from.url : from.req.url;
  const path = from instanceof Request ? requestTarget(url).replace(/\?.*$/s, "") : from.req.path;
  const common = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers };
  if (path === "/api" || path.startsWith("/api/")) {
    const target = requestTarget(url);
    const instance = target.length > 200 ? `${target.slice(0, 200)}...` : target;
    const publicApi = path === "/api/v1" || path.startsWith("/api/v1/");
    const type = publicApi && code !== "invalid-body" ? problemType(code) : TYPE_BASE + code;
    const body = { ...members, type, title, status, detail, instance, code };
    return new Response(JSON.stringify(body), {
      status,
      headers: {
        "Content-Type": "application/problem+json",
        ...common,
        // The public API is read from any site; its errors must be readable there too.
        ...(publicApi ? { ...SHARED_API_HEADERS, ...headers } : {}),
      },
    });
  }
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=UTF-8",
      "Content-Security-Policy": "default-src 'none'",
      ...common,
    },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * How deeply arrays and objects nest in a JSON text, scanning characters only (no parse, no recursion), so
 * that a hostile body cannot exhaust the stack of the parser or of a validator.
 * @example jsonDepth('{"a":[1,{"b":"[["}]}') // 3: brackets inside strings do not count
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) max = depth;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return max;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** Middleware: the URL, body size and JSON depth limits; mount it first, with `app.use("*", requestLimits())`. */
export function requestLimits(options: LimitOptions = {}): MiddlewareHandler {
  const maxUrl = options.maxUrlLength ?? MAX_URL_LENGTH;
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const maxDepth = options.maxJsonDepth ?? MAX_JSON_DEPTH;
  const limitBody = bodyLimit({
    maxSize: maxBody,
    onError: (c) =>
      guardResponse(
        c,
        413,
        "payload-too-large",
        "Payload too large",
        `Cannot read the body: it is larger than 1 MiB (${maxBody} bytes)`,
      ),
  });
  return async (c, next) => {
    // The server builds the URL from the Host header unchecked: a hostile one ("a b") would make every later
    // `new URL(c.req.url)` throw, turning a 404 into a 500, and one with a path ("h/t/x#") would route the
    // request to another path than the one asked for.
    if (!URL.canParse(c.req.url) || !isHostHeader(c.req.header("Host"))) {
      return guardResponse(
        c,
        400,
        "invalid-host",
        "Invalid request",
        "Cannot answer the request: its Host header is not a host name or address with an optional port",
      );
    }
    const target = requestTarget(c.req.url);
    // No slug, id or parameter has a NUL, and PostgreSQL refuses NUL in text: a query would fail with a 500.
    if (/%00|\0/.test(target)) {
      return guardResponse(
        c,
        400,
        "invalid-request",
        "Invalid request",
        "Cannot answer the request: its path or query contains a NUL character (%00)",
      );
    }
    if (target.length > maxUrl) {
      return guardResponse(
        c,
        414,
        "uri-too-long",
        "URI too long",
        `Cannot answer the request: its path and query are ${target.length} characters long (at most ${maxUrl})`,
      );
    }
    let read = false;
    try {
      return await limitBody(c, async () => {
        const blocked = await checkJsonBody(c, maxDepth);
        read = true;
        if (blocked) {
          c.res = blocked;
          return;
        }
        await next();
      });
    } catch (error) {
      if (read || !isBrokenBody(error)) throw error;
      return guardResponse(
        c,
        400,
        "incomplete-body",
        "Incomplete request body",
        "Cannot read the body: it ended before its announced length, or the connection broke while it was sent",
      );
    }
  };
}

/**
 * Whether a Host header names a host (a name, an IPv4 address or a bracketed IPv6 address) with an optional
 * port; absent counts as good (HTTP/1.0), since the server then uses its own address.
 * @example isHostHeader("venue.local:8000") // true; isHostHeader("a/b") // false
 */
export function isHostHeader(host: string | undefined): boolean {
  return host === undefined || /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(:\d{1,5})?$/.test(host);
}

/** The largest relay push once unpacked (api/manage/relay.ts says the same to the venue). */
const MAX_UNPACKED_PUSH_BYTES = 32 * 1024 * 1024;

/** Unpacks gzip, giving up (null) past `max` bytes or on a broken stream. */
async function gunzipBounded(bytes: Uint8Array, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream("gzip"));
    for await (const chunk of stream) {
      size += chunk.byteLength;
      if (size > max) return null;
      chunks.push(chunk);
    }
  } catch {
    return null;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Whether an error is a request body that broke off: the client closed or reset the connection while sending. */
function isBrokenBody(error: unknown): boolean {
  return error instanceof Deno.errors.BadResource || error instanceof Deno.errors.ConnectionReset ||
    error instanceof Deno.errors.ConnectionAborted || error instanceof Deno.errors.UnexpectedEof ||
    error instanceof Deno.errors.Interrupted || error instanceof Deno.errors.BrokenPipe;
}

// Fatal: a decoder that replaces what is not UTF-8 with U+FFFD would store a changed text without a word.
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads a management API JSON body: 400 when it is not UTF-8, nests too deep, or holds a NUL, a lone surrogate
 * or a hidden character (naming the field when the body parses); the handlers can still read it.
 */
async function checkJsonBody(c: Context, maxDepth: number): Promise<Response | undefined> {
  const path = c.req.path;
  if (!(path === "/api/manage" || path.startsWith("/api/manage/")) || !BODY_METHODS.has(c.req.method)) return;
  if (!c.req.raw.body) return;
  const type = c.req.header("Content-Type");
  // A body that does not claim to be JSON is left to the route, which answers 415.
  if (type !== undefined && type !== "" && !JSON_TYPE.test(type)) return;
  let bytes = new Uint8Array(await c.req.raw.arrayBuffer());
  const raw = c.req.raw;
  const headers = new Headers(raw.headers);
  // A relay's push comes gzipped (docs/relay.md): unpacked here, so that what is checked is the JSON itself.
  if (
    path.startsWith("/api/manage/relay/") && raw.headers.get("Content-Encoding")?.toLowerCase() === "gzip"
  ) {
    const unpacked = await gunzipBounded(bytes, MAX_UNPACKED_PUSH_BYTES);
    if (unpacked === null) {
      return guardResponse(
        c,
        400,
        "invalid-body",
        "Invalid request",
        `Invalid body: not gzip, or larger than ${MAX_UNPACKED_PUSH_BYTES} bytes once unpacked`,
        {},
        refusal("unreadable-text"),
      );
    }
    bytes = unpacked;
    headers.delete("Content-Encoding");
    headers.set("Content-Length", String(bytes.byteLength));
  }
  // A new request from the parts, not `new Request(c.req.raw, ...)`: copying the original's signal made Deno
  // print its warning about request.signal's legacy abort on every write (nothing here listens to it).
  c.req.raw = new Request(raw.url, { method: raw.method, headers, body: bytes });
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return guardResponse(
      c,
      400,
      "invalid-body",
      "Invalid request",
      "Invalid body: not UTF-8 text (JSON is sent in UTF-8, which has no lone UTF-16 surrogate either)",
      {},
      refusal("unreadable-text"),
    );
  }
  const depth = jsonDepth(text);
  if (depth > maxDepth) {
    return guardResponse(
      c,
      400,
      "invalid-body",
      "Invalid request",
      `Invalid body: JSON nested ${depth} levels deep (at most ${maxDepth})`,
      {},
      refusal("too-deep", { depth, maximum: maxDepth }),
    );
  }
  const nul = hasNul(text);
  if (nul || hasLoneSurrogate(text)) {
    const what = nul ? "a NUL character (\\u0000)" : "a lone UTF-16 surrogate (half a pair, such as \\ud800)";
    // Parsing is safe here: the body is at most 1 MiB and nests at most `maxDepth` deep.
    const field = pathOfText(text, nul ? (s) => s.includes("\0") : (s) => !s.isWellFormed());
    const at: Record<string, string> = field === undefined ? {} : { field };
    return guardResponse(
      c,
      400,
      "invalid-body",
      "Invalid request",
      field === undefined ? `Invalid body: text with ${what}` : `Invalid body: "${field}" holds ${what}`,
      {},
      {
        ...(nul
          ? refusal("hidden-character", { character: "U+0000", ...at })
          : refusal("unreadable-text", at)),
        ...at,
      },
    );
  }
  // One gate for every text a management route takes (an import's too): a character that changes how a text
  // reads without being seen (domain/hidden_characters.ts) is refused before any route stores it.
  const hidden = findHiddenCharacter(text) !== null || text.includes("\\u")
    ? firstText(text, (s) => findHiddenCharacter(s) !== null)
    : undefined;
  if (hidden) {
    const what = `an invisible control character (${findHiddenCharacter(hidden.value)}): a direction ` +
      "override or mark, a zero-width space or a control character changes how a text reads without being seen";
    return guardResponse(
      c,
      400,
      "invalid-body",
      "Invalid request",
      hidden.path === undefined
        ? `Invalid body: text with ${what}`
        : `Invalid body: "${hidden.path}" holds ${what}`,
      {},
      {
        ...refusal("hidden-character", {
          character: findHiddenCharacter(hidden.value) ?? "",
          ...(hidden.path === undefined ? {} : { field: hidden.path }),
        }),
        ...(hidden.path === undefined ? {} : { field: hidden.path }),
      },
    );
  }
}

/**
 * The JSON path (`players[0].displayName`, as an import names it) of the first string or field name of a JSON
 * text that `bad` finds, in the order of the text; undefined when the text does not parse, when the body itself
 * is such a string, or when the path is over 200 characters (a problem is no place for a field name of 1 MiB).
 * @example pathOfText('{"a":[1,"x\\u0000"]}', (s) => s.includes("\0")) // "a[1]"
 */
function pathOfText(text: string, bad: (s: string) => boolean): string | undefined {
  return firstText(text, bad)?.path;
}

/**
 * The first string or field name of a JSON text that `bad` finds, in the order of the text, with its path as
 * `pathOfText` gives it (undefined where that gives none); undefined when there is none or the text does not parse.
 */
function firstText(
  text: string,
  bad: (s: string) => boolean,
): { path: string | undefined; value: string } | undefined {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return undefined;
  }
  const stack: [path: string, value: unknown][] = [["", root]];
  while (stack.length > 0) {
    const [path, value] = stack.pop()!;
    if (typeof value === "string") {
      if (bad(value)) return { path: path !== "" && path.length <= 200 ? path : undefined, value };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([`${path}[${i}]`, value[i]]);
    } else if (value !== null && typeof value === "object") {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, member] = entries[i]!;
        const at = path === "" ? key : `${path}.${key}`;
        // A bad field name comes before its value; the stack is last in, first out.
        stack.push([at, member]);
        if (bad(key)) stack.push([at, key]);
      }
    }
  }
  return undefined;
}

/**
 * Whether a JSON text holds a NUL character, raw or escaped as `\u0000` (an escaped backslash before "u0000"
 * does not count): PostgreSQL cannot store it in text, so a write would fail with a 500.
 * @example hasNul('{"label":"a\\u0000"}') // true
 */
export function hasNul(text: string): boolean {
  return text.includes("\0") || /(^|[^\\])(\\\\)*\\u0000/i.test(text);
}

/**
 * Whether a JSON text holds a lone UTF-16 surrogate (half a pair, U+D800 to U+DFFF), raw or escaped as
 * `\ud800`, once JSON.parse has read its escapes: UTF-8 cannot hold one, so both stores write U+FFFD for it,
 * changing a name and making two texts that differ only there one (two e-mails, two federation ids).
 * @example hasLoneSurrogate('{"a":"\\ud800"}') // true; hasLoneSurrogate('{"a":"\\ud83c\\udfd3"}') // false: a pair
 */
export function hasLoneSurrogate(text: string): boolean {
  if (text.isWellFormed() && !/\\u[dD][89a-fA-F]/.test(text)) return false;
  // Each escape as the one code unit JSON.parse makes of it (any other escape as a space, which ends a pair as
  // its character would), so that halves pair up exactly as they will in the parsed strings.
  const units = text.replace(
    /\\(?:u([0-9a-fA-F]{4})|[^])/g,
    (_, hex: string | undefined) => hex === undefined ? " " : String.fromCharCode(parseInt(hex, 16)),
  );
  return !units.isWellFormed();
}
