/**
 * The TV read from a distance (`?distance=` metres, `?diagonal=` the panel's inches, 55 by default): the
 * smallest text on screen then subtends 16 arcminutes at the viewer's eye, the minimum character height of
 * ISO 9241-303 (5.1.4) for reading, which a capital letter of height h at distance d subtends as 2·atan(h / 2d).
 * The panel is taken as 16:9, so its height is diagonal × 9 / √337; the text size is given in vh (a share of
 * the screen's height), so that one URL holds for a 1080p and a 4K panel of the same size.
 */

/** The smallest angle a text's capital letters subtend: 16 arcminutes (ISO 9241-303). */
export const MIN_ARCMIN = 16;
/** The panel's diagonal (inches) when `?diagonal=` does not say it. */
export const DEFAULT_DIAGONAL_IN = 55;
/**
 * Capital height over font size, on the low side of the sans-serif faces a TV shows (DejaVu Sans 0.73, Roboto
 * 0.71, Segoe UI 0.70, Liberation Sans 0.72): the font size is the capital height divided by this.
 */
export const CAP_RATIO = 0.68;

/** A distance setting: where the back row is, the panel's size, and the font size (vh) every text gets. */
export interface TvDistance {
  metres: number;
  diagonalInches: number;
  /** The capital height (vh) that subtends MIN_ARCMIN there. */
  capVh: number;
  /** The font size (vh) of every text on screen: capVh / CAP_RATIO. */
  textVh: number;
}

/** A 16:9 panel's height in metres from its diagonal in inches. */
export function panelHeightMetres(diagonalInches: number): number {
  return diagonalInches * 0.0254 * 9 / Math.sqrt(337);
}

/**
 * The capital height (m) that subtends `arcmin` at `metres`.
 * @example capHeightMetres(8, 16) // 0.0372 (3.7 cm)
 */
export function capHeightMetres(metres: number, arcmin = MIN_ARCMIN): number {
  return 2 * metres * Math.tan((arcmin / 60) * Math.PI / 180 / 2);
}

/**
 * Reads `?distance=` (metres, 1 to 30) and `?diagonal=` (inches, 20 to 150; else 55); null without a distance
 * or with one that is not a number in range (the TV then keeps its usual layout).
 * @example parseTvDistance("8", "55")?.textVh // 8.0 (about 86 px on a 1080p panel)
 */
export function parseTvDistance(
  distance: string | undefined,
  diagonal: string | undefined,
): TvDistance | null {
  const metres = distance?.trim() ? Number(distance) : NaN;
  if (!(metres >= 1 && metres <= 30)) return null;
  const d = diagonal?.trim() ? Number(diagonal) : NaN;
  const diagonalInches = d >= 20 && d <= 150 ? d : DEFAULT_DIAGONAL_IN;
  const capVh = 100 * capHeightMetres(metres) / panelHeightMetres(diagonalInches);
  return { metres, diagonalInches, capVh, textVh: capVh / CAP_RATIO };
}
