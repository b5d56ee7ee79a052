/// <reference lib="dom" />
/**
 * The parts of the umpire's page that move each second: the game's clock and the banner over the score, which
 * says the most pressing of a running time-out (with its countdown and Resume play), the interval between games
 * (its minute counted down), the change of ends in the
 * deciding game, game or match point, the expedite system due (with Introduce) or in force. Every declaration is
 * exported so that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import { isLastPossibleGame } from "../../../../domain/ends.ts";
import { expediteDue } from "../../../../domain/expedite.ts";
import type { MedicalBreak } from "../../../../domain/medical_break.ts";
import { runningTimeout } from "../../../../domain/timeouts.ts";
import { byId, setText } from "../dom.ts";
import { GAME_INTERVAL_MS, gamePlayed, minutes } from "./game_clock.ts";
import { knownMatch } from "./known_matches.ts";
import { sideName } from "./match_names.ts";
import { medicalBreakOf, medicalWords } from "./medical_break.ts";
import type { ScorePage } from "./page.ts";
import type { Projection, ScoringMatch } from "./score_projection.ts";
import { drawWarmUp } from "./warm_up.ts";
import { w } from "./words.ts";

/** What the banner says, its kind (its colour), and its button: "resume", "end-medical", "expedite" or none (""). */
export interface Banner {
  text: string;
  kind: string;
  action: "" | "resume" | "end-medical" | "expedite";
}

/**
 * The banner of a match under way at `now`, `due` saying whether the expedite system is due; a medical break
 * under way (kept on the phone) comes first.
 * @example bannerOf(p, m, now, false) // { text: "Game point: Anna Berg", kind: "game-point", action: "" }
 */
export function bannerOf(
  p: Projection,
  m: ScoringMatch,
  now: number,
  due: boolean,
  medical: MedicalBreak | null = null,
): Banner {
  const timeout = runningTimeout(p.state.timeouts, new Date(now));
  const swap = p.state.endsChangedAt;
  if (medical) return { text: medicalWords(m, medical, now), kind: "timeout", action: "end-medical" };
  if (timeout) {
    return {
      text: w("score.timeoutLeft", {
        side: sideName(m, timeout.side),
        time: minutes(Date.parse(timeout.endsAt!) - now),
      }),
      kind: "timeout",
      action: "resume",
    };
  }
  const interval = intervalLeft(p, now);
  if (interval !== null) {
    return {
      text: w("score.intervalLeft", { time: minutes(interval) }),
      kind: "interval",
      action: "",
    };
  }
  if (
    swap && p.state.currentGame.home === swap.home && p.state.currentGame.away === swap.away &&
    isLastPossibleGame(m.bestOf, p.state.gameNumber)
  ) {
    return { text: w("score.changeEnds"), kind: "ends", action: "" };
  }
  if (p.state.gamePoint) {
    return {
      text: w(p.state.gamePoint.match ? "score.matchPoint" : "score.gamePoint", {
        side: sideName(m, p.state.gamePoint.side),
      }),
      kind: p.state.gamePoint.match ? "match-point" : "game-point",
      action: "",
    };
  }
  if (due) {
    return {
      text: w("score.expediteDue"),
      kind: "due",
      action: "expedite",
    };
  }
  if (p.state.expedite) {
    return { text: "Expedite system: service changes after every point", kind: "expedite", action: "" };
  }
  return NO_BANNER;
}

/**
 * The time left of the interval between games (up to 1 minute, Regulation 3.4.4.1): from the last game's end
 * while the next is at 0-0; null outside it.
 */
export function intervalLeft(p: Projection, now: number): number | null {
  const ended = p.state.gameStartedAt;
  const { home, away } = p.state.currentGame;
  if (ended === null || p.state.finished || home + away > 0) return null;
  const left = Date.parse(ended) + GAME_INTERVAL_MS - now;
  return left > 0 ? left : null;
}

/** The banner when there is nothing to say. */
export const NO_BANNER: Banner = { text: "", kind: "", action: "" };

/**
 * Draws the game's clock and the banner of the match on screen; before its start and after its end, neither
 * (the last point's "Match point" must not stay over the board of a won match).
 */
export function tick(page: ScorePage): void {
  const m = knownMatch(page, page.matchId);
  const p = page.projection;
  const under = m !== null && p !== null && p.started && !p.state.finished && !p.byReason;
  const now = Date.now();
  if (p !== null && !p.started) drawWarmUp(page, now);
  const played = under ? gamePlayed(page.store, p, m, now) : 0;
  setText("game-clock", under ? w("score.gameTime", { time: minutes(played) }) : "");
  const due = under && expediteDue(played, p.state.currentGame, p.state.expedite !== null);
  byId("game-clock")!.dataset.due = String(due);
  drawBanner(under ? bannerOf(p, m, now, due, medicalBreakOf(page.store, page.matchId)) : NO_BANNER);
}

/** Draws the banner: its words, its colour and its button. */
export function drawBanner({ text, kind, action }: Banner): void {
  setText("banner-text", text);
  byId("banner")!.dataset.kind = kind;
  const button = byId<HTMLButtonElement>("banner-action")!;
  button.hidden = action === "";
  button.dataset.action = action;
  setText(
    "banner-action",
    action === "resume" || action === "end-medical"
      ? w("score.resumePlay")
      : action === "expedite"
      ? w("score.introduce")
      : "",
  );
}
