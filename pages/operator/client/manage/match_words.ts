/**
 * How a match reads on the operator's page: its sides' names, its score or time, and the sentences of the clashes
 * it is in. Pure functions over the management API's match; every declaration is exported so that the page can
 * inline this module (pages/client_script.ts `moduleScript`).
 */
import type { Clash } from "../../../../domain/clashes.ts";
import type { Side } from "../../../../domain/scoring.ts";
import { clashWords } from "../clash_words.ts";
import { wonByWords } from "../result_words.ts";
import type { ManageMatch } from "./page.ts";

/**
 * A side's name, or "to be decided" before it is known (a knockout match waiting for a winner).
 * @example sideName({ homeName: null, awayName: "Ben Okafor" }, "home") // "to be decided"
 */
export function sideName(m: Pick<ManageMatch, "homeName" | "awayName">, side: Side): string {
  return (side === "home" ? m.homeName : m.awayName) ?? "to be decided";
}

/**
 * Both sides, home first.
 * @example matchNames({ homeName: "Anna Berg", awayName: "Ben Okafor" }) // "Anna Berg v Ben Okafor"
 */
export function matchNames(m: Pick<ManageMatch, "homeName" | "awayName">): string {
  return `${sideName(m, "home")} v ${sideName(m, "away")}`;
}

/** The winner's name; "?" while there is none (the server sends the winning side as a plain string). */
export function winnerName(m: Pick<ManageMatch, "homeName" | "awayName" | "winnerSide">): string {
  return m.winnerSide === "home" || m.winnerSide === "away" ? sideName(m, m.winnerSide) : "?";
}

/** A time in the reader's words, with its day ("Sat 10:30"); "" for none. */
export function matchTime(iso: string | null): string {
  return iso === null
    ? ""
    : new Date(iso).toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" });
}

/**
 * The score of a match in progress (games, then the running game and who serves), the result of a finished
 * one, else when it is scheduled.
 * @example scoreText(running) // "1-0 (3-4, Ella Fox serving)"
 * @example scoreText(finished) // "Anna Berg wins 3-1 (11-7, 9-11, 11-5, 11-8)"
 * @example scoreText(retired) // "Anna Berg wins 1-0 (11-7, 3-2), Ella Fox retired"
 */
export function scoreText(m: ManageMatch): string {
  const games = m.gameScores.map((g) => `${g.home}-${g.away}`).join(", ");
  if (m.status === "in_progress") {
    const serving = m.currentServer ? `, ${sideName(m, m.currentServer)} serving` : "";
    return `${m.gamesWon.home}-${m.gamesWon.away} (${m.currentGame.home}-${m.currentGame.away}${serving})`;
  }
  if (m.status === "completed") {
    // A walkover has no games to give; a retirement or disqualification says who left the match.
    if (m.resultReasonCode === "walkover") return `${winnerName(m)} wins ${wonByWords("walkover")}`;
    const loser = m.winnerSide === "home"
      ? sideName(m, "away")
      : m.winnerSide === "away"
      ? sideName(m, "home")
      : "?";
    const reason = m.resultReasonCode === "retired"
      ? `, ${loser} retired`
      : m.resultReasonCode === "disqualified"
      ? `, ${loser} disqualified`
      : m.resultReasonCode
      ? ` ${wonByWords(m.resultReasonCode)}`
      : "";
    // The winner's games first, as a result is said ("wins 2-0"); the games themselves home side first.
    const won = m.winnerSide === "away"
      ? `${m.gamesWon.away}-${m.gamesWon.home}`
      : `${m.gamesWon.home}-${m.gamesWon.away}`;
    // A retirement before any game was won has no score to say: "Anna Berg wins, Ella Fox retired".
    const score = m.gamesWon.home + m.gamesWon.away === 0 && m.resultReasonCode ? "" : ` ${won}`;
    return `${winnerName(m)} wins${score}` + (games ? ` (${games})` : "") + reason;
  }
  return m.scheduledAt ? matchTime(m.scheduledAt) : "";
}

/**
 * A clash in words (clash_words.ts), its matches named from those of the overview drawn; with `starting`, as
 * what stands in the way of a start.
 */
export function clashSentence(
  byMatchId: ReadonlyMap<string, ManageMatch>,
  clash: Clash,
  starting = false,
): string {
  const describe = (id: string) => {
    const m = byMatchId.get(id);
    return m ? matchNames(m) : "another match";
  };
  const where = (id: string) => {
    const m = byMatchId.get(id);
    return m?.tableNo ? `table ${m.tableNo}` : "";
  };
  return clashWords(clash, describe, where, matchTime, starting);
}

/**
 * The question before a score sheet's games are entered: the match, the games, and who they make the winner.
 * @example sheetQuestion({ homeName: "Anna Berg", awayName: "Ella Fox" }, [{ home: 5, away: 11 }, { home: 5, away: 11 }])
 * // "Anna Berg v Ella Fox: 5-11, 5-11? Ella Fox wins 2-0."
 */
export function sheetQuestion(
  m: Pick<ManageMatch, "homeName" | "awayName">,
  games: readonly { home: number; away: number }[],
): string {
  const home = games.filter((g) => g.home > g.away).length;
  const away = games.filter((g) => g.away > g.home).length;
  const sheet = games.map((g) => `${g.home}-${g.away}`).join(", ");
  const winner = home === away
    ? ""
    : ` ${sideName(m, home > away ? "home" : "away")} wins ${Math.max(home, away)}-${Math.min(home, away)}.`;
  return `${matchNames(m)}: ${sheet}?${winner}`;
}

/**
 * What the day's running says of a match not begun besides its planned time: skipped for now, or when it is
 * expected when that is not its planned time (db/estimate_writes.ts); "" when neither.
 * @example runningWords({ scheduledAt: "2026-11-28T10:22:00Z", estimatedStart: "2026-11-28T10:37:00.000Z", skippedAt: null }) // "expected Sat 10:37"
 */
export function runningWords(m: Pick<ManageMatch, "scheduledAt" | "estimatedStart" | "skippedAt">): string {
  if (m.skippedAt) return "Skipped for now";
  const moved = m.estimatedStart !== null &&
    (m.scheduledAt === null || Date.parse(m.scheduledAt) !== Date.parse(m.estimatedStart));
  return moved ? `expected ${matchTime(m.estimatedStart)}` : "";
}
