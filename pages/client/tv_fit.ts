/// <reference lib="dom" />
/**
 * Browser script of the venue TV: keeps whole rows on screen. A list taller than the screen (ten results with
 * doubles pairs on two lines, on a 720p TV, under a long announcement) would be cut through its last row at the
 * bottom edge; instead, every table row and standings group of the view on screen that does not end above the
 * bottom of the board is hidden, and shown again when there is room (a new view, fresh data, a resize, the
 * announcement taken down). The list of matches up next fits itself in CSS (pages/tv.tsx `UpNext`).
 */
export function tvFit(): void {
  const board = document.querySelector("main.tv");
  if (!board) return;
  const selector = "section.view tbody tr, section.view .groups > div";

  function fit(): void {
    const items = [...board!.querySelectorAll<HTMLElement>(selector)];
    for (const item of items) item.hidden = false;
    const bottom = board!.getBoundingClientRect().bottom;
    // Views not on screen have no box (display: none): their rows measure 0 and stay as they are.
    for (const item of items) {
      const box = item.getBoundingClientRect();
      if (box.height > 0 && box.bottom > bottom + 0.5) item.hidden = true;
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
  new MutationObserver(later).observe(document.body, {
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
