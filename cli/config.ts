/** Configuration, read once from flags and environment (flags win) into a frozen typed object. */
import type { RateLimitPolicy } from "../lib/rate_limit_policy.ts";
import type { StoreUrl } from "../lib/store_url.ts";

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: StoreUrl;
  /**
   * Run the demo simulation (points advancing in the demo's running matches): `SIMULATE`, `--[no-]simulate`;
   * on by default with SQLite, off with PostgreSQL (several instances would each move the demo on).
   */
  readonly simulate: boolean;
  /**
   * Load the demo tournament when the store is empty, and make and print the first admin token at start:
   * `DEMO`, `--[no-]demo`; on by default with SQLite (a laptop at a venue), off with PostgreSQL (a public
   * deployment, whose log may be shared: its first admin token comes from `deno task token create`).
   */
  readonly demo: boolean;
  /** Print the usage and stop (`--help`). */
  readonly help: boolean;
  /** Reverse proxies in front whose X-Forwarded-For names the client (http/client_address.ts); 0: none. */
  readonly trustProxy: number;
  /** Requests per window per client address (http/request_rate_limit.ts); null: no limit. */
  readonly rateLimit: RateLimitPolicy | null;
  /**
   * The address the QR codes encode (http/public_origin.ts), an http(s) origin: `PUBLIC_URL`, `--public-url`;
   * null: a trusted proxy's forwarded address, else the LAN address printed at start, else the request's.
   */
  readonly publicUrl: string | null;
  /**
   * Where security problems are reported, served in `/.well-known/security.txt` (RFC 9116): a `mailto:` or
   * `https:` URI (an e-mail address alone becomes `mailto:`): `SECURITY_CONTACT`, `--security-contact`; null: none.
   */
  readonly securityContact: string | null;
  /**
   * The public server this venue server pushes its event to (docs/relay.md): `RELAY_URL`, `--relay-url`, an
   * http(s) origin; with `RELAY_TOKEN`, `--relay-token`, a relay token made there. null: no relay.
   */
  readonly relay: { readonly url: string; readonly token: string } | null;
}

/** A configuration value that cannot be used; its message names the setting. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export const DEFAULT_DATABASE_URL = "sqlite:./data/tournament.db";

/** Parses a DATABASE_URL: `sqlite:PATH`, `sqlite::memory:`, or `postgres://...` / `postgresql://...`. */
export function parseDatabaseUrl(raw: string): StoreUrl {
  const value = raw.trim();
  if (value === "sqlite::memory:" || value === ":memory:") {
    return { kind: "sqlite", path: ":memory:", memory: true, url: "sqlite::memory:" };
  }
  if (value.startsWith("sqlite:")) {
    const path = value.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (path === "" || path.endsWith("/")) {
      throw new ConfigError(`Invalid DATABASE_URL "${raw}": expected sqlite:PATH/TO/FILE.db`);
    }
    return { kind: "sqlite", path, memory: false, url: value };
  }
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      const u = new URL(value);
      if (!u.hostname) throw new Error("no host");
    } catch {
      throw new ConfigError(`Invalid DATABASE_URL "${redact(raw)}": not a valid postgres:// URL`);
    }
    return { kind: "postgres", url: value };
  }
  throw new ConfigError(
    `Invalid DATABASE_URL "${redact(raw)}": expected sqlite:PATH, sqlite::memory: or postgres://USER@HOST/DB`,
  );
}

/** Hides a password in a connection URL so that it can be printed. */
export function redact(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}

function parsePort(raw: string, name: string): number {
  if (!/^\d{1,5}$/.test(raw.trim()) || Number(raw) > 65535) {
    throw new ConfigError(`Invalid ${name} "${raw}": expected a port number from 0 to 65535`);
  }
  return Number(raw);
}

function parseHost(raw: string): string {
  const host = raw.trim();
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) {
    throw new ConfigError(`Invalid HOST "${raw}": expected a host name or an IP address`);
  }
  return host;
}

