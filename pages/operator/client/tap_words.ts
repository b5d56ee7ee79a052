/**
 * The umpire's actions in words: what a tap was ("Point to García at 5-3 in game 2"), what Undo will take back,
 * and the warning when taps were not recorded. Every declaration is exported so that the page can inline this
 * module (pages/client_script.ts `moduleScript`).
 */
import type { LastAction } from "../../../domain/match_replay.ts";
import type { Side } from "../../../domain/scoring.ts";

/** The names a sentence uses: each side's, and each player's by slot ("home1", "away2"). */
export interface Names {
  home: string;
  away: string;
  players: Record<string, string>;
}

/** A card in words, with whom it was shown to. */
export function cardWords(card: string, target: string, who: string): string {
  const colour = card === "yellow" ? "Yellow card" : card === "red" ? "Red card" : "Yellow and red card";
  return target === "coach" ? `${colour} to ${who}'s coach` : `${colour} to ${who}`;
}

/**
 * What a tap was, in the umpire's words; a point names the score before it (home first, as the page writes
 * scores) and the game.
 * @example tapWords("point", { side: "home" }, names, { home: 5, away: 3 }, 2) // "Point to García at 5-3 in game 2"
 */
export function tapWords(
  type: string,
  body: Record<string, unknown>,
  names: Names,
  score: { home: number; away: number },
  game: number,
): string {
  const side = (s: unknown) => (s === "away" ? names.away : names.home);
  switch (type) {
    case "point":
      return `Point to ${side(body.side)} at ${score.home}-${score.away} in game ${game}`;
    case "undo":
      return `Undo at ${score.home}-${score.away} in game ${game}`;
    case "start":
      return `Start, ${side(body.firstServer)} serving`;
    case "timeout":
      return `Time-out for ${side(body.side)}`;
    case "resume":
      return "End of the time-out";
    case "card":
      return cardWords(String(body.card), String(body.target), side(body.side));
    case "expedite":
      return "Expedite system";
    case "order":
      return `${names.players[String(body.server)] ?? "?"} serves first in game ${body.game}`;
    case "correct":
      return `Game ${body.game} corrected to ${body.home}-${body.away}`;
    case "takeover":
      return "Take over";
    default:
      return type;
  }
}

/**
 * The label of the Undo button: what it will take back.
 * @example undoWords({ kind: "point", side: "home" }, names) // "Undo: point to García"
 */
export function undoWords(last: LastAction | null, names: Names): string {
  if (last === null) return "Undo";
  const side = (s: Side) => (s === "away" ? names.away : names.home);
  switch (last.kind) {
    case "point":
      return `Undo: point to ${side(last.side)}`;
    case "timeout":
      return `Undo: time-out for ${side(last.side)}`;
    case "resume":
      return "Undo: end of the time-out";
    case "card":
      return `Undo: ${lowerFirst(cardWords(last.card, last.target, side(last.side)))}`;
    case "expedite":
      return "Undo: expedite system";
    case "order":
      return `Undo: order of game ${last.game}`;
    case "correction":
      return `Undo: correction of game ${last.game}`;
  }
}

/**
 * The warning when waiting taps were not recorded: whether the match changed under them (another device or the
 * desk wrote it, or took it over: nothing after was recorded) or the rules refused them one by one, and exactly
 * which taps they were.
 * @example notRecordedWords(true, ["Point to García at 5-3 in game 2"]) // "Another device changed this match. Not recorded: point to García at 5-3 in game 2. Check the score."
 */
export function notRecordedWords(changed: boolean, labels: readonly string[], reason = ""): string {
  const list = labels.map(lowerFirst).join("; ");
  const head = changed
    ? "Another device changed this match."
    : reason
    ? `Refused: ${reason.replace(/\.$/, "")}.`
    : "";
  return `${head ? head + " " : ""}Not recorded: ${list}. Check the score.`;
}

/** A sentence's first letter in lower case, to follow a colon. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
