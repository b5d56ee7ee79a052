/**
 * The capital height of every text on screen, measured in Chromium: for each visible text node (scripts, styles,
 * captions and `.sr` text left out, as a reader does not see them), its font at its computed size drawn on a
 * canvas, the height of "H" above the baseline. Tests of the screens read from a distance compare it with the
 * height that subtends 16 arcminutes (pages/tv_distance.ts).
 */
import type { Page } from "playwright-core";

/** A text on screen (its first 40 characters) and its capital height in CSS px. */
export interface TextHeight {
  text: string;
  cap: number;
}

/** The capital heights of the texts on screen. */
export function textCapHeights(page: Page): Promise<TextHeight[]> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d")!;
    const capOf = (style: CSSStyleDeclaration) => {
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return canvas.measureText("H").actualBoundingBoxAscent;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const out: { text: string; cap: number }[] = [];
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? "";
      const el = n.parentElement;
      if (text === "" || !el || el.closest("script, style, caption, .sr")) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const visible = [...range.getClientRects()].some((r) =>
        r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 &&
        r.left < innerWidth
      );
      if (!visible || getComputedStyle(el).visibility === "hidden") continue;
      out.push({ text: text.slice(0, 40), cap: capOf(getComputedStyle(el)) });
    }
    return out;
  });
}
