/**
 * What the print tests check of a printed sheet in Chromium: the PDF's page count, every sheet and row whole
 * (nothing cut by its box), and the QR codes read back from the page as a phone's camera would read them.
 */
import jsqrModule from "jsqr";
import type { Page } from "playwright-core";

// The package is CommonJS: Deno types its default import as the module, whose `default` is the function.
const jsQR = jsqrModule.default;

/** The number of pages of a PDF Chromium printed (its page objects are written uncompressed). */
export function pdfPageCount(pdf: Uint8Array): number {
  const text = new TextDecoder("latin1").decode(pdf);
  return [...text.matchAll(/\/Type\s*\/Page(?![a-zA-Z])/g)].length;
}

/** Prints the page as Chromium does (print media, backgrounds, the page's own @page size) and counts pages. */
export async function printedPages(page: Page): Promise<number> {
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  return pdfPageCount(pdf);
}

/** Prints the page on US Letter (the paper the browser's dialog may hold instead of the page's own A4). */
export async function printedLetterPages(page: Page): Promise<number> {
  const pdf = await page.pdf({
    format: "Letter",
    margin: { top: "10mm", bottom: "10mm", left: "10mm", right: "10mm" },
  });
  return pdfPageCount(pdf);
}

/**
 * The boxes whose content does not fit (scrollHeight or scrollWidth over the box's own) under print media,
 * described for the assertion message; empty when nothing is cut.
 */
export async function cutBoxes(page: Page, selector: string): Promise<string[]> {
  await page.emulateMedia({ media: "print" });
  try {
    return await page.$$eval(
      selector,
      (els) =>
        els.flatMap((el, i) =>
          el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1
            ? [`${i}: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`]
            : []
        ),
    );
  } finally {
    await page.emulateMedia({ media: "screen" });
  }
}

/** The texts of the page's QR codes (`svg.qr` matching `selector`), each drawn at 8 px a module and decoded. */
export async function readQrCodes(page: Page, selector = "svg.qr"): Promise<string[]> {
  const images = await page.$$eval(selector, async (svgs) => {
    const out: { w: number; h: number; data: number[] }[] = [];
    for (const svg of svgs) {
      const box = (svg as SVGSVGElement).viewBox.baseVal;
      const w = box.width * 8;
      const h = box.height * 8;
      const copy = svg.cloneNode(true) as SVGSVGElement;
      copy.setAttribute("width", String(w));
      copy.setAttribute("height", String(h));
      const img = new Image();
      img.src = "data:image/svg+xml;charset=utf-8," +
        encodeURIComponent(new XMLSerializer().serializeToString(copy));
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(img, 0, 0, w, h);
      out.push({ w, h, data: Array.from(ctx.getImageData(0, 0, w, h).data) });
    }
    return out;
  });
  return images.map(({ w, h, data }) => jsQR(new Uint8ClampedArray(data), w, h)?.data ?? "(unreadable)");
}
