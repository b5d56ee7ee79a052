/// <reference lib="dom" />
/**
 * Browser script of the venue TV: every `<body data-interval>` seconds it shows the next of the views in
 * `data-views` order (`<body data-view>` names the one on screen), skipping a view whose section says
 * `data-empty="1"`. Sections are read afresh each time, since live_regions.ts replaces them as data changes.
 */
export function tvRotation(): void {
  const body = document.body;
  const order = (body.dataset.views ?? "").split(" ").filter((v) => v !== "");
  const seconds = Number(body.dataset.interval) || 12;

  function hasContent(view: string): boolean {
    const section = document.querySelector(`[data-view-name="${CSS.escape(view)}"]`);
    return section !== null && section.getAttribute("data-empty") !== "1";
  }

  function advance(): void {
    const from = order.indexOf(body.dataset.view ?? "");
    for (let step = 1; step <= order.length; step++) {
      const view = order[(from + step + order.length) % order.length];
      if (view !== undefined && hasContent(view)) {
        body.dataset.view = view;
        return;
      }
    }
  }

  if (order.length > 0) setInterval(advance, seconds * 1000);
}
