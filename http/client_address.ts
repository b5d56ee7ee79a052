/**
 * Which client a request comes from, for the limits kept per client (failed logins, request rates): the TCP
 * peer that Deno.serve gives the handler, or, behind reverse proxies the operator says to trust, the address the
 * first of them saw (X-Forwarded-For). Computed once per request by a middleware mounted first (main.ts), and
 * read as `c.var.client`.
 */
import { createMiddleware } from "hono/factory";

/** What main's handler passes to the app as Hono's env: Deno.serve's handler info (its `remoteAddr`). */
export interface ServeBindings {
  remoteAddr?: Deno.Addr;
}

/** The Hono environment of every route: the client's address in `c.var.client`. */
export interface ClientEnv {
  Bindings: ServeBindings;
  Variables: { client: string };
}

/** The client of a request that came with no peer address (an in-process call, a Unix socket). */
export const UNKNOWN_CLIENT = "unknown";

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;

/**
 * An address as the limits count it: IPv4 as it is; IPv6 by its /64 prefix, since one subscriber is given a
 * whole /64 and could otherwise take a new address for every request; an IPv4 address mapped into IPv6 as
 * IPv4. Anything else (not an address) as it is.
 * @example clientKey("2001:db8:1:2:aaaa::1") // "2001:db8:1:2::/64"
 * @example clientKey("::ffff:192.0.2.7") // "192.0.2.7"
 */
export function clientKey(address: string): string {
  if (IPV4.test(address) || !address.includes(":")) return address;
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (mapped) return mapped[1]!;
  const halves = lower.split("::");
  if (halves.length > 2) return address;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return address;
  const groups = [...head, ...Array(missing).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** One entry of X-Forwarded-For without a port (`192.0.2.1:4711`, `[2001:db8::1]:80`). */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](:\d{1,5})?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  return IPV4_WITH_PORT.exec(entry)?.[1] ?? entry;
}

/**
 * The client's address: the peer's, or with `trustedProxies` N > 0 the entry of X-Forwarded-For that the
 * first trusted proxy wrote (the Nth from the right: each proxy appends the address it saw). Entries further
 * left were written by the client itself, so they are never used. An entry that is no address leaves the peer.
 * @example clientAddress("10.0.0.5", "203.0.113.9, 198.51.100.2", 1) // "198.51.100.2"
 * @example clientAddress("10.0.0.5", "203.0.113.9", 0) // "10.0.0.5": no proxy is trusted
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | null | undefined,
  trustedProxies: number,
): string {
  const own = peer ?? UNKNOWN_CLIENT;
  if (trustedProxies <= 0 || !forwardedFor) return clientKey(own);
  const entries = forwardedFor.split(",");
  const entry = withoutPort((entries[Math.max(0, entries.length - trustedProxies)] ?? "").trim());
  return clientKey(isAddress(entry) ? entry : own);
}

/** Whether a text is shaped like an IPv4 or IPv6 address (not a name, not garbage). */
function isAddress(text: string): boolean {
  return IPV4.test(text) || (text.includes(":") && /^[0-9a-fA-F:.]+$/.test(text));
}

/** The peer's host name from Deno.serve's handler info; undefined for a Unix socket or an in-process call. */
export function peerOf(remoteAddr: Deno.Addr | undefined): string | undefined {
  return remoteAddr && "hostname" in remoteAddr ? remoteAddr.hostname : undefined;
}

/** Middleware: puts the client's address in `c.var.client`; mount it first. */
export function clientAddressVar(trustedProxies: number) {
  return createMiddleware<ClientEnv>(async (c, next) => {
    c.set(
      "client",
      clientAddress(peerOf(c.env?.remoteAddr), c.req.header("X-Forwarded-For"), trustedProxies),
    );
    await next();
  });
}
