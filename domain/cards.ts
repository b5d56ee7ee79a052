/**
 * Cards for misbehaviour (ITTF Regulation 3.5.2): a yellow card warns; after a warning, each further offence of
 * a player is a yellow and a red card together with 1, then 2 penalty points to the opponent; a player with 3
 * penalty points who goes on misbehaving, or any serious offence, is shown the red card and referred to the
 * referee. A coach (adviser) is warned with a yellow card and sent away with a red one. Cards carry over to the
 * later games of the match. In doubles the pair is the offender.
 *
 * Every declaration is exported: the umpire's page runs this module in the browser (see domain/scoring.ts).
 * @module
 */
import { otherSide, type Score, ScoringError, type Side } from "./scoring.ts";

/** Who is carded: a player (or pair) of the side, or the side's coach or adviser. */
export type CardTarget = "player" | "coach";

/** A yellow card (warning), a yellow and a red together (penalty points), a red card (to the referee). */
export type CardColour = "yellow" | "yellow_red" | "red";

/** Every card target. */
export const CARD_TARGETS = ["player", "coach"] as const satisfies readonly CardTarget[];

/** Every card colour. */
export const CARD_COLOURS = ["yellow", "yellow_red", "red"] as const satisfies readonly CardColour[];

/** A card shown, with the penalty points it gave the opponent and the score when it was shown. */
export interface CardRecord {
  side: Side;
  target: CardTarget;
  card: CardColour;
  /** Penalty points awarded to the opponent (Regulation 3.5.2.3): 0, 1 or 2. */
  penaltyPoints: number;
  /** The game (1-based) and its score when the card was shown, before its penalty points. */
  gameNumber: number;
  score: Score;
  /** When it was shown (ISO 8601), when known. */
  at: string | null;
}

/** Whether a value is a card target. */
export function isCardTarget(value: unknown): value is CardTarget {
  return (CARD_TARGETS as readonly unknown[]).includes(value);
}

/** Whether a value is a card colour. */
export function isCardColour(value: unknown): value is CardColour {
  return (CARD_COLOURS as readonly unknown[]).includes(value);
}

/**
 * The penalty points a card gives the offender's opponent, given the cards the same side and target were shown
 * before in the match; throws a `ScoringError` for a card the regulation does not allow at that point.
 * @example penaltyPointsOf([], "player", "yellow") // 0: the warning
 * @example penaltyPointsOf([yellow], "player", "yellow_red") // 1; after one yellow-red: 2
 * @example penaltyPointsOf([], "player", "yellow_red") // throws: penalty points come after a warning
 */
export function penaltyPointsOf(before: readonly CardRecord[], target: CardTarget, card: CardColour): number {
  const shown = before.filter((c) => c.target === target);
  const who = target === "coach" ? "the coach" : "the player";
  if (shown.some((c) => c.card === "red")) {
    throw new ScoringError(
      `Cannot show ${who} a card: ${who} was already shown the red card (referred to the referee, ` +
        `Regulation 3.5.2)`,
    );
  }
  if (card === "red") return 0;
  const warned = shown.some((c) => c.card === "yellow");
  if (card === "yellow") {
    if (warned) {
      throw new ScoringError(
        `Cannot show ${who} a second yellow card: after the warning, ` +
          (target === "coach"
            ? "a further offence of the coach is a red card (Regulation 3.5.2)"
            : "a further offence is a yellow and a red card with a penalty point (Regulation 3.5.2.3)"),
      );
    }
    return 0;
  }
  if (target === "coach") {
    throw new ScoringError(
      `Cannot show the coach a yellow and a red card: a coach is warned (yellow), then sent away (red), and ` +
        `never gives penalty points (Regulation 3.5.2)`,
    );
  }
  if (!warned) {
    throw new ScoringError(
      `Cannot award a penalty point: the player has not been warned (a yellow card comes first, ` +
        `Regulation 3.5.2.2)`,
    );
  }
  const penalties = shown.filter((c) => c.card === "yellow_red").length;
  if (penalties >= 2) {
    throw new ScoringError(
      `Cannot award more penalty points: the player already has 3; a further offence is reported to the ` +
        `referee with a red card (Regulation 3.5.2.4)`,
    );
  }
  return penalties + 1;
}

/** The side that receives a card's penalty points: the offender's opponent. */
export function penaltyPointsTo(card: Pick<CardRecord, "side">): Side {
  return otherSide(card.side);
}
