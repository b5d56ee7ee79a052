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
import { playTime, pw } from "./play_words.ts";

/**
 * A side's name, or "to be decided" before it is known (a knockout match waiting for a winner).
 * @example sideName({ homeName: null, awayName: "Ben Okafor" }, "home") // "to be decided"
 */
export function sideName(m: Pick<ManageMatch, "homeName" | "awayName">, side: Side): string {
  return (side === "home" ? m.homeName : m.awayName) ?? pw("play.toBeDecided");
}

/**
 * Both sides, home first.
 * @example matchNames({ homeName: "Anna Berg", awayName: "Ben Okafor" }) // "Anna Berg v Ben Okafor"
 */
export function matchNames(m: Pick<ManageMatch, "homeName" | "awayName">): string {
  return pw("play.versus", { home: sideName(m, "home"), away: sideName(m, "away") });
}

/** The winner's name; "?" while there is none (the server sends the winning side as a plain string). */
export function winnerName(m: Pick<ManageMatch, "homeName" | "awayName" | "winnerSide">): string {
  return m.winnerSide === "home" || m.winnerSide === "away" ? sideName(m, m.winnerSide) : "?";
}

/** A time in the page's language, with its day ("Sat 10:30"); "" for none. */
export function matchTime(iso: string | null): string {
  return playTime(iso);
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
    const live = {
      games: `${m.gamesWon.home}-${m.gamesWon.away}`,
      game: `${m.currentGame.home}-${m.currentGame.away}`,
    };
    return m.currentServer
      ? pw("play.score.liveServing", { ...live, server: sideName(m, m.currentServer) })
      : pw("play.score.live", live);
  }
  if (m.status === "completed") {
    const winner = winnerName(m);
    // A walkover has no games to give; a retirement or disqualification says who left the match.
    if (m.resultReasonCode === "walkover") {
      return pw("play.score.wonBy", { winner, how: wonByWords("walkover") });
    }
    const loser = m.winnerSide === "home"
      ? sideName(m, "away")
      : m.winnerSide === "away"
      ? sideName(m, "home")
      : "?";
    // The winner's games first, as a result is said ("wins 2-0"); the games themselves home side first.
    const score = m.winnerSide === "away"
      ? `${m.gamesWon.away}-${m.gamesWon.home}`
      : `${m.gamesWon.home}-${m.gamesWon.away}`;
    // A retirement before any game was won has no score to say: "Anna Berg wins, Ella Fox retired".
    const noScore = m.gamesWon.home + m.gamesWon.away === 0 && m.resultReasonCode;
    const result = noScore
      ? (games ? pw("play.score.winsOnlyGames", { winner, games }) : pw("play.score.winsNoScore", { winner }))
      : games
      ? pw("play.score.winsGames", { winner, score, games })
      : pw("play.score.wins", { winner, score });
    if (m.resultReasonCode === "retired") return pw("play.score.retired", { result, loser });
    if (m.resultReasonCode === "disqualified") return pw("play.score.disqualified", { result, loser });
    return m.resultReasonCode
      ? pw("play.score.other", { result, how: wonByWords(m.resultReasonCode) })
      : result;
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
    return m ? matchNames(m) : pw("play.anotherMatch");
  };
  const where = (id: string) => {
    const m = byMatchId.get(id);
    return m?.tableNo ? pw("play.atTable", { table: m.tableNo }) : "";
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
  const match = matchNames(m);
  return home === away
    ? pw("play.sheet.question", { match, games: sheet })
    : pw("play.sheet.questionWinner", {
      match,
      games: sheet,
      winner: sideName(m, home > away ? "home" : "away"),
      score: `${Math.max(home, away)}-${Math.min(home, away)}`,
    });
}

/**
 * What the day's running says of a match not begun besides its planned time: skipped for now, or when it is
 * expected when that is not its planned time (db/estimate_writes.ts); "" when neither.
 * @example runningWords({ scheduledAt: "2026-11-28T10:22:00Z", estimatedStart: "2026-11-28T10:37:00.000Z", skippedAt: null }) // "expected Sat 10:37"
 */
export function runningWords(m: Pick<ManageMatch, "scheduledAt" | "estimatedStart" | "skippedAt">): string {
  if (m.skippedAt) return pw("play.skipped");
  const moved = m.estimatedStart !== null &&
    (m.scheduledAt === null || Date.parse(m.scheduledAt) !== Date.parse(m.estimatedStart));
  return moved ? pw("play.expected", { time: matchTime(m.estimatedStart) }) : "";
}
