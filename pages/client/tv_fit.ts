/// <reference lib="dom" />
/**
 * Browser script of the venue TV: keeps whole rows on screen. A list taller than the screen (ten results with
 * doubles pairs on two lines, on a 720p TV, under a long announcement) would be cut through its last row at the
 * bottom edge; instead, every table row, standings group and table card of the view on screen that does not end
 * above the bottom of the board is hidden, and shown again when there is room (a new view, fresh data, a resize,
 * the announcement taken down). On a TV read from a distance (`body.far`, pages/tv_distance.ts) the rows are
 * large and few fit: they are split into pages instead, the view's `data-pages` says how many, and the rotation
 * (client/tv_rotation.ts) shows one an interval, as it does the standings' pages. The list of matches up next
 * fits itself in CSS (pages/tv.tsx `UpNext`).
 */
export function tvFit(): void {
  const board = document.querySelector("main.tv");
  if (!board) return;
  const selector = "section.view tbody tr, section.view .groups > div, section.view .hall > li";
  const paging = document.body.classList.contains("far");

  /** Splits the rows into pages of what fits, each page measured with the rows before it hidden. */
  function pagesOf(items: HTMLElement[], bottom: number): HTMLElement[][] {
    const pages: HTMLElement[][] = [];
    let rest = items;
    while (rest.length > 0) {
      for (const item of items) item.hidden = !rest.includes(item);
      const fits = rest.filter((item) => item.getBoundingClientRect().bottom <= bottom + 0.5);
      // A row taller than the board still gets a page of its own, so that paging ends.
      const page = fits.length > 0 ? fits : rest.slice(0, 1);
      pages.push(page);
      rest = rest.filter((item) => !page.includes(item));
    }
    return pages;
  }

  function fit(): void {
    const items = [...board!.querySelectorAll<HTMLElement>(selector)];
    for (const item of items) item.hidden = false;
    const bottom = board!.getBoundingClientRect().bottom;
    // Views not on screen have no box (display: none): their rows measure 0 and stay as they are.
    const shown = items.filter((item) => item.getBoundingClientRect().height > 0);
    if (paging) {
      const section = board!.querySelector<HTMLElement>(
        `section[data-view-name="${document.body.dataset.view}"]`,
      );
      const pages = pagesOf(shown, bottom);
      if (section && pages.length > 1) section.dataset.pages = String(pages.length);
      const page = pages[(Number(document.body.dataset.page) || 0) % Math.max(1, pages.length)] ?? [];
      for (const item of shown) item.hidden = !page.includes(item);
      return;
    }
    for (const item of shown) {
      if (item.getBoundingClientRect().bottom > bottom + 0.5) item.hidden = true;
    }
  }

  let queued = false;
  function later(): void {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fit();
    });
  }

  // A view or page change is an attribute of the body; fresh data swaps elements. Hiding rows changes neither.
  // Fitted at once (the observer runs right after the change, before anything else): a board drawn with its rows
  // not yet fitted until the next frame could be read, or shown, cut.
  new MutationObserver(fit).observe(document.body, {
    attributes: true,
    attributeFilter: ["data-view", "data-page"],
    childList: true,
    subtree: true,
  });
  addEventListener("resize", later);
  // A time-out's flag that comes or goes by the clock (client/countdowns.ts) changes a row's height.
  document.body.addEventListener("countdowns-changed", later);
  fit();
}
