/**
 * The umpire's actions in words: what a tap was ("Point to García at 5-3 in game 2"), what Undo will take back,
 * and the warning when taps were not recorded. Every declaration is exported so that the page can inline this
 * module (pages/client_script.ts `moduleScript`).
 */
import type { LastAction } from "../../../domain/match_replay.ts";
import type { Side } from "../../../domain/scoring.ts";
import { w } from "./score/words.ts";

/** The names a sentence uses: each side's, and each player's by slot ("home1", "away2"). */
export interface Names {
  home: string;
  away: string;
  players: Record<string, string>;
}

/** A card in words, with whom it was shown to. */
export function cardWords(card: string, target: string, who: string): string {
  const colour = w(
    card === "yellow" ? "score.yellowCard" : card === "red" ? "score.redCard" : "score.yellowRedCard",
  );
  return w(target === "coach" ? "score.cardToCoach" : "score.cardToSide", { card: colour, side: who });
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
      return w("score.tapPoint", { side: side(body.side), score: `${score.home}-${score.away}`, game });
    case "undo":
      return w("score.tapUndo", { score: `${score.home}-${score.away}`, game });
    case "start":
      return w("score.tapStart", { side: side(body.firstServer) });
    case "timeout":
      return w("score.timeoutFor", { side: side(body.side) });
    case "resume":
      return w("score.tapResume");
    case "card":
      return cardWords(String(body.card), String(body.target), side(body.side));
    case "expedite":
      return w("score.expediteSystem");
    case "order":
      return w("score.tapOrder", {
        player: names.players[String(body.server)] ?? "?",
        game: String(body.game),
      });
    case "correct":
      return w("score.tapCorrect", { game: String(body.game), score: `${body.home}-${body.away}` });
    case "takeover":
      return w("score.takeOver");
    default:
      return type;
  }
}

/**
 * The label of the Undo button: what it will take back.
 * @example undoWords({ kind: "point", side: "home" }, names) // "Undo: point to García"
 */
export function undoWords(last: LastAction | null, names: Names): string {
  if (last === null) return w("score.undo");
  const side = (s: Side) => (s === "away" ? names.away : names.home);
  switch (last.kind) {
    case "point":
      return w("score.undoPoint", { side: side(last.side) });
    case "timeout":
      return w("score.undoTimeout", { side: side(last.side) });
    case "resume":
      return w("score.undoResume");
    case "card":
      return w("score.undoCard", { card: lowerFirst(cardWords(last.card, last.target, side(last.side))) });
    case "expedite":
      return w("score.undoExpedite");
    case "order":
      return w("score.undoOrder", { game: last.game });
    case "correction":
      return w("score.undoCorrection", { game: last.game });
  }
}

/**
 * The warning when waiting taps were not recorded: whether the match changed under them (another device or the
 * desk wrote it, or took it over: nothing after was recorded) or the rules refused them one by one, and exactly
 * which taps they were. `reason` is the refusal's sentence (score/refusal_words.ts `refusalSentence`).
 * @example notRecordedWords(true, ["Point to García at 5-3 in game 2"]) // "Another device changed this match. Not recorded: point to García at 5-3 in game 2. Check the score."
 */
export function notRecordedWords(changed: boolean, labels: readonly string[], reason = ""): string {
  const list = labels.map(lowerFirst).join("; ");
  const head = changed ? w("score.changedElsewhere") : reason;
  return `${head ? head + " " : ""}${w("score.notRecorded", { list })}`;
}

/** A sentence's first letter in lower case, to follow a colon. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
