/// <reference lib="dom" />
/**
 * Browser script of the pages that show a running time-out (the match overlay, the match page, the venue TV).
 * The API's answer does not change when a time-out's minute ends by itself (docs/api.md, the umpire block), and a
 * kept page is the same bytes all the while, so the page decides with the viewer's clock: an element with
 * `data-until` (ISO 8601) is shown while the clock is before that time, one with `data-after` from that time on,
 * and a `[data-countdown]` element says the minutes and seconds left until its time. Checked at once, after each
 * region swap (client/live_regions.ts dispatches `regions-updated`), and a few times a second while one of those
 * times lies ahead: a page with no time-out running keeps no timer. When an element comes or goes, `<body>` gets
 * a `countdowns-changed` event (the TV fits its rows again, client/tv_fit.ts).
 */
// Inlined, the page's script declares what this imports before this function (pages/client_script.ts).
import { countdownText, shownAt } from "./countdown_rules.ts";

export function countdowns(): void {
  const body = document.body;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function tick(): void {
    clearTimeout(timer);
    timer = undefined;
    const now = Date.now();
    let changed = false;
    let ahead = false;
    const later = (time: string | undefined) => time !== undefined && Date.parse(time) > now;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("[data-until], [data-after]"))) {
      const shown = shownAt(el.dataset.until ?? null, el.dataset.after ?? null, now);
      if (el.hidden === shown) {
        el.hidden = !shown;
        changed = true;
      }
      ahead ||= later(el.dataset.until) || later(el.dataset.after);
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("[data-countdown]"))) {
      const text = countdownText(el.dataset.countdown ?? "", now);
      if (el.textContent !== text) el.textContent = text;
      ahead ||= later(el.dataset.countdown);
    }
    if (changed) body.dispatchEvent(new CustomEvent("countdowns-changed"));
    if (ahead) timer = setTimeout(tick, 250);
  }

  tick();
  body.addEventListener("regions-updated", tick);
}
