/// <reference lib="dom" />
/**
 * Leaving a match for the list: with taps not sent yet, the umpire is told first that they stay on the phone and
 * go from the list or any scoring page. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { readOutbox, waitingFor } from "./outbox.ts";
import type { ScorePage } from "./page.ts";
import { openSheet } from "./sheet.ts";
import { tapsNotSent, w } from "./words.ts";

/** Goes to the list, or first says what is not sent yet. */
export function leaveMatch(page: ScorePage): void {
  const waiting = waitingFor(readOutbox(page.store), page.matchId).length;
  if (waiting === 0) {
    location.href = "/score";
    return;
  }
  openSheet(
    w("score.leaveTitle"),
    w("score.leaveText", { waiting: tapsNotSent(waiting) }),
    [
      { label: w("score.stayHere") },
      { label: w("score.goToList"), act: () => void (location.href = "/score") },
    ],
  );
}
