/**
 * The query parameters of the overlay pages: pos, scale and debug (spec, "Overlay query parameters"), and the
 * theme a producer sets in the URL (colours, compact, hide), read leniently: a bad value falls back to the
 * default silently, since a typo must not paint an error over a stream.
 */

/** Where the overlay sits: centred on an edge, or in a corner. */
export const OVERLAY_POSITIONS = [
  "bottom",
  "top",
  "top-left",
  "top-right",
  "bottom-left",
  "bottom-right",
] as const;
/** One of OVERLAY_POSITIONS. */
export type OverlayPosition = typeof OVERLAY_POSITIONS[number];

/** The parts a producer may hide: the associations, the finished games' scores, the top line, the flags. */
export const HIDEABLE = ["club", "games", "head", "flag"] as const;
/** One of HIDEABLE. */
export type Hideable = typeof HIDEABLE[number];

/** The overlay's placement and theme. Colours are 3 or 6 hex digits without "#", or null for the default. */
export interface OverlayParams {
  pos: OverlayPosition;
  scale: number;
  debug: boolean;
  /** The highlight: points, serve dot, winner's name, game point flag. */
  accent: string | null;
  /** The text. */
  fg: string | null;
  /** The bar's (board's) own background. */
  panel: string | null;
  /** A solid page background for a hardware keyer (e.g. 00ff00); null: transparent. */
  bg: string | null;
  /** Names and scores only (no top line, associations or finished games). */
  compact: boolean;
  hide: Hideable[];
  /** A table's overlay: how long (s) it holds a finished match's result before it shows "Up next". */
  hold: number;
}

/** The scale range of the spec; values outside are clamped to it. */
export const MIN_SCALE = 0.8;
/** The largest scale of the spec. */
export const MAX_SCALE = 1.5;

/** The table overlay's hold of a result by default (s), and the longest one. */
export const DEFAULT_HOLD_S = 60;
/** The longest hold of a result (s); longer values are clamped to it. */
export const MAX_HOLD_S = 3600;

/** The default colours, which the theme parameters replace. */
export const DEFAULT_COLOURS = { accent: "#ffd400", fg: "#fff", panel: "rgba(9,20,38,.92)" } as const;

/** A colour parameter: 3 or 6 hex digits, with or without "#"; anything else is null (the default). */
export function parseColour(raw: string | undefined): string | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(raw?.trim() ?? "");
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Reads the overlay parameters leniently: `pos` is one of OVERLAY_POSITIONS or else bottom; `scale` is clamped
 * to 0.8–1.5, and anything that is not a number gives 1; `debug` is on only for "1"; colours as parseColour;
 * `compact` on for "1" or "true" (or present and empty); `hide` a comma list of HIDEABLE, unknown words dropped; `hold` seconds, 0–3600, else 60.
 * @example parseOverlayParams({ pos: "sideways", scale: "9" }).pos // "bottom"
 */
export function parseOverlayParams(query: Record<string, string | undefined>): OverlayParams {
  const raw = query.scale?.trim();
  const n = raw ? Number(raw) : NaN;
  const scale = Number.isNaN(n) ? 1 : Math.min(MAX_SCALE, Math.max(MIN_SCALE, n));
  const holdRaw = query.hold?.trim();
  const hold = holdRaw ? Number(holdRaw) : NaN;
  const pos = OVERLAY_POSITIONS.find((p) => p === query.pos) ?? "bottom";
  const words = (query.hide ?? "").split(",").map((w) => w.trim().toLowerCase());
  return {
    pos,
    scale,
    debug: query.debug === "1",
    accent: parseColour(query.accent),
    fg: parseColour(query.fg),
    panel: parseColour(query.panel),
    bg: parseColour(query.bg),
    compact: query.compact === "1" || query.compact === "true" || query.compact === "",
    hide: HIDEABLE.filter((h) => words.includes(h)),
    hold: Number.isFinite(hold) ? Math.min(MAX_HOLD_S, Math.max(0, hold)) : DEFAULT_HOLD_S,
  };
}

/** The classes of the overlay's body: its position, debug, compact and each hidden part. */
export function overlayBodyClass(params: OverlayParams): string {
  return [
    "overlay",
    `pos-${params.pos}`,
    ...(params.debug ? ["debug"] : []),
    ...(params.compact ? ["compact"] : []),
    ...params.hide.map((h) => `hide-${h}`),
  ].join(" ");
}

/**
 * The CSS that places the overlay's `.stage` element and sets its colours. Centred on an edge, it has left and
 * right at 0 with auto margins, so that it may use the whole width of the canvas less a margin (not half of it,
 * as a `left: 50%` box would), scaled from the middle of that edge; in a corner, it hugs both edges and scales
 * from the corner. The values are numbers, fixed words and validated hex digits, never request text.
 */
export function overlayPlacementCss(params: OverlayParams): string {
  const [edge, side] = params.pos.split("-") as ["top" | "bottom", "left" | "right" | undefined];
  const across = side === undefined ? "left:0;right:0;margin:0 auto;" : `${side}:24px;`;
  const colour = (hex: string | null, fallback: string) => hex === null ? fallback : `#${hex}`;
  const vars = `:root{--accent:${colour(params.accent, DEFAULT_COLOURS.accent)};` +
    `--fg:${colour(params.fg, DEFAULT_COLOURS.fg)};--panel:${colour(params.panel, DEFAULT_COLOURS.panel)}}`;
  const page = params.bg === null ? "" : `html,body{background:#${params.bg}}`;
  return `${vars}${page}.stage{position:fixed;${across}${edge}:24px;width:max-content;` +
    `max-width:calc((100vw - 48px) / ${params.scale});transform-origin:${edge} ${side ?? "center"};` +
    `transform:scale(${params.scale})}`;
}
