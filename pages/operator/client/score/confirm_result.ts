/// <reference lib="dom" />
/**
 * "Confirm result" at the end of a match: the umpire's confirmation is kept on the phone first, then sent
 * (`POST /matches/{id}/confirm`) after the match's waiting taps, by whichever scoring page is open, as soon as the
 * link allows. The server keeps who and when; from then on only the desk changes the result. Every declaration is
 * exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { postKept } from "./kept_post.ts";
import { readOutbox, waitingFor } from "./outbox.ts";
import type { ScorePage } from "./page.ts";
import type { ScoringMatch } from "./score_projection.ts";
import { w } from "./words.ts";

/** Where the phone keeps the matches whose confirmation is not sent yet (their ids, as JSON). */
export const CONFIRM_KEY = "tt.confirm";

/** The matches whose confirmation waits to be sent. */
export function waitingConfirmations(store: Storage): string[] {
  try {
    const ids = JSON.parse(store.getItem(CONFIRM_KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Keeps (or, with `waiting` false, drops) a match's confirmation waiting to be sent. */
export function keepConfirmation(store: Storage, matchId: string, waiting: boolean): void {
  const others = waitingConfirmations(store).filter((id) => id !== matchId);
  store.setItem(CONFIRM_KEY, JSON.stringify(waiting ? [...others, matchId] : others));
}

/**
 * What the end of a match says of its confirmation: who confirmed it and when, or that it waits; "" before.
 * @example confirmationWords({ confirmation: { by: "Table 3", at: "2026-12-05T14:05:00Z" } }, false)
 * // "Result confirmed by Table 3 at 14:05. Only the desk can change it now."
 */
export function confirmationWords(m: Pick<ScoringMatch, "confirmation">, waiting: boolean): string {
  if (m.confirmation) {
    const at = new Date(m.confirmation.at).toLocaleTimeString([], {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    return w("score.confirmedBy", { who: m.confirmation.by, time: at });
  }
  return waiting ? w("score.confirmWaiting") : "";
}

/** What sending the waiting confirmations came to: all done, or try again later. */
export type ConfirmOutcome = "done" | "retry";

/**
 * Sends each waiting confirmation whose match has no tap waiting (those go first). A refusal (the match changed,
 * is not finished) drops it and says why; no answer leaves it for the next try.
 */
export async function sendConfirmations(page: ScorePage): Promise<ConfirmOutcome> {
  for (const id of waitingConfirmations(page.store)) {
    if (waitingFor(readOutbox(page.store), id).length > 0) continue;
    const sent = await postKept(page, `/matches/${encodeURIComponent(id)}/confirm`, {}, "Confirm result");
    if (sent !== "done") return sent === "retry" ? "retry" : "done";
    keepConfirmation(page.store, id, false);
  }
  return "done";
}
