/// <reference lib="dom" />
/**
 * A graphic's exit on an overlay (pages/overlay_document.tsx): before a region marked `data-leave` is emptied or
 * the page gives way to its off-air page, the region gets `data-leaving`, whose CSS plays the short
 * `overlay-leave` animation (none under prefers-reduced-motion), and the change waits for its end, at most
 * LEAVE_MAX_MS. Every declaration is exported so that the page can inline this module (pages/client_script.ts).
 */

/** The longest a change waits for an exit (the animation is 0.35 s; a hidden tab may not run it). */
export const LEAVE_MAX_MS = 1000;

/** The regions of the page that leave with an animation. */
export function leavingRegions(): Element[] {
  return Array.from(document.querySelectorAll("[data-leave]"));
}

/**
 * Whether a region's fresh copy empties it: it has elements now and none in the new version.
 * @example emptiedBy(stageWithBar, emptyStage) // true
 */
export function emptiedBy(current: Element, next: Element): boolean {
  return current.hasAttribute("data-leave") && current.childElementCount > 0 && next.childElementCount === 0;
}

/** Plays the exit of these regions and resolves when it has ended (at once when it plays none). */
export async function leave(regions: readonly Element[]): Promise<void> {
  if (regions.length === 0) return;
  for (const r of regions) r.setAttribute("data-leaving", "");
  // getAnimations() computes the styles the attribute brings first, so the exit's animations are among them.
  const exits = regions.flatMap((r) => r.getAnimations({ subtree: true })).filter((a) =>
    a instanceof CSSAnimation && a.animationName === "overlay-leave"
  );
  if (exits.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(exits.map((a) => a.finished.catch(() => undefined))),
    new Promise((done) => timer = setTimeout(done, LEAVE_MAX_MS)),
  ]);
  clearTimeout(timer);
}
