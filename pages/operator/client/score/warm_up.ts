/// <reference lib="dom" />
/**
 * The warm-up before a match: the players may practise on the match table for up to 2 minutes just before it
 * starts (Regulation 3.4.2.1). The umpire starts the count on the start panel; the phone keeps when (so that a
 * reload goes on counting) and the page counts down each second. Every declaration is exported so that the page
 * can inline this module (pages/client_script.ts `moduleScript`).
 */
import { byId, setText } from "../dom.ts";
import { minutes } from "./game_clock.ts";
import type { ScorePage } from "./page.ts";
import { w } from "./words.ts";

/** The longest warm-up (Regulation 3.4.2.1). */
export const WARM_UP_MS = 2 * 60_000;

/** Where the phone keeps when a match's warm-up began. */
export function warmUpKey(matchId: string): string {
  return `tt.warmup.${matchId}`;
}

/**
 * What the warm-up line says at `now` (ms), from when it began (ISO 8601, or null when not begun).
 * @example warmUpWords("2026-11-28T10:00:00.000Z", Date.parse("2026-11-28T10:00:30.000Z")) // "Warm-up: 01:30 left"
 */
export function warmUpWords(began: string | null, now: number): string {
  if (began === null) return "";
  const left = Date.parse(began) + WARM_UP_MS - now;
  return left > 0 ? w("score.warmUpLeft", { time: minutes(left) }) : w("score.warmUpOver");
}

/** Draws the warm-up line and its button on the start panel. */
export function drawWarmUp(page: ScorePage, now: number): void {
  const began = page.store.getItem(warmUpKey(page.matchId));
  setText("warm-up-text", warmUpWords(began, now));
  const button = byId<HTMLButtonElement>("warm-up");
  if (button) button.hidden = began !== null;
}

/** "Warm-up (2 minutes)" starts the count. */
export function watchWarmUp(page: ScorePage): void {
  byId("warm-up")?.addEventListener("click", () => {
    page.store.setItem(warmUpKey(page.matchId), new Date().toISOString());
    drawWarmUp(page, Date.now());
  });
}
