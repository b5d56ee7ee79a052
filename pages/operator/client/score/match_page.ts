/// <reference lib="dom" />
/**
 * The umpire's match page `/score/{id}`: reads the match (every 2 seconds while nothing waits to be sent, and
 * when the page comes back into view), wires the taps, Undo, the question after a game, the tools, the banner's
 * button, the returns counter and the takeover, and keeps the screen awake while it is in view. Every declaration
 * is exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { receiverWinsRally } from "../../../../domain/expedite.ts";
import { otherSide } from "../../../../domain/scoring.ts";
import { byId, setStatus } from "../dom.ts";
import { problemDetail } from "../manage_fetch.ts";
import { tick } from "./banner.ts";
import { watchDialog } from "./game_dialog.ts";
import { knownMatch, remember } from "./known_matches.ts";
import { leaveMatch } from "./leave.ts";
import { renderMatch } from "./match_render.ts";
import { readOutbox } from "./outbox.ts";
import { type ClashMatch, haltForToken, scoreApi, type ScorePage } from "./page.ts";
import { returns, setReturns } from "./returns_counter.ts";
import { openCard, openExpedite, openTimeout } from "./rules_tools.ts";
import type { ScoringMatch } from "./score_projection.ts";
import { waitingConfirmations } from "./confirm_result.ts";
import { endMedical, openMedical, waitingMedical } from "./medical_break.ts";
import { openToss, waitingTosses } from "./toss_record.ts";
import { flushOutbox } from "./sender.ts";
import { watchStartPanel } from "./start_panel.ts";
import { enqueue } from "./taps.ts";
import { takeOver } from "./takeover.ts";
import { watchWarmUp } from "./warm_up.ts";
import { w } from "./words.ts";

/** Reads the match and draws it; offline, says so (the match kept on the phone stays on screen). */
export async function loadMatch(page: ScorePage): Promise<void> {
  if (page.halted) return;
  let res: Response;
  try {
    res = await scoreApi(page, `/matches/${encodeURIComponent(page.matchId)}`);
  } catch {
    if (knownMatch(page, page.matchId) === null) setStatus(w("score.offlineWaiting"), "offline");
    else if (readOutbox(page.store).length === 0) {
      setStatus(w("score.offlineKept"), "offline");
    }
    return;
  }
  if (res.status === 401 || res.status === 403) return haltForToken(page, await problemDetail(res));
  if (!res.ok) {
    setStatus(await problemDetail(res), "error");
    return;
  }
  const data: { match: ScoringMatch; clashMatches?: ClashMatch[] } = (await res.json()).data;
  if (data.clashMatches) page.clashMatchesOf.set(page.matchId, data.clashMatches);
  // While a batch is on its way its answer is the newer one: `remember` keeps the later revision.
  remember(page, data.match);
  page.render();
}

/** Keeps the screen on while the page is in view, where the browser can. */
export async function keepAwake(page: ScorePage): Promise<void> {
  const lock = (navigator as Navigator & {
    wakeLock?: { request(t: "screen"): Promise<{ release(): Promise<void> }> };
  }).wakeLock;
  if (!lock || document.visibilityState !== "visible") return;
  try {
    page.wakeLock = await lock.request("screen");
  } catch {
    page.wakeLock = null;
  }
}

/** A good return counted; the 13th gives the receiver the point (Law 2.15.4). */
export function countReturn(page: ScorePage): void {
  const p = page.projection;
  if (!p) return;
  const count = returns(page.store, page.matchId, p) + 1;
  navigator.vibrate?.(15);
  if (receiverWinsRally(count)) {
    setReturns(page.store, page.matchId, p, 0);
    enqueue(page, "point", { side: otherSide(p.state.server) });
  } else {
    setReturns(page.store, page.matchId, p, count);
    page.render();
  }
}

/** Runs the match page. */
export function setupMatch(page: ScorePage): void {
  page.render = () => renderMatch(page);
  for (const side of ["home", "away"] as const) {
    byId(`tap-${side}`)?.addEventListener("click", () => enqueue(page, "point", { side }));
  }
  watchStartPanel(page);
  watchWarmUp(page);
  byId("undo")?.addEventListener("click", () => enqueue(page, "undo", {}));
  watchDialog(page);
  byId("open-timeout")?.addEventListener("click", () => openTimeout(page));
  byId("open-card")?.addEventListener("click", () => openCard(page));
  byId("open-expedite")?.addEventListener("click", () => openExpedite(page));
  byId("open-medical")?.addEventListener("click", () => openMedical(page, () => void flushOutbox(page)));
  byId("toss")?.addEventListener("click", () => openToss(page, () => void flushOutbox(page)));
  byId("banner-action")?.addEventListener("click", (event) => {
    const action = (event.currentTarget as HTMLElement).dataset.action;
    if (action === "resume") enqueue(page, "resume", {});
    else if (action === "end-medical") endMedical(page, () => void flushOutbox(page));
    else if (action === "expedite") openExpedite(page);
  });
  byId("return-tap")?.addEventListener("click", () => countReturn(page));
  byId("takeover")?.addEventListener("click", () => takeOver(page));
  byId("all-matches")?.addEventListener("click", (event) => {
    event.preventDefault();
    leaveMatch(page);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") {
      void page.wakeLock?.release().catch(() => {});
      page.wakeLock = null;
      return;
    }
    void keepAwake(page);
    void flushOutbox(page);
    void loadMatch(page);
  });
  void keepAwake(page);
  page.render();
  void loadMatch(page).then(() => flushOutbox(page));
  setInterval(() => {
    if (page.halted || document.visibilityState !== "visible") return;
    const waiting = readOutbox(page.store).length + waitingConfirmations(page.store).length +
      Object.keys(waitingTosses(page.store)).length + waitingMedical(page.store).length;
    if (waiting > 0) void flushOutbox(page);
    else if (!page.sending) void loadMatch(page);
  }, 2000);
  setInterval(() => tick(page), 1000);
}
