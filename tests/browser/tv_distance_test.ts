/**
 * The TV read from the back of the hall (`?distance=8&diagonal=55`): on the demo, every text of every view in
 * the rotation (the live board, the tables, the results, the standings, the QR code) is measured in Chromium at 1920x1080 and
 * 3840x2160: its capital height (the font size times the capital height of its font, measured on a canvas)
 * subtends at least 16 arcminutes at 8 m on a 55-inch panel. `-- --update` writes docs/screenshots/tv_far_*.png.
 */
import assert from "node:assert/strict";
import { until } from "../support/wait.ts";
import { DEMO_SLUG, loadDemoIfEmpty } from "../../cli/demo.ts";
import { capHeightMetres, panelHeightMetres } from "../../pages/tv_distance.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { testNow } from "../support/test_clock.ts";
import { textCapHeights } from "../support/text_heights.ts";

const UPDATE = Deno.args.includes("--update");
const DIR = new URL("../../docs/screenshots/", import.meta.url);
const SIZES = [{ width: 1920, height: 1080 }, { width: 3840, height: 2160 }];
const SETTINGS = [{ metres: 8, diagonal: 55 }, { metres: 4, diagonal: 43 }];

browserSuite(
  "from the distance and panel size given, every text of the TV subtends 16 arcminutes at 1080p and 4K",
  (store) => loadDemoIfEmpty(store, testNow()),
  async (_t, { browser, server }) => {
    for (const { metres, diagonal } of SETTINGS) {
      for (const size of SIZES) {
        // The smallest capital height in CSS px: 16 arcminutes at that distance, over the panel's height.
        const minPx = capHeightMetres(metres) / panelHeightMetres(diagonal) * size.height;
        for (const view of ["live", "tables", "results", "standings", "qr"]) {
          const url =
            `${server.origin}/t/${DEMO_SLUG}/tv?view=${view}&distance=${metres}&diagonal=${diagonal}`;
          const tv = await openPage(browser, url, size);
          try {
            await tv.page.waitForFunction(() => document.body.dataset.view !== undefined);
            const texts = await textCapHeights(tv.page);
            if (UPDATE && metres === 8) {
              const name = `tv_far_${view}_${size.width}x${size.height}.png`;
              await Deno.writeFile(new URL(name, DIR), await tv.page.screenshot());
            }
            assert.ok(texts.length > 3, `${view}: texts on screen`);
            const small = texts.filter((t) => t.cap < minPx - 0.01);
            assert.deepEqual(
              small,
              [],
              `${metres} m, ${diagonal}", ${size.width}x${size.height}, ${view}: under ${
                minPx.toFixed(1)
              } px`,
            );
            // No text is cut at the bottom of the board: rows that do not fit are hidden whole. Counted once the
            // board has settled, and after the frame that fits a redrawn region: fresh data may swap a region in at
            // any poll, and its rows are fitted at the next frame.
            const cutRows = () =>
              tv.page.evaluate(async () => {
                // Measured two frames on: a region swapped in just now has been fitted by then (its fitting waits
                // for the next frame).
                for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
                const main = document.querySelector("main.tv")!;
                const { bottom } = main.getBoundingClientRect();
                // Rows wrapped to a column beyond the board (the list up next) are clipped at its content box.
                const right = main.getBoundingClientRect().right -
                  parseFloat(getComputedStyle(main).paddingRight);
                return [
                  ...document.querySelectorAll("section.view tbody tr, .next li, .hall > li, .groups > div"),
                ]
                  .map((el) => el.getBoundingClientRect())
                  .filter((r) =>
                    r.height > 0 && r.left < right - 1 && r.top < bottom && r.bottom > bottom + 0.5
                  )
                  .length;
              });
            await until(async () => await cutRows() === 0, `${view}: the board fitted`).catch(() => {});
            const cut = await cutRows();
            assert.equal(cut, 0, `${view}: a row cut at the bottom`);
            if (view === "tables") {
              // Eight tables do not fit at that size: they are paged, and the rotation shows the next page.
              const pages = await tv.page.locator("section[data-view-name='tables']").getAttribute(
                "data-pages",
              );
              assert.ok(Number(pages) >= 2, `tables in ${pages} pages`);
              const first = await tv.page.locator(".hall > li:not([hidden])").first().getAttribute(
                "data-table",
              );
              await tv.page.evaluate(() => document.body.dataset.page = "1");
              await tv.page.waitForFunction(
                (t) => document.querySelector(".hall > li:not([hidden])")?.getAttribute("data-table") !== t,
                first,
              );
            }
            assert.deepEqual(tv.errors, []);
          } finally {
            await tv.close();
          }
        }
      }
    }
  },
);
