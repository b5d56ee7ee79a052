/// <reference lib="dom" />
/**
 * The start of a match on the umpire's page: who is on the umpire's left (tap to swap), who serves first, and in
 * doubles which player of the serving pair serves and which of the receiving pair receives (Law 2.13.4); a player
 * still playing elsewhere is said under the choices. Every declaration is exported so that the page can inline
 * this module (pages/client_script.ts `moduleScript`).
 */
import { otherSide, type Side } from "../../../../domain/scoring.ts";
import type { PlayerSlot } from "../../../../domain/service_order.ts";
import { byId, setText } from "../dom.ts";
import { knownMatch } from "./known_matches.ts";
import { sideName, startClashWords } from "./match_names.ts";
import type { ScorePage } from "./page.ts";
import type { Projection, ScoringMatch } from "./score_projection.ts";
import { openSheet } from "./sheet.ts";
import { enqueue } from "./taps.ts";
import { w } from "./words.ts";

/** Draws the start panel (hidden once the match has started); `readOnly` while another phone scores it. */
export function renderStartPanel(page: ScorePage, m: ScoringMatch, p: Projection, readOnly: boolean): void {
  byId("start-panel")!.hidden = p.started;
  const sidesKnown = m.homeName !== null && m.awayName !== null;
  setText("start-title", w(sidesKnown ? "score.whoServesFirst" : "score.playersUnknown"));
  for (const side of ["home", "away"] as const) {
    const choice = byId<HTMLButtonElement>(`start-${side}`)!;
    choice.hidden = !sidesKnown;
    choice.disabled = readOnly;
    setText(`start-name-${side}`, sideName(m, side));
  }
  byId("ends-choice")!.hidden = !sidesKnown;
  setText("left-choice", sideName(m, page.startLeft));
  const clashes = m.clashesOnStart ?? [];
  const warning = byId("start-warning")!;
  warning.hidden = p.started || clashes.length === 0;
  if (!warning.hidden) {
    const others = page.clashMatchesOf.get(page.matchId) ?? [];
    setText("start-warning", clashes.map((c) => startClashWords(c, others)).join("; "));
  }
}

/** Doubles: the serving pair names its first server, then the receiving pair its first receiver. */
export function chooseDoublesOrder(page: ScorePage, m: ScoringMatch, serving: Side): void {
  const mine = serving === "home" ? m.homePlayers : m.awayPlayers;
  const theirs = serving === "home" ? m.awayPlayers : m.homePlayers;
  const slot = (side: Side, i: number) => `${side}${i + 1}` as PlayerSlot;
  openSheet(
    w("score.serveFirst", { side: sideName(m, serving) }),
    w("score.whoServesFirst"),
    mine.map((p, i) => ({
      label: p.name,
      act: () =>
        openSheet(
          w("score.receivesFirst"),
          w("score.servesTo", { name: p.name }),
          theirs.map((q, j) => ({
            label: q.name,
            act: () =>
              enqueue(page, "start", {
                firstServer: serving,
                left: page.startLeft,
                server: slot(serving, i),
                receiver: slot(otherSide(serving), j),
              }),
          })),
        ),
    })),
  );
}

/** The start buttons start the match (after the doubles order), the left choice swaps the sides. */
export function watchStartPanel(page: ScorePage): void {
  for (const side of ["home", "away"] as const) {
    byId(`start-${side}`)?.addEventListener("click", () => {
      const m = knownMatch(page, page.matchId);
      if (!m) return;
      if (!m.doubles) return enqueue(page, "start", { firstServer: side, left: page.startLeft });
      chooseDoublesOrder(page, m, side);
    });
  }
  byId("left-choice")?.addEventListener("click", () => {
    page.startLeft = otherSide(page.startLeft);
    page.render();
  });
}
