/**
 * How long a live page waits before its next poll: the page's interval, give or take a tenth, drawn anew for
 * every poll (one second on average for overlays).
 *
 * Why not exactly the interval: a pause of the server (a write's commit, a restart, a collection) answers every
 * poll that came in meanwhile at once; with a fixed wait those pages poll again together a second later, and
 * again after that, so after a few pauses the polls arrive in bunches of a hundred within a few milliseconds and
 * wait behind each other. Measured with the bench's live scenario (1,000 overlays, 10 points a second): with a
 * fixed wait, up to 135 polls arrived within 5 ms and the polls' p99 was 36–41 ms; with this one, 7–13 ms.
 *
 * Inlined into the pages with liveRegions (pages/client_script.ts `moduleScript`): every declaration is exported.
 * @example pollWait(1000, 0.5) // 1000
 * @example pollWait(1000, 0) // 900
 */
export function pollWait(every: number, random: number): number {
  return every * (0.9 + 0.2 * random);
}
