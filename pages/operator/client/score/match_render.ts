/// <reference lib="dom" />
/**
 * Draws the match on the umpire's page `/score/{id}`: the server's record with the taps still waiting replayed
 * on top by the rules themselves (score_projection.ts), so that a reload or an offline spell shows exactly what
 * the server will have once they are sent. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { drawToss } from "./toss_record.ts";
import { EXPEDITE_RETURNS } from "../../../../domain/expedite.ts";
import type { UmpireState } from "../../../../domain/match_replay.ts";
import { otherSide } from "../../../../domain/scoring.ts";
import { byId, make, setStatus, setText } from "../dom.ts";
import { tick } from "./banner.ts";
import { renderDialog } from "./game_dialog.ts";
import { knownMatch } from "./known_matches.ts";
import { waitingStatus } from "./match_list.ts";
import { names, sideName } from "./match_names.ts";
import { readOutbox, waitingFor } from "./outbox.ts";
import type { ScorePage } from "./page.ts";
import { returns } from "./returns_counter.ts";
import { projectMatch } from "./score_projection.ts";
import { renderSides } from "./side_buttons.ts";
import { renderStartPanel } from "./start_panel.ts";
import { heldElsewhere, renderHold } from "./takeover.ts";
import { undoWords } from "../tap_words.ts";
import { w } from "./words.ts";

/** Lists the finished games, leaving the list alone when it says that already. */
export function renderGameList(v: Pick<UmpireState, "gameScores">): void {
  const games = byId("game-list")!;
  const shown = v.gameScores.map((g, i) =>
    w("score.gameScore", { game: i + 1, score: `${g.home}-${g.away}` })
  );
  if (
    games.childElementCount !== shown.length || shown.some((s, i) => games.children[i]?.textContent !== s)
  ) {
    games.replaceChildren(...shown.map((s) => make("li", "", s)));
  }
}

/**
 * The status line of a match: its taps waiting (sending, or offline after a failure), else the other matches'
 * taps waiting, else "Saved".
 */
export function renderMatchStatus(page: ScorePage, waiting: number): void {
  if (waiting > 0) {
    setStatus(
      page.failures > 0
        ? (waiting === 1 ? w("score.offlineTapsOne") : w("score.offlineTaps", { n: waiting }))
        : (waiting === 1 ? w("score.sendingTapsOne") : w("score.sendingTaps", { n: waiting })),
      page.failures > 0 ? "offline" : "busy",
    );
  } else if (readOutbox(page.store).length > 0) {
    setStatus(waitingStatus(page.store, w("score.saved")), "busy");
  } else setStatus(w("score.saved"));
}

/** Draws the match on screen from its last answer and its waiting taps. */
export function renderMatch(page: ScorePage): void {
  const m = knownMatch(page, page.matchId);
  if (!m) return;
  const waiting = waitingFor(readOutbox(page.store), page.matchId);
  const p = projectMatch(m, waiting);
  page.projection = p;
  const v = p.state;
  const n = names(m);
  const readOnly = heldElsewhere(m);
  setText("match-title", `${m.eventName} · ${m.subeventName} · ${m.stageLabel}`);
  setText("match-table", m.tableNo === null ? w("score.noTable") : w("score.table", { table: m.tableNo }));
  setText("game-number", p.started ? w("score.gameOf", { game: v.gameNumber, bestOf: m.bestOf }) : "");
  renderSides(m, p, n);
  const body = document.body;
  body.dataset.state = !p.started ? "scheduled" : v.finished ? "completed" : "in_progress";
  body.dataset.queued = String(waiting.length);
  renderHold(page, m, readOnly);
  renderStartPanel(page, m, p, readOnly);
  drawToss(page, m);

  byId("score-panel")!.hidden = !p.started;
  renderGameList(v);
  const ask = renderDialog(page, m, p, n, readOnly);
  const blocked = ask !== "" || p.byReason || readOnly;
  for (const id of ["tap-home", "tap-away"]) byId<HTMLButtonElement>(id)!.disabled = blocked;
  const undo = byId<HTMLButtonElement>("undo")!;
  // A confirmed result changes only by the desk.
  undo.disabled = p.last === null || p.byReason || readOnly || Boolean(m.confirmation);
  setText("undo", undoWords(p.last, n));
  for (const id of ["open-timeout", "open-card", "open-expedite", "open-medical"]) {
    byId<HTMLButtonElement>(id)!.disabled = blocked || v.finished;
  }
  byId<HTMLButtonElement>("open-expedite")!.disabled = blocked || v.finished || v.expedite !== null;
  // Under the expedite system the umpire counts the receiver's good returns: the 13th wins the point.
  const counting = p.started && !v.finished && !p.byReason && v.expedite !== null && !readOnly;
  byId("returns-row")!.hidden = !counting;
  if (counting) {
    setText("returns", `${returns(page.store, page.matchId, p)}/${EXPEDITE_RETURNS}`);
    setText("returns-who", sideName(m, otherSide(v.server)));
  }
  renderMatchStatus(page, waiting.length);
  tick(page);
}
