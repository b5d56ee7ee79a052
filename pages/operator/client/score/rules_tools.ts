/// <reference lib="dom" />
/**
 * The umpire's tools under the score: a time-out (Regulation 3.4.4.2), a card to a player or a coach (Regulation
 * 3.5.2, with the penalty points it gives), the expedite system (Law 2.15). Each opens the sheet of choices; a
 * choice the rules refuse now is there but disabled, asked of the rules themselves (score_projection.ts `allowed`,
 * domain/cards.ts). Every declaration is exported so that the page can inline this module
 * (pages/client_script.ts `moduleScript`).
 */
import { type CardColour, type CardTarget, penaltyPointsOf } from "../../../../domain/cards.ts";
import type { UmpireState } from "../../../../domain/match_replay.ts";
import { otherSide, ScoringError, type Side } from "../../../../domain/scoring.ts";
import { knownMatch } from "./known_matches.ts";
import { sideName } from "./match_names.ts";
import type { ScorePage } from "./page.ts";
import { allowed, type ScoringMatch } from "./score_projection.ts";
import { openSheet } from "./sheet.ts";
import { enqueue } from "./taps.ts";
import { w } from "./words.ts";

/** Offers a time-out to either side. */
export function openTimeout(page: ScorePage): void {
  const m = knownMatch(page, page.matchId);
  const p = page.projection;
  if (!m || !p) return;
  openSheet(w("score.timeout"), w("score.timeoutRule"), [
    ...(["home", "away"] as const).map((side) => ({
      label: w("score.timeoutFor", { side: sideName(m, side) }),
      disabled: !allowed(p, { type: "timeout", body: { side }, at: new Date().toISOString() }),
      act: () => enqueue(page, "timeout", { side }),
    })),
  ]);
}

/** Asks who is carded: a player or a coach of either side. */
export function openCard(page: ScorePage): void {
  const m = knownMatch(page, page.matchId);
  if (!m) return;
  openSheet(w("score.card"), w("score.whoCarded"), [
    ...(["home", "away"] as const).flatMap((side) => [
      { label: sideName(m, side), act: () => openCardFor(page, side, "player") },
      { label: w("score.coachOf", { side: sideName(m, side) }), act: () => openCardFor(page, side, "coach") },
    ]),
  ]);
}

/**
 * A card as a choice: its words (a yellow and red card says the points it gives the opponent) and whether the
 * regulation allows it after the side's cards so far.
 * @example cardChoice(m, [], "home", "player", "yellow_red") // { words: "Yellow and red card: 1 point to Ella Fox", ok: true }
 */
export function cardChoice(
  m: Pick<ScoringMatch, "homeName" | "awayName">,
  previous: UmpireState["cards"],
  side: Side,
  target: CardTarget,
  card: CardColour,
): { words: string; ok: boolean } {
  let words = card === "yellow" ? w("score.yellowWarning") : card === "red" ? w("score.redReferee") : "";
  let ok = true;
  try {
    const points = penaltyPointsOf(previous, target, card);
    if (card === "yellow_red") {
      const opponent = sideName(m, otherSide(side));
      words = points === 1
        ? w("score.yellowRedPoint", { side: opponent })
        : w("score.yellowRedPoints", { n: points, side: opponent });
    }
  } catch (e) {
    if (!(e instanceof ScoringError)) throw e;
    ok = false;
    if (card === "yellow_red") words = w("score.yellowRedNotNow");
  }
  return { words, ok };
}

/** Offers the cards a side's player or coach may get now. */
export function openCardFor(page: ScorePage, side: Side, target: CardTarget): void {
  const m = knownMatch(page, page.matchId);
  const p = page.projection;
  if (!m || !p) return;
  const who = target === "coach" ? w("score.coachOf", { side: sideName(m, side) }) : sideName(m, side);
  const cards: CardColour[] = target === "coach" ? ["yellow", "red"] : ["yellow", "yellow_red", "red"];
  const previous = p.state.cards.filter((c) => c.side === side);
  openSheet(
    w("score.cardTo", { who }),
    w("score.cardRule"),
    cards.map((card) => {
      const { words, ok } = cardChoice(m, previous, side, target, card);
      return {
        label: words,
        disabled: !ok,
        kind: `card-${card}`,
        act: () => enqueue(page, "card", { side, target, card }),
      };
    }),
  );
}

/** Offers the expedite system: by the time limit (between rallies or a rally stopped) or asked by both sides. */
export function openExpedite(page: ScorePage): void {
  const p = page.projection;
  if (!p) return;
  const can = (byRequest: boolean) =>
    allowed(p, {
      type: "expedite",
      body: { rallyInterrupted: false, byRequest },
      at: new Date().toISOString(),
    });
  openSheet(
    w("score.expediteSystem"),
    w("score.expediteRule"),
    [
      {
        label: w("score.expediteBetween"),
        disabled: !can(false),
        act: () => enqueue(page, "expedite", { rallyInterrupted: false, byRequest: false }),
      },
      {
        label: w("score.expediteStopped"),
        disabled: !can(false),
        act: () => enqueue(page, "expedite", { rallyInterrupted: true, byRequest: false }),
      },
      {
        label: w("score.expediteAsked"),
        disabled: !can(true),
        act: () => enqueue(page, "expedite", { rallyInterrupted: false, byRequest: true }),
      },
    ],
  );
}
