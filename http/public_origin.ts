/**
 * The address the QR codes encode (the TV's, the poster's, the operator's links and the print center's): the one
 * the operator chose (`PUBLIC_URL`), else, behind reverse proxies the operator says to trust (`TRUST_PROXY`), the
 * one the proxy was asked for (X-Forwarded-Proto, X-Forwarded-Host), else the LAN address the server printed at
 * start, else the address the request came to. A forwarded header is never read without a trusted proxy: any
 * client could send one.
 */
import { HttpError } from "./problem.ts";

/** The operator's setting and what the server knows of its own address, made once by main.ts. */
export interface PublicAddress {
  /** `PUBLIC_URL`: the origin the operator chose (`https://live.example.org`); null when not set. */
  readonly chosen: string | null;
  /**
   * The first LAN address the server printed at start (`http://192.168.1.20:8000`); null when it printed none
   * (it could not list the machine's interfaces, or it listens on one named host).
   */
  readonly lan: string | null;
}

/** A host as X-Forwarded-Host may name it: a name or IPv4 address, or an IPv6 address in brackets, and a port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}\.?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The entry a trusted proxy wrote in a comma-separated forwarded header: the Nth from the right, as for
 * X-Forwarded-For (http/client_address.ts: each proxy appends what it was given; entries further left came from
 * the client).
 */
function trustedEntry(value: string | null, trustedProxies: number): string | null {
  if (value === null || value.trim() === "") return null;
  const entries = value.split(",");
  return entries[Math.max(0, entries.length - trustedProxies)]?.trim() ?? null;
}

/**
 * The origin a trusted proxy was asked for, from X-Forwarded-Proto and X-Forwarded-Host (either may be missing:
 * the request's own scheme or host stands in); null without a trusted proxy, without either header, or when one
 * is not a scheme or host.
 * @example forwardedOrigin(new Headers({ "x-forwarded-proto": "https", "x-forwarded-host": "live.example.org" }), "http://10.0.0.2:8000/t/x", 1) // "https://live.example.org"
 */
export function forwardedOrigin(headers: Headers, requestUrl: string, trustedProxies: number): string | null {
  if (trustedProxies <= 0) return null;
  const proto = trustedEntry(headers.get("x-forwarded-proto"), trustedProxies)?.toLowerCase() ?? null;
  const host = trustedEntry(headers.get("x-forwarded-host"), trustedProxies);
  if (proto === null && host === null) return null;
  if (proto !== null && proto !== "http" && proto !== "https") return null;
  if (host !== null && !HOST.test(host)) return null;
  const own = new URL(requestUrl);
  const origin = `${proto ?? own.protocol.slice(0, -1)}://${host ?? own.host}`;
  return URL.canParse(origin) ? new URL(origin).origin : null;
}

/**
 * The origin the QR codes of a request's page encode (see the module's comment for the order).
 * @example publicOrigin({ chosen: null, lan: "http://192.168.1.20:8000" }, request, 0) // "http://192.168.1.20:8000"
 */
export function publicOrigin(
  address: PublicAddress | undefined,
  request: { url: string; headers: Headers },
  trustedProxies: number,
): string {
  return address?.chosen ?? forwardedOrigin(request.headers, request.url, trustedProxies) ?? address?.lan ??
    new URL(request.url).origin;
}

/**
 * Whether a page's QR codes depend on the request's forwarded headers, which its URL does not say: such a page
 * must not be kept by URL (http/answer_cache.ts).
 */
export function dependsOnForwarded(address: PublicAddress | undefined, trustedProxies: number): boolean {
  return trustedProxies > 0 && (address?.chosen ?? null) === null;
}

/**
 * Whether an origin is this computer's own (a loopback address: 127.0.0.0/8, ::1, localhost), which phones cannot
 * open.
 * @example isLoopbackOrigin("http://localhost:8000") // true; isLoopbackOrigin("http://192.168.1.20:8000") // false
 */
export function isLoopbackOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) ||
    host === "[::1]" || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host) || host === "0.0.0.0" ||
    host === "[::]";
}

/**
 * The base URL from the `base` query parameter (an http(s) origin, path and query dropped), else the
 * request's origin.
 */
export function linkBase(raw: string | undefined, requestOrigin: string): string {
  if (raw === undefined || raw === "") return requestOrigin;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    url = new URL("invalid:");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new HttpError(
      400,
      "invalid-query",
      `Invalid "base": expected an http:// or https:// address, got "${raw.slice(0, 80)}"`,
      { extensions: { field: "base" } },
    );
  }
  return url.origin;
}