/** The most reverse proxies that can be trusted in a row (a CDN, a load balancer, a local proxy...). */
export const MAX_TRUSTED_PROXIES = 10;

function parseTrustProxy(raw: string): number {
  const value = raw.trim().toLowerCase();
  if (value === "off" || value === "false") return 0;
  if (value === "on" || value === "true") return 1;
  if (!/^\d{1,2}$/.test(value) || Number(value) > MAX_TRUSTED_PROXIES) {
    throw new ConfigError(
      `Invalid TRUST_PROXY "${raw}": expected the number of reverse proxies in front, 0 to ${MAX_TRUSTED_PROXIES}`,
    );
  }
  return Number(value);
}

/**
 * The request limit when it is on: generous, for a hall of phones behind one address polling live scores (a
 * 304 counts a quarter of a request).
 */
export const DEFAULT_RATE_LIMIT: RateLimitPolicy = { limit: 3000, windowSeconds: 60 };

/**
 * RATE_LIMIT: `off`, `on` (the default limit), `N` (requests a minute) or `N/S` (N requests in S seconds);
 * absent, on with PostgreSQL (a public deployment) and off with SQLite (a venue LAN).
 */
function parseRateLimit(raw: string | undefined, store: StoreUrl): RateLimitPolicy | null {
  if (raw === undefined) return store.kind === "postgres" ? DEFAULT_RATE_LIMIT : null;
  const value = raw.trim().toLowerCase();
  if (value === "off") return null;
  if (value === "on") return DEFAULT_RATE_LIMIT;
  const m = /^(\d{1,7})(?:\/(\d{1,6}))?$/.exec(value);
  const limit = Number(m?.[1]);
  const windowSeconds = Number(m?.[2] ?? 60);
  if (!m || limit < 1 || windowSeconds < 1 || windowSeconds > 86_400) {
    throw new ConfigError(
      `Invalid RATE_LIMIT "${raw}": expected off, on, requests a minute (600) or requests per seconds (600/60)`,
    );
  }
  return { limit, windowSeconds };
}

/**
 * PUBLIC_URL: the address phones open, an http:// or https:// origin (a final slash is allowed, no path); its
 * origin. Empty: not set.
 * @example parsePublicUrl("http://192.168.1.20:8000/") // "http://192.168.1.20:8000"
 */
