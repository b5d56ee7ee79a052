/// <reference lib="dom" />
/**
 * Browser script of the overlays: a score state that comes (a game or match point, a time-out, a card, the
 * expedite system, a new server) is animated briefly, once. Each state element carries `data-anim`, a key that
 * names the state (`point:home:GAME POINT`); after each region swap (client/live_regions.ts dispatches
 * `regions-updated`) the elements whose key the page did not show before get the class `enter`, which the page's
 * CSS animates for a fraction of a second, and not at all under `prefers-reduced-motion: reduce`. A state that
 * stays keeps its key, so a swap for the next point does not animate it again; nothing is animated on load.
 */
export function stateChanges(): void {
  const keys = () =>
    new Set(Array.from(document.querySelectorAll<HTMLElement>("[data-anim]"), (el) => el.dataset.anim ?? ""));
  let shown = keys();
  document.body.addEventListener("regions-updated", () => {
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("[data-anim]"))) {
      if (!shown.has(el.dataset.anim ?? "")) el.classList.add("enter");
    }
    shown = keys();
  });
}
