/// <reference lib="dom" />
/**
 * The sender of the umpire's outbox (outbox.ts): what waits is sent in order, match by match, in batches, by
 * whichever scoring page is open, each tap with its own Idempotency-Key, so that a batch whose answer was lost is
 * sent again and applied once. A tap the rules refuse is dropped alone and said so; a match changed under the
 * waiting taps (another device or the desk) drops them and names each one. No answer: tried again soon, then less
 * often. Every declaration is exported so that the page can inline this module (pages/client_script.ts
 * `moduleScript`).
 */
import type { BatchOutcome } from "../../../../db/match_writes.ts";
import { byId, setText } from "../dom.ts";
import { problemDetail, retryDelay } from "../manage_fetch.ts";
import { sendConfirmations } from "./confirm_result.ts";
import { sendTosses } from "./toss_record.ts";
import { sendMedical } from "./medical_break.ts";
import { knownMatch, remember } from "./known_matches.ts";
import { matchesWaiting, readOutbox, removeFromOutbox, retryAfterFailures, waitingFor } from "./outbox.ts";
import { haltForToken, scoreApi, type ScorePage } from "./page.ts";
import type { ScoringMatch } from "./score_projection.ts";
import { notRecordedWords } from "../tap_words.ts";
import { answerRefusal, refusalSentence } from "./refusal_words.ts";

/** Refusals that mean the match changed under the waiting taps (db/match_writes.ts CONFLICTS). */
export const CONFLICTS = ["stale-revision", "match-held", "not-found", "sides-unknown"];
/** Taps per request: a phone back in range sends its whole outbox in a request or two. */
export const BATCH = 100;

/** Shows the warning of the taps not recorded, or hides it when there are none. */
export function showNotice(page: ScorePage): void {
  const box = byId("notice");
  if (!box) return;
  box.hidden = page.notRecorded.length === 0;
  if (page.notRecorded.length > 0) {
    setText("notice-text", notRecordedWords(page.changedUnder, page.notRecorded, page.refusedBecause));
  }
}

/** "OK" on the warning: the umpire has read it. */
export function watchNotice(page: ScorePage): void {
  byId("notice-ok")?.addEventListener("click", () => {
    page.notRecorded = [];
    page.changedUnder = false;
    page.refusedBecause = "";
    showNotice(page);
  });
}

/** Sends again after `ms` (by default as the failures so far say). */
export function retrySoon(page: ScorePage, ms = retryAfterFailures(page.failures)): void {
  clearTimeout(page.retryTimer);
  if (page.halted) return;
  page.retryTimer = setTimeout(() => void flushOutbox(page), ms);
}

/** Sends what waits in the outbox, match by match, a batch at a time, until it is empty or the link fails. */
export async function flushOutbox(page: ScorePage): Promise<void> {
  if (page.sending || page.halted || !page.token) return;
  page.sending = true;
  try {
    for (;;) {
      const outbox = readOutbox(page.store);
      const id = matchesWaiting(outbox)[0];
      if (id === undefined) break;
      const items = waitingFor(outbox, id).slice(0, BATCH);
      const revision = knownMatch(page, id)?.revision;
      let res: Response;
      try {
        res = await scoreApi(page, `/matches/${encodeURIComponent(id)}/actions`, {
          method: "POST",
          body: JSON.stringify({
            ...(revision === undefined ? {} : { revision }),
            actions: items.map((i) => ({ ...i.body, key: i.key, type: i.type })),
          }),
        });
      } catch {
        page.failures += 1;
        retrySoon(page);
        return;
      }
      if (res.status === 401 || res.status === 403) {
        haltForToken(page, await problemDetail(res));
        return;
      }
      if (res.status === 429 || res.status >= 500) {
        page.failures += 1;
        retrySoon(page, Math.min(retryDelay(res, retryAfterFailures(page.failures)), 5000));
        return;
      }
      page.failures = 0;
      if (!res.ok) {
        // The match is gone, or the batch itself is wrong: these taps can never be recorded.
        const why = await answerRefusal(res);
        removeFromOutbox(page.store, items.map((i) => i.key));
        page.notRecorded.push(...items.map((i) => i.label));
        page.refusedBecause = why;
        continue;
      }
      const data: { match: ScoringMatch; results: BatchOutcome[] } = (await res.json()).data;
      remember(page, data.match);
      const label = new Map(items.map((i) => [i.key, i.label]));
      for (const r of data.results) {
        if (r.status !== "refused" && r.status !== "skipped") continue;
        page.notRecorded.push(label.get(r.key) ?? r.key);
        if (CONFLICTS.includes(r.code ?? "")) page.changedUnder = true;
        else page.refusedBecause = refusalSentence(r, data.match.status);
      }
      removeFromOutbox(page.store, data.results.map((r) => r.key));
      page.render();
    }
    // The umpire's confirmations of results go after their matches' taps; the tosses and medical breaks with them.
    if (
      await sendConfirmations(page) === "retry" || await sendTosses(page) === "retry" ||
      await sendMedical(page) === "retry"
    ) {
      page.failures += 1;
      retrySoon(page);
    }
  } finally {
    page.sending = false;
    showNotice(page);
    page.render();
  }
}

/** Sends at once when the connection comes back; leaving with taps not sent yet asks first (they stay). */
export function watchConnection(page: ScorePage): void {
  addEventListener("online", () => {
    page.failures = 0;
    void flushOutbox(page);
  });
  addEventListener("beforeunload", (event) => {
    if (readOutbox(page.store).length > 0) event.preventDefault();
  });
}
