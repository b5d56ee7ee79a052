/// <reference lib="dom" />
/**
 * Browser script of the venue TV: every `<body data-interval>` seconds it shows the next of the views in
 * `data-views` order (`<body data-view>` names the one on screen), skipping a view whose section says
 * `data-empty="1"`. A view with several pages (`data-pages`: the brackets, one per knockout category) shows them
 * in turn, one an interval, before the rotation moves on (`<body data-page>` names the page on screen, from 0).
 * Sections are read afresh each time, since live_regions.ts replaces them as data changes.
 */
export function tvRotation(): void {
  const body = document.body;
  const order = (body.dataset.views ?? "").split(" ").filter((v) => v !== "");
  const seconds = Number(body.dataset.interval) || 12;

  function section(view: string): Element | null {
    return document.querySelector(`[data-view-name="${CSS.escape(view)}"]`);
  }

  function hasContent(view: string): boolean {
    const s = section(view);
    return s !== null && s.getAttribute("data-empty") !== "1";
  }

  function advance(): void {
    const current = body.dataset.view ?? "";
    const page = Number(body.dataset.page) || 0;
    const pages = Number(section(current)?.getAttribute("data-pages")) || 1;
    if (hasContent(current) && page + 1 < pages) {
      body.dataset.page = String(page + 1);
      return;
    }
    const from = order.indexOf(current);
    for (let step = 1; step <= order.length; step++) {
      const view = order[(from + step + order.length) % order.length];
      if (view !== undefined && hasContent(view)) {
        body.dataset.page = "0";
        body.dataset.view = view;
        return;
      }
    }
  }

  // Fresh data may leave the view fewer pages than the one on screen (a draw unlocked): back to its first.
  body.addEventListener("regions-updated", () => {
    const pages = Number(section(body.dataset.view ?? "")?.getAttribute("data-pages")) || 1;
    if ((Number(body.dataset.page) || 0) >= pages) body.dataset.page = "0";
  });

  if (order.length > 0) setInterval(advance, seconds * 1000);
}