export function parsePublicUrl(raw: string | undefined): string | null {
  const value = raw?.trim() ?? "";
  if (value === "") return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (
    !url || (url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/" ||
    url.search !== "" ||
    url.hash !== "" || url.username !== "" || url.password !== "" || !/^https?:\/\/[^/?#\s]+\/?$/i.test(value)
  ) {
    throw new ConfigError(
      `Invalid PUBLIC_URL "${raw}": expected the address phones open, like http://192.168.1.20:8000 or ` +
        "https://live.example.org (no path)",
    );
  }
  return url.origin;
}

/**
 * SECURITY_CONTACT: an e-mail address, or a `mailto:` or `https:` URI; the URI. Empty: not set.
 * @example parseSecurityContact("security@example.org") // "mailto:security@example.org"
 */
export function parseSecurityContact(raw: string | undefined): string | null {
  const value = raw?.trim() ?? "";
  if (value === "") return null;
  const uri = /^[^\s@:/]+@[^\s@/]+\.[^\s@/]+$/.test(value) ? `mailto:${value}` : value;
  const url = URL.canParse(uri) ? new URL(uri) : null;
  if (
    !url || !/^[\x21-\x7e]+$/.test(uri) ||
    !(url.protocol === "https:" || (url.protocol === "mailto:" && /^[^@]+@[^@]+$/.test(url.pathname)))
  ) {
    throw new ConfigError(
      `Invalid SECURITY_CONTACT "${raw}": expected an e-mail address, or a mailto: or https: address, like ` +
        "security@example.org or https://example.org/security",
    );
  }
  return uri;
}

/**
 * An on/off setting (`DEMO`, `SIMULATE`): on, off, or true/false, yes/no, 1/0.
 * @example parseSwitch("off", "DEMO") // false
 */
export function parseSwitch(raw: string, name: string): boolean {
  const value = raw.trim().toLowerCase();
  if (["on", "true", "yes", "1"].includes(value)) return true;
  if (["off", "false", "no", "0"].includes(value)) return false;
  throw new ConfigError(`Invalid ${name} "${raw}": expected on or off`);
}

/** The on/off flags: `--demo` / `--no-demo`, `--simulate` / `--no-simulate`. */
const SWITCH_FLAGS = ["demo", "simulate"] as const;

const FLAG_NAMES = [
  "port",
  "host",
  "database-url",
  "trust-proxy",
  "rate-limit",
  "public-url",
  "security-contact",
  "relay-url",
  "relay-token",
] as const;

/** What `--help` prints: the server's flags, the environment variables they override, the defaults. */
export const SERVER_USAGE =
  `Usage: deno task start [--port N] [--host H] [--database-url URL] [--[no-]demo] [--[no-]simulate]
                       [--trust-proxy N] [--rate-limit off|on|N|N/S] [--public-url URL]
                       [--security-contact URI]
                       [--relay-url URL --relay-token TOKEN]

  --port N            port to listen on (env PORT; default 8000)
  --host H            address to listen on (env HOST; default 0.0.0.0, every interface)
  --database-url URL  sqlite:PATH, sqlite::memory: or postgres://... (env DATABASE_URL;
                      default ${DEFAULT_DATABASE_URL})
  --demo, --no-demo   load the demo tournament into an empty store, and make and print the first admin
                      token (env DEMO=on|off; default on with SQLite, off with PostgreSQL)
  --simulate, --no-simulate
                      the demo's running matches move on by themselves (env SIMULATE=on|off; default on
                      with SQLite, off with PostgreSQL)
  --trust-proxy N     N reverse proxies in front append the client's address to X-Forwarded-For: limits
                      per client count that address, and QR codes use the X-Forwarded-Proto and
                      X-Forwarded-Host they pass on (env TRUST_PROXY; default 0, the TCP peer is the client)
  --rate-limit L      requests per client address: off, on (${DEFAULT_RATE_LIMIT.limit} a minute), N a minute or
                      N/S in S seconds; a 304 counts a quarter (env RATE_LIMIT; default on with PostgreSQL,
                      off with SQLite)
  --public-url URL    the address the QR codes of the TV and the poster encode, the one phones open, like
                      http://192.168.1.20:8000 (env PUBLIC_URL; default: behind a trusted proxy the address
                      it was asked for, else the LAN address printed at start, else the page's own)
  --security-contact URI
                      where security problems are reported, served in /.well-known/security.txt: an e-mail
                      address or a mailto: or https: address (env SECURITY_CONTACT; default none: no file)
  --relay-url URL     push this server's event live to the public server at URL, like
                      https://live.example.org (env RELAY_URL; default none: docs/relay.md)
  --relay-token T     the relay token made on that server for the event (env RELAY_TOKEN)
  --help, -h          this text`;

/**
 * Reads flags (`--port 8000`, `--port=8000`, `--host`, `--database-url`, `--[no-]simulate`, `--[no-]demo`,
 * `--help`).
 */
export function parseFlags(args: readonly string[]): Record<string, string | boolean> {
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--help" || arg === "-h") flags["help"] = true;
    else if (SWITCH_FLAGS.some((name) => arg === `--${name}` || arg === `--no-${name}`)) {
      flags[arg.replace(/^--(no-)?/, "")] = !arg.startsWith("--no-");
    } else if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (!(FLAG_NAMES as readonly string[]).includes(name)) {
        throw new ConfigError(
          `Unknown flag "${arg}": expected --port, --host, --database-url, --[no-]demo, --[no-]simulate, ` +
            "--trust-proxy, --rate-limit, --public-url, --security-contact, --relay-url, --relay-token, --help",
        );
      }
      const value = inline ?? args[++i];
      if (value === undefined) throw new ConfigError(`Flag "--${name}" needs a value`);
      flags[name] = value;
    } else {
      throw new ConfigError(`Unexpected argument "${arg}"`);
    }
  }
  return flags;
}

