/**
 * The standings and bracket overlays read from a distance (`?distance=` metres, `?diagonal=` inches, as the
 * TV: pages/tv_distance.ts): every text gets the one font size that subtends 16 arcminutes there, the graphic
 * fills the canvas, and what does not fit is shown a page at a time, in turn (pure CSS: each page is visible for
 * its turn of one cycle; a page's visibility changes, nothing moves, so reduced motion needs nothing else).
 */
import type { TvDistance } from "./tv_distance.ts";

/** Seconds each page is shown before the next. */
export const FAR_PAGE_SECONDS = 8;
/** The share of the screen's height (vh) the overlay leaves at its top and bottom. */
const MARGIN_VH = 2;

/**
 * How many rows of `linesPerRow` lines fit under `headLines` lines of heading, each line 1.25 times the text.
 * @example rowsThatFit(distance, 1, 2) // rows of a standings table under its heading and column heads
 */
export function rowsThatFit(distance: TvDistance, linesPerRow: number, headLines: number): number {
  const line = distance.textVh * 1.25;
  const room = 100 - 2 * MARGIN_VH - headLines * line - distance.textVh * 0.5;
  return Math.max(1, Math.floor(room / (linesPerRow * line + distance.textVh * 0.4)));
}

/** Items split into pages of `per`. */
export function pagesOf<T>(items: readonly T[], per: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += per) pages.push(items.slice(i, i + per));
  return pages.length === 0 ? [[]] : pages;
}

/** The CSS of the far layout: one text size for everything, the canvas filled, `.far-page`s shown in turn. */
export function farOverlayCss(distance: TvDistance, pages: number): string {
  const cycle = pages * FAR_PAGE_SECONDS;
  const turns = Array.from(
    { length: pages },
    (_, i) => `.far-page[data-page="${i}"]{animation-delay:${i * FAR_PAGE_SECONDS}s}`,
  ).join("\n");
  return `
body.far .stage,body.far .stage *{font-size:${distance.textVh.toFixed(3)}vh!important;line-height:1.25}
body.far .stage{inset:${MARGIN_VH}vh 2vw;width:auto;max-width:none;transform:none}
${
    pages > 1
      ? `body.far .far-page{position:absolute;inset:0;visibility:hidden;
  animation:far-turn ${cycle}s step-end infinite}
@keyframes far-turn{0%{visibility:visible}${(100 / pages).toFixed(4)}%{visibility:hidden}}
${turns}`
      : ""
  }
`;
}
