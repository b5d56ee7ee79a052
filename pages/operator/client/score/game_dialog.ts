/// <reference lib="dom" />
/**
 * The question after a game or the match on the umpire's page: a game won asks to change ends and go on ("Next
 * game", and in doubles who of the pair serving first serves), the match won asks to confirm the result, a match
 * decided by a reason says so. A game the umpire has answered is kept on the phone (its "acknowledged" count), so
 * that a reload does not ask again. Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { otherSide, type Side } from "../../../../domain/scoring.ts";
import type { PlayerSlot } from "../../../../domain/service_order.ts";
import { byId, make, setText } from "../dom.ts";
import { confirmationWords, keepConfirmation, waitingConfirmations } from "./confirm_result.ts";
import { wonByWords } from "../result_words.ts";
import { gameStartKey } from "./game_clock.ts";
import { leaveMatch } from "./leave.ts";
import { sideName } from "./match_names.ts";
import type { ScorePage } from "./page.ts";
import type { Projection, ScoringMatch } from "./score_projection.ts";
import { flushOutbox } from "./sender.ts";
import { enqueue } from "./taps.ts";
import type { Names } from "../tap_words.ts";
import { w } from "./words.ts";

/** Where the phone keeps how many finished games of a match the umpire has answered. */
export function ackKey(matchId: string): string {
  return `tt.ack.${matchId}`;
}

/** How many finished games of a match the umpire has answered; -1 before the phone kept any. */
export function acknowledged(store: Storage, matchId: string): number {
  return Number(store.getItem(ackKey(matchId)) ?? "-1");
}

/** Keeps how many finished games of a match the umpire has answered. */
export function acknowledge(store: Storage, matchId: string, games: number): void {
  store.setItem(ackKey(matchId), String(games));
}

/** The question to ask (none: ""), its button's label, and in doubles the game whose first server to choose. */
export interface GameQuestion {
  ask: string;
  okLabel: string;
  nextOrder: { game: number; serving: Side } | null;
}

/**
 * The question after the games the umpire has answered (`answered` of them); at the end of the match, who
 * confirmed the result and when, or that the confirmation waits to be sent (`confirmWaiting`).
 * @example gameQuestion(m, afterGameOne, 0).ask // "Game 1 to Anna Berg, 11-7. Games 1-0. Change ends."
 * @example gameQuestion(m, won, 4).ask // "Match to Anna Berg, 3-1: 7-11, 11-0, 11-0, 11-0. Confirm the result?"
 */
export function gameQuestion(
  m: ScoringMatch,
  p: Projection,
  answered: number,
  confirmWaiting = false,
): GameQuestion {
  const v = p.state;
  const finishedGames = v.gameScores.length;
  if (p.byReason) {
    return {
      ask: w("score.matchOverBy", {
        side: sideName(m, (m.winnerSide as Side | null) ?? "home"),
        how: wonByWords(m.resultReasonCode ?? ""),
      }),
      okLabel: w("score.backToList"),
      nextOrder: null,
    };
  }
  if (v.finished && v.winner) {
    // The winner's games and points first: "Match to García, 3-1: 11-7, ...", whichever side García is; every
    // game, the last included, as the umpire copies them onto the score sheet.
    const g = v.gamesWon;
    const loser = otherSide(v.winner);
    const games = v.gameScores.map((s) => `${s[v.winner!]}-${s[loser]}`).join(", ");
    const confirmed = confirmationWords(m, confirmWaiting);
    const matchTo = w("score.matchTo", {
      side: sideName(m, v.winner),
      games: `${g[v.winner]}-${g[loser]}`,
      scores: games,
    });
    if (confirmed) {
      return {
        ask: `${matchTo} ${confirmed}`,
        okLabel: w("score.backToList"),
        nextOrder: null,
      };
    }
    return {
      ask: `${matchTo} ${w("score.confirmQuestion")}`,
      okLabel: w("score.confirmResult"),
      nextOrder: null,
    };
  }
  if (finishedGames > answered) {
    const g = v.gameScores[finishedGames - 1]!;
    const winner: Side = g.home > g.away ? "home" : "away";
    return {
      ask: w("score.gameTo", {
        game: finishedGames,
        side: sideName(m, winner),
        score: `${g.home}-${g.away}`,
        games: `${v.gamesWon.home}-${v.gamesWon.away}`,
      }),
      okLabel: w("score.nextGame"),
      nextOrder: m.doubles && v.order ? { game: v.gameNumber, serving: v.server } : null,
    };
  }
  return { ask: "", okLabel: w("score.nextGame"), nextOrder: null };
}