/** Builds the configuration from flags and an environment lookup (flags override environment). */
export function readConfig(args: readonly string[], env: (name: string) => string | undefined): Config {
  const flags = parseFlags(args);
  const pick = (flag: string, envName: string) => {
    const f = flags[flag];
    return typeof f === "string" ? f : env(envName);
  };
  const port = parsePort(pick("port", "PORT") ?? "8000", "PORT");
  const host = parseHost(pick("host", "HOST") ?? "0.0.0.0");
  const databaseUrl = parseDatabaseUrl(pick("database-url", "DATABASE_URL") ?? DEFAULT_DATABASE_URL);
  const trustProxy = parseTrustProxy(pick("trust-proxy", "TRUST_PROXY") ?? "0");
  const rateLimit = parseRateLimit(pick("rate-limit", "RATE_LIMIT"), databaseUrl);
  const publicUrl = parsePublicUrl(pick("public-url", "PUBLIC_URL"));
  const securityContact = parseSecurityContact(pick("security-contact", "SECURITY_CONTACT"));
  const relay = parseRelay(pick("relay-url", "RELAY_URL"), pick("relay-token", "RELAY_TOKEN"));
  const onOff = (flag: (typeof SWITCH_FLAGS)[number], envName: string) => {
    const f = flags[flag];
    if (typeof f === "boolean") return f;
    const raw = env(envName);
    return raw === undefined ? databaseUrl.kind === "sqlite" : parseSwitch(raw, envName);
  };
  return Object.freeze({
    port,
    host,
    databaseUrl,
    simulate: onOff("simulate", "SIMULATE"),
    demo: onOff("demo", "DEMO"),
    help: flags["help"] === true,
    trustProxy,
    rateLimit,
    publicUrl,
    securityContact,
    relay,
  });
}

/**
 * RELAY_URL and RELAY_TOKEN, both or neither: the public server's http(s) origin (a final slash allowed) and a
 * relay token (`tt_…`).
 * @example parseRelay("https://live.example.org/", "tt_abc") // { url: "https://live.example.org", token: "tt_abc" }
 */
export function parseRelay(
  rawUrl: string | undefined,
  rawToken: string | undefined,
): { url: string; token: string } | null {
  const url = rawUrl?.trim() ?? "";
  const token = rawToken?.trim() ?? "";
  if (url === "" && token === "") return null;
  if (url === "") throw new ConfigError(`RELAY_TOKEN is set but RELAY_URL is not: set both, or neither`);
  if (token === "") throw new ConfigError(`RELAY_URL is set but RELAY_TOKEN is not: set both, or neither`);
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (
    !parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.pathname !== "/" ||
    parsed.search !== "" || parsed.username !== "" || parsed.password !== ""
  ) {
    throw new ConfigError(
      `Invalid RELAY_URL "${url}": expected the public server's address, like https://live.example.org (no path)`,
    );
  }
  if (!/^tt_[A-Za-z0-9_-]{20,200}$/.test(token)) {
    throw new ConfigError(
      `Invalid RELAY_TOKEN: expected a token made by "deno task token create --role relay"`,
    );
  }
  return { url: parsed.origin, token };
}

/** The environment variables the program reads (its `--allow-env` list). */
export const ENV_NAMES = [
  "PORT",
  "HOST",
  "DATABASE_URL",
  "DEMO",
  "SIMULATE",
  "TRUST_PROXY",
  "RATE_LIMIT",
  "PUBLIC_URL",
  "SECURITY_CONTACT",
  "RELAY_URL",
  "RELAY_TOKEN",
] as const;

/** Reads the environment without failing where a variable is not permitted. */
export function denoEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}
