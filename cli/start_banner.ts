/**
 * What the server prints once it listens: the URLs to open (operator page, scoring page, the TV page of each
 * published event, where the overlays are listed) on each address the phones can use, and, on the very first
 * start, the admin token, shown this once and never logged.
 */

/** What the server logs at start when the store has no admin token and it makes none (`DEMO` off). */
export const FIRST_ADMIN_HINT =
  "No admin token yet: make the first with `deno task token create --role admin` " +
  "against this DATABASE_URL (it is printed there, never in this log)";

/** Every overlay a producer may add to OBS (docs/pages.md), as the banner lists them. */
export const OVERLAY_PATHS = [
  "/overlay/featured/{slug}            the match the desk features",
  "/overlay/table/{slug}/{tableNo}     whatever is on a table",
  "/overlay/match/{matchId}            one match",
  "/overlay/tie/{tieId}                a tie of a team event",
  "/overlay/subevent/{categoryId}      a category's live matches and results",
  "/overlay/card/match/{matchId}       lower third: a match",
  "/overlay/card/player/{playerId}     lower third: a player",
  "/overlay/standings/{slug}           a group's standings, picked on /manage/stream",
  "/overlay/bracket/{slug}             a knockout's current rounds, picked on /manage/stream",
  "/overlay/slate/{slug}               the slate: starting soon, break, technical",
  "/overlay/sponsor/{slug}             the sponsor's slot",
] as const;

/** What the banner is made from. */
export interface BannerInput {
  port: number;
  /** The host names or addresses to print the URLs with (LAN addresses first). */
  hosts: readonly string[];
  /** Slugs of the published events, for their TV pages. */
  eventSlugs: readonly string[];
  /** The admin token made at this start, or null. */
  adminSecret: string | null;
  /** The address the QR codes encode when no proxy says otherwise (http/public_origin.ts), when known. */
  qrAddress?: string | null;
}

/**
 * The banner's lines.
 * @example startBanner({ port: 8000, hosts: ["192.168.1.20"], eventSlugs: [], adminSecret: null })[0]
 * // "Operator page:   http://192.168.1.20:8000/manage"
 */
export function startBanner(input: BannerInput): string[] {
  const bases = (input.hosts.length ? input.hosts : ["localhost"]).map((h) =>
    `http://${h.includes(":") ? `[${h}]` : h}:${input.port}`
  );
  const lines: string[] = [];
  const each = (label: string, path: string) => {
    for (const base of bases) lines.push(`${label.padEnd(17)}${base}${path}`);
  };
  each("Operator page:", "/manage");
  each("Scoring page:", "/score");
  for (const slug of input.eventSlugs) each("Venue TV:", `/t/${encodeURIComponent(slug)}/tv`);
  lines.push(`${"Overlays:".padEnd(17)}listed with their URLs on the operator page; for OBS:`);
  for (const path of OVERLAY_PATHS) lines.push(`${"".padEnd(19)}${path}`);
  if (input.qrAddress) {
    lines.push(
      `${"QR codes:".padEnd(17)}${input.qrAddress} (the address phones open; set it with --public-url)`,
    );
  }
  if (input.adminSecret !== null) {
    lines.push(
      "",
      "First start: an admin token was made. It is shown only now; keep it to sign in on the operator page:",
      `  ${input.adminSecret}`,
      "More tokens: deno task token create --role scorer [--event SLUG] [--table N] --label LABEL",
      "",
    );
  }
  return lines;
}

/**
 * The addresses to print for a bind host: the host itself, or for all interfaces (0.0.0.0, ::) the machine's
 * non-internal IPv4 addresses and localhost. Listing interfaces needs --allow-sys=networkInterfaces (the start
 * task asks for it); without it, localhost only.
 */
export function bannerHosts(bindHost: string): string[] {
  if (bindHost !== "0.0.0.0" && bindHost !== "::") return [bindHost];
  let lan: string[] = [];
  try {
    // Query first: calling without the permission would prompt on a terminal.
    if (Deno.permissions.querySync({ name: "sys", kind: "networkInterfaces" }).state !== "granted") {
      return ["localhost"];
    }
    lan = Deno.networkInterfaces()
      .filter((i) => i.family === "IPv4" && !i.address.startsWith("127."))
      .map((i) => i.address);
  } catch {
    lan = [];
  }
  return [...new Set([...lan, "localhost"])];
}

/**
 * The LAN address the banner prints first, as an origin for the QR codes: the first of the banner's hosts that is
 * not this computer's own name (localhost), or null when it prints none.
 * @example lanOrigin(["192.168.1.20", "localhost"], 8000) // "http://192.168.1.20:8000"
 */
export function lanOrigin(hosts: readonly string[], port: number): string | null {
  const lan = hosts.find((h) => h !== "localhost" && !h.startsWith("127.") && h !== "::1");
  if (lan === undefined || port === 0) return null;
  return `http://${lan.includes(":") ? `[${lan}]` : lan}:${port}`;
}
