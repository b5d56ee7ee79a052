/**
 * The knockout bracket's connector lines follow the page's direction (pages/components/bracket.tsx,
 * pages/tv_bracket.tsx): in English the rounds run left to right and each pair's line stands in the gap on its
 * right; in Arabic the rounds run right to left and the lines stand in the gap on their left. Looked at on the
 * category page at 1366x768 and on the venue TV's bracket view at 1920x1080. With `-- --shots=DIR` each is saved
 * there to look at.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { seedKnockout } from "../api/manage_fixtures.ts";
import { browserSuite, openPage } from "../support/browser.ts";
import { FULL_HD, LAPTOP } from "../support/viewports.ts";

const SHOTS = Deno.args.find((a) => a.startsWith("--shots="))?.slice("--shots=".length);

/** Where the bracket's first two rounds stand and where their connectors are drawn, in page pixels. */
interface Drawn {
  first: { left: number; right: number };
  second: { left: number; right: number };
  /** The vertical line joining each pair of the first round. */
  pairLines: number[];
  /** The short lines leaving each match of the first round, and those entering each match of the second. */
  outLines: { from: number; to: number }[];
  inLines: { from: number; to: number }[];
}

/** Reads where the bracket's lines are: a pseudo-element has no box of its own, so it is placed from its style. */
function drawn(page: Page): Promise<Drawn> {
  return page.evaluate(() => {
    const rounds = [...document.querySelectorAll<HTMLElement>(".bracket > .round")];
    const box = (el: Element) => el.getBoundingClientRect();
    /** The horizontal span of an absolutely placed pseudo-element of `el`. */
    const span = (el: Element, which: "::after" | "::before") => {
      const style = getComputedStyle(el, which);
      const b = box(el);
      const width = parseFloat(style.width) + parseFloat(style.borderLeftWidth) +
        parseFloat(style.borderRightWidth);
      const from = style.left !== "auto"
        ? b.left + parseFloat(style.left)
        : b.right - parseFloat(style.right) - width;
      return { from, to: from + width };
    };
    return {
      first: { left: box(rounds[0]!).left, right: box(rounds[0]!).right },
      second: { left: box(rounds[1]!).left, right: box(rounds[1]!).right },
      pairLines: [...rounds[0]!.querySelectorAll(".pair")].map((p) => {
        const s = span(p, "::after");
        return (s.from + s.to) / 2;
      }),
      outLines: [...rounds[0]!.querySelectorAll(".slot")].map((s) => span(s, "::after")),
      inLines: [...rounds[1]!.querySelectorAll(".slot")].map((s) => span(s, "::before")),
    };
  });
}

browserSuite(
  "the bracket's connector lines follow the page's direction",
  (store) => seedKnockout(store.db, { slug: "direction-draw", size: 8 }),
  async (t, { browser, server, seeded }) => {
    const screens = [
      { name: "category page", path: `/t/${seeded.slug}/c/${seeded.categoryId}`, viewport: LAPTOP },
      { name: "TV", path: `/t/${seeded.slug}/tv?view=bracket&interval=600`, viewport: FULL_HD },
    ];
    for (const screen of screens) {
      for (const lang of ["en", "ar"] as const) {
        await t.step(`${screen.name} in ${lang}`, async () => {
          const sep = screen.path.includes("?") ? "&" : "?";
          const opened = await openPage(
            browser,
            `${server.origin}${screen.path}${sep}lang=${lang}`,
            screen.viewport,
          );
          try {
            const { page } = opened;
            await page.locator(".bracket > .round:nth-of-type(2) .bm").first().waitFor();
            assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
            const d = await drawn(page);
            // The gap between the first round and the second, on the side the rounds run to.
            const gap = lang === "ar"
              ? { from: d.second.right, to: d.first.left }
              : { from: d.first.right, to: d.second.left };
            assert.ok(
              gap.to > gap.from,
              `${lang}: the second round follows the first (${JSON.stringify(d)})`,
            );
            const inGap = (x: number) => x >= gap.from - 1 && x <= gap.to + 1;
            assert.equal(d.pairLines.length, 2, "the first round of 8 in two pairs");
            for (const x of d.pairLines) {
              assert.ok(inGap(x), `${lang}: a pair's line at ${x} in ${JSON.stringify(gap)}`);
            }
            for (const l of [...d.outLines, ...d.inLines]) {
              assert.ok(
                inGap(l.from) && inGap(l.to),
                `${lang}: a line ${JSON.stringify(l)} in ${JSON.stringify(gap)}`,
              );
            }
            if (SHOTS) {
              await page.locator(".bracket").first().screenshot({
                path: `${SHOTS}/bracket_${screen.viewport.width}_${lang}.png`,
              });
            }
            assert.deepEqual(opened.errors, []);
          } finally {
            await opened.close();
          }
        });
      }
    }
  },
);