/** Draws the choice of the next game's first server of the serving pair (its current one pressed). */
export function renderOrderChoices(
  page: ScorePage,
  m: ScoringMatch,
  p: Projection,
  n: Names,
  next: GameQuestion["nextOrder"],
): void {
  byId("dialog-extra")!.hidden = next === null;
  const order = p.state.order;
  if (!next || !order) return;
  setText("order-title", w("score.orderTitle", { game: next.game, side: sideName(m, next.serving) }));
  const options = byId("order-choices")!;
  const slots: PlayerSlot[] = next.serving === "home" ? ["home1", "home2"] : ["away1", "away2"];
  const current = order.server;
  // Drawn again only when the choice changes: a button the umpire is on stays.
  if (options.dataset.for === `${next.game}:${current}`) return;
  options.dataset.for = `${next.game}:${current}`;
  options.replaceChildren(...slots.map((slot) => {
    const b = make("button", slot === current ? "chosen" : "", n.players[slot] ?? slot);
    b.type = "button";
    b.setAttribute("aria-pressed", String(slot === current));
    b.addEventListener("click", () => {
      if (page.projection?.state.order?.server !== slot) {
        enqueue(page, "order", { game: next.game, server: slot });
      }
    });
    return b;
  }));
}

/** Draws the question (hidden while there is none or another phone scores the match); returns what it asks. */
export function renderDialog(
  page: ScorePage,
  m: ScoringMatch,
  p: Projection,
  n: Names,
  readOnly: boolean,
): string {
  const finishedGames = p.state.gameScores.length;
  const kept = acknowledged(page.store, page.matchId);
  if (kept < 0 || kept > finishedGames) acknowledge(page.store, page.matchId, finishedGames);
  const waiting = waitingConfirmations(page.store).includes(page.matchId);
  const q = gameQuestion(m, p, acknowledged(page.store, page.matchId), waiting);
  renderOrderChoices(page, m, p, n, q.nextOrder);
  byId("dialog")!.hidden = q.ask === "" || readOnly;
  setText("dialog-text", q.ask);
  setText("dialog-ok", q.okLabel);
  // A confirmed result changes only by the desk: no Undo once the umpire confirmed it.
  byId("dialog-undo")!.hidden = p.byReason || waiting || Boolean(m.confirmation);
  return q.ask;
}

/**
 * The question's buttons: Undo takes the last point back; the other goes on, confirms the result at the end of
 * the match (kept on the phone, then sent), or leaves once it is confirmed or decided by a reason.
 */
export function watchDialog(page: ScorePage): void {
  byId("dialog-undo")?.addEventListener("click", () => enqueue(page, "undo", {}));
  byId("dialog-ok")?.addEventListener("click", () => {
    const p = page.projection;
    if (!p) return;
    const confirming = p.state.finished && !p.byReason && !page.known.get(page.matchId)?.confirmation &&
      !waitingConfirmations(page.store).includes(page.matchId);
    if (confirming) {
      keepConfirmation(page.store, page.matchId, true);
      page.render();
      void flushOutbox(page);
      return;
    }
    if (p.state.finished || p.byReason) return leaveMatch(page);
    acknowledge(page.store, page.matchId, p.state.gameScores.length);
    page.store.setItem(gameStartKey(page.matchId, p.state.gameNumber), new Date().toISOString());
    page.render();
  });
}
