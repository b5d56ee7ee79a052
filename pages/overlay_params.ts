/** The query parameters of both overlay pages: pos, scale and debug (spec, "Overlay query parameters"). */

/** The overlay's placement: the edge it hugs, its size multiplier and whether the test checkerboard shows. */
export interface OverlayParams {
  pos: "bottom" | "top";
  scale: number;
  debug: boolean;
}

/** The scale range of the spec; values outside are clamped to it. */
export const MIN_SCALE = 0.8;
/** The largest scale of the spec. */
export const MAX_SCALE = 1.5;

/**
 * Reads the overlay parameters leniently, since a typo must not break a stream: `pos` is "top" or else bottom;
 * `scale` is clamped to 0.8–1.5, and anything that is not a number gives 1; `debug` is on only for "1".
 * @example parseOverlayParams({ pos: "sideways", scale: "9" }) // { pos: "bottom", scale: 1.5, debug: false }
 */
export function parseOverlayParams(query: Record<string, string | undefined>): OverlayParams {
  const raw = query.scale?.trim();
  const n = raw ? Number(raw) : NaN;
  const scale = Number.isNaN(n) ? 1 : Math.min(MAX_SCALE, Math.max(MIN_SCALE, n));
  return { pos: query.pos === "top" ? "top" : "bottom", scale, debug: query.debug === "1" };
}

/**
 * The CSS that places the overlay's `.stage` element: centred on the chosen edge (left and right at 0 with auto
 * margins, so that it may use the whole width of the canvas less a margin, not half of it as a `left: 50%` box
 * would), scaled from the middle of that edge. The values are numbers and fixed words, never request text.
 */
export function overlayPlacementCss(params: OverlayParams): string {
  const edge = params.pos;
  return `.stage{position:fixed;left:0;right:0;${edge}:24px;margin:0 auto;width:max-content;` +
    `max-width:calc((100vw - 48px) / ${params.scale});transform-origin:${edge} center;` +
    `transform:scale(${params.scale})}`;
}
