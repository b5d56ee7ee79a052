/**
 * The warning the umpire's page shows when the server refuses a queued tap (a 409: another device wrote first,
 * or the match is over) and the taps queued after it are dropped. Written without imports or outside
 * references so that the page can inline its source (pages/operator/script.ts).
 */

/**
 * The warning, in the umpire's words: a stale revision is "another device", other refusals keep the server's
 * sentence; `dropped` counts every tap not recorded since the umpire last acknowledged a warning.
 * @example refusedTapsNotice("stale-revision", 'Match "m1" is at revision 15, not 14', 4)
 * // "Another device changed this match: 4 taps were not recorded. Check the score."
 */
export function refusedTapsNotice(
  code: string | undefined,
  detail: string | undefined,
  dropped: number,
): string {
  const taps = `${dropped} ${dropped === 1 ? "tap was" : "taps were"} not recorded. Check the score.`;
  if (code === "stale-revision") return `Another device changed this match: ${taps}`;
  const why = (detail ?? "").trim().replace(/\.$/, "");
  return why ? `The server refused a tap (${why}): ${taps}` : `The server refused a tap: ${taps}`;
}
