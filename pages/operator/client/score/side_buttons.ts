/// <reference lib="dom" />
/**
 * The two tap buttons of the umpire's page, standing as the players stand (the one on the umpire's left on the
 * left, Law 2.13.7): each side's name, points, games, whether it serves (in doubles, who serves and who
 * receives), and its cards and time-out in words (the colour only repeats them). Every declaration is exported so
 * that the page can inline this module (pages/client_script.ts `moduleScript`).
 */
import type { UmpireState } from "../../../../domain/match_replay.ts";
import type { Side } from "../../../../domain/scoring.ts";
import { byId, make, setText } from "../dom.ts";
import { sideName } from "./match_names.ts";
import type { Projection, ScoringMatch } from "./score_projection.ts";
import type { Names } from "../tap_words.ts";
import { w } from "./words.ts";

/** A card's chip: its colour, the coach's marked, with its penalty points. */
export function chipWords(target: string, card: string, penaltyPoints: number): string {
  const colour = w(
    card === "yellow" ? "score.chipYellow" : card === "red" ? "score.chipRed" : "score.chipYellowRed",
  );
  const shown = `${colour}${penaltyPoints ? ` +${penaltyPoints}` : ""}`;
  return target === "coach" ? w("score.chipCoach", { card: shown }) : shown;
}

/**
 * A side's cards and time-out as chips: each its kind (its class) and its words. The time-out's chip says the
 * side has had its one time-out of the match (Regulation 3.4.4.2): once the match is over no side may claim one,
 * and the chip would read as a time-out running, so it goes; the cards stay (they are on the sheet).
 * @example sideMarks(state, "home") // [["card-yellow", "yellow"], ["card-yellow_red", "Coach: yellow+red +1"], ["timeout", "time-out"]]
 */
export function sideMarks(
  v: Pick<UmpireState, "cards" | "timeouts" | "finished">,
  side: Side,
): [string, string][] {
  const marks: [string, string][] = v.cards.filter((c) => c.side === side).map((c) => [
    `card-${c.card}`,
    chipWords(c.target, c.card, c.penaltyPoints),
  ]);
  if (!v.finished && v.timeouts.some((t) => t.side === side)) marks.push(["timeout", w("score.chipTimeout")]);
  return marks;
}

/** Draws both tap buttons. */
export function renderSides(m: ScoringMatch, p: Projection, n: Names): void {
  const v = p.state;
  byId("taps")!.dataset.left = v.left;
  for (const side of ["home", "away"] as const) {
    setText(`name-${side}`, sideName(m, side));
    setText(`points-${side}`, String(v.currentGame[side]));
    setText(`games-${side}`, String(v.gamesWon[side]));
    const tap = byId<HTMLButtonElement>(`tap-${side}`)!;
    const serving = p.started && !v.finished && v.server === side;
    tap.dataset.serving = String(serving);
    let role = serving ? w("score.serves") : "";
    if (m.doubles && p.started && !v.finished && v.serverPlayer && v.receiverPlayer) {
      const mine = serving ? v.serverPlayer : v.receiverPlayer;
      role = w(serving ? "score.servesPlayer" : "score.receivesPlayer", { name: n.players[mine] ?? mine });
      tap.dataset.receiving = String(!serving);
    }
    setText(`serve-${side}`, role);
    const marks = sideMarks(v, side);
    const chips = byId(`chips-${side}`)!;
    const text = marks.map(([, t]) => t).join(" ");
    if (chips.textContent !== text) {
      chips.replaceChildren(...marks.map(([kind, t]) => make("span", `chip ${kind}`, t)));
    }
    chips.hidden = marks.length === 0;
  }
}
