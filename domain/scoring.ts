/**
 * The score of table tennis: games, matches and the order of service by the count (ITTF Laws 2.11-2.13).
 *
 * A match is stored as the list of points won ("home" or "away") and the umpire's other actions (corrections of
 * finished games, timeouts, cards, the expedite system); every score shown is a replay of them
 * (domain/match_replay.ts), so undo is "take back the last action" and nothing can drift out of step. See
 * docs/scoring.md.
 *
 * Every declaration of this module is exported: the umpire's page runs these very functions in the browser
 * (pages/client_script.ts `moduleScript`), so that the rules are written once.
 * @module
 */

/** One side of a match: the home or the away player (or pair, in doubles). */
export type Side = "home" | "away";

/** Both sides, in the order scores are written (home first). */
export const SIDES = ["home", "away"] as const satisfies readonly Side[];

/** Points or games of each side. */
export interface Score {
  home: number;
  away: number;
}

/** How a match is played: best of an odd number of games (3 or more), and who serves first in game 1. */
export interface MatchFormat {
  bestOf: number;
  firstServer: Side;
}

/** The score of a match replayed from its points. */
export interface MatchState {
  /** Games won by each side. */
  gamesWon: Score;
  /** Points in the running game; `{home: 0, away: 0}` between games and once the match is finished. */
  currentGame: Score;
  /** Finished games in order of play. */
  gameScores: Score[];
  /** Who serves the next point; once the match is finished, who would serve first in a further game. */
  server: Side;
  /** Whether one side has won the match on games. */
  finished: boolean;
  /** The side that won on games, null until then. */
  winner: Side | null;
}

/** An umpire's fix of a finished game's score; `game` is 1-based. */
export interface GameCorrection {
  game: number;
  home: number;
  away: number;
  /**
   * How many points were recorded when the correction was made: it places the correction among the points, so
   * that undo takes actions back in the order they were made. Absent: as its game ended (the earliest it can
   * have been made).
   */
  afterPoints?: number;
}

/** What a list of finished games says about a match. */
export interface GamesSummary {
  gamesWon: Score;
  finished: boolean;
  winner: Side | null;
}

/** A scoring rule was broken (illegal score, point after the match, bad format); the message says which. */
export class ScoringError extends Error {
  override name = "ScoringError";
}

/** Points needed to win a game (ITTF Law 2.11.1). */
export const POINTS_TO_WIN_GAME = 11;

/** From 10-10 a game needs a 2-point lead and service changes every point (Laws 2.11.1, 2.13.3). */
export const DEUCE = POINTS_TO_WIN_GAME - 1;

/** Whether a value is "home" or "away". */
export function isSide(value: unknown): value is Side {
  return value === "home" || value === "away";
}

/** The opponent of a side. */
export function otherSide(side: Side): Side {
  return side === "home" ? "away" : "home";
}

/** Whether `bestOf` is a legal match length: an odd whole number of games, 3 or more (Law 2.12.1). */
export function isValidBestOf(bestOf: number): boolean {
  return Number.isInteger(bestOf) && bestOf >= 3 && bestOf % 2 === 1;
}

/**
 * Games a side must win to win the match.
 * @example gamesNeeded(5) // 3 (a best of 5 is won with 3 games, ITTF Law 2.12.1)
 */
export function gamesNeeded(bestOf: number): number {
  assertBestOf(bestOf);
  return (bestOf + 1) / 2;
}

/**
 * Whether a game score is a finished game: 11 points with at least a 2-point lead, or exactly 2 ahead past
 * 11.
 * @example isFinishedGame(11, 10) // false: from 10-10 a game needs a 2-point lead (ITTF Law 2.11.1)
 * @example isFinishedGame(12, 10) // true; isFinishedGame(12, 9) // false: the game ended at 11-9
 */
export function isFinishedGame(home: number, away: number): boolean {
  if (!isPointCount(home) || !isPointCount(away)) return false;
  const high = Math.max(home, away);
  const low = Math.min(home, away);
  if (high === POINTS_TO_WIN_GAME) return high - low >= 2;
  return high > POINTS_TO_WIN_GAME && high - low === 2;
}

/**
 * Whether a game score can be the score of a game still being played (reachable and not finished).
 * @example isRunningGame(11, 10) // true; isRunningGame(13, 5) // false: that game ended at 11-5
 */
export function isRunningGame(home: number, away: number): boolean {
  if (!isPointCount(home) || !isPointCount(away)) return false;
  const high = Math.max(home, away);
  const low = Math.min(home, away);
  return high <= DEUCE || high - low <= 1;
}

/**
 * Throws a `ScoringError` unless the score is a finished game; `action` prefixes the message (e.g. `Cannot
 * correct game "2"`).
 */
export function assertFinishedGame(home: number, away: number, action?: string): void {
  if (isFinishedGame(home, away)) return;
  const text = `${formatScore({ home, away })} is not a finished game: a game is won by the first side to ` +
    `${POINTS_TO_WIN_GAME} points, with a 2-point lead from ${DEUCE}-${DEUCE}`;
  throw new ScoringError(action === undefined ? text : `${action}: ${text}`);
}

/** The side that won a finished game; throws a `ScoringError` for a score that is not a finished game. */
export function gameWinner(game: Score): Side {
  assertFinishedGame(game.home, game.away);
  return game.home > game.away ? "home" : "away";
}

/**
 * The side that serves first in a game: the first server of the match in odd games, the other side in even
 * ones.
 * @example firstServerOfGame("home", 2) // "away" (ITTF Law 2.13.6)
 */
export function firstServerOfGame(firstServer: Side, gameNumber: number): Side {
  return gameNumber % 2 === 1 ? firstServer : otherSide(firstServer);
}

/**
 * Who serves the next point of a game at a given score.
 *
 * Service changes after every 2 points, and after every point from 10-10 (ITTF Law 2.13.3). Doubles follows
 * the same count at the side level (Law 2.13.5 only rotates the players within each pair).
 * @example serverAt("home", 1, { home: 10, away: 10 }) // "home": from 10-10, 1 point each
 * @example serverAt("home", 1, { home: 10, away: 11 }) // "away"
 */
export function serverAt(firstServer: Side, gameNumber: number, current: Score): Side {
  const first = firstServerOfGame(firstServer, gameNumber);
  const played = current.home + current.away;
  // Below 20 points (10-10 in a running game) each side serves 2 points in turn; from there 1 point in turn.
  const turn = played < 2 * DEUCE ? Math.floor(played / 2) : played;
  return turn % 2 === 0 ? first : otherSide(first);
}

/**
 * Counts the games won in a list of finished games and says whether they decide the match.
 * Throws a `ScoringError` for an illegal game or a game played after the match was decided.
 */
export function summarizeGames(games: readonly Score[], bestOf: number): GamesSummary {
  return countGames(games, bestOf, "Cannot count game");
}

/**
 * Checks imported game scores: each game finished and legal, none after the match was decided, and the match
 * decided by the games exactly when `completed` is true.
 *
 * A match that ended with a result reason (retired, disqualified, walkover) is not decided by its games:
 * callers pass `completed: false` for it. Returns the summary of the games.
 * @example validateGameScores([{ home: 11, away: 10 }], 5, false) // throws: "11-10" is not a finished game
 */
export function validateGameScores(
  games: readonly Score[],
  bestOf: number,
  completed: boolean,
): GamesSummary {
  const summary = countGames(games, bestOf, "Cannot import game");
  if (completed && !summary.finished) {
    throw new ScoringError(
      `Cannot import a completed match: the games (${
        formatGames(summary.gamesWon)
      }) do not decide a best of ` +
        `${bestOf}`,
    );
  }
  if (!completed && summary.finished) {
    throw new ScoringError(
      `Cannot import a match that is not completed: the games decide it (${formatGames(summary.gamesWon)})`,
    );
  }
  return summary;
}

/** The points without the last one; throws a `ScoringError` when no point has been recorded. */
export function undoLastPoint(points: readonly Side[]): Side[] {
  if (points.length === 0) throw new ScoringError("Cannot undo the last point: no point has been recorded");
  return points.slice(0, -1);
}

/**
 * The corrections in the order made, each placed among the points (`afterPoints` given, or as its game ended
 * when it was not recorded): what a client needs to take actions back in order as `undoLastAction` does.
 * @example placedCorrections([{ game: 1, home: 11, away: 9 }], elevenToNil) // [{ game: 1, home: 11, away: 9, afterPoints: 11 }]
 */
export function placedCorrections(
  corrections: readonly GameCorrection[],
  points: readonly Side[],
): Required<GameCorrection>[] {
  return corrections.map((c) => ({
    game: c.game,
    home: c.home,
    away: c.away,
    afterPoints: madeAfterPoints(c, points),
  }));
}

/**
 * The correction in force for each corrected game (the last one made), in game order.
 * @example
 * const made = [{ game: 2, home: 11, away: 8 }, { game: 1, home: 11, away: 3 }, { game: 2, home: 11, away: 9 }];
 * effectiveCorrections(made) // [{ game: 1, home: 11, away: 3 }, { game: 2, home: 11, away: 9 }]
 */
export function effectiveCorrections(corrections: readonly GameCorrection[]): GameCorrection[] {
  const byGame = new Map<number, GameCorrection>();
  for (const { game, home, away } of corrections) byGame.set(game, { game, home, away });
  return [...byGame.values()].sort((a, b) => a.game - b.game);
}

/**
 * Builds a plausible point sequence that replays to the given finished games and running game, so that an
 * imported match can be resumed by the live scorer. Points of each game are spread evenly, a deuce game goes
 * point for point from 10-10, and the last point of each finished game goes to its winner.
 * @example pointsForScores([{ home: 11, away: 9 }], { home: 2, away: 1 }, format) // 20 + 3 points
 */
export function pointsForScores(games: readonly Score[], current: Score, format: MatchFormat): Side[] {
  assertFormat(format);
  const summary = countGames(games, format.bestOf, "Cannot resume game");
  if (!isRunningGame(current.home, current.away)) {
    throw new ScoringError(
      `Cannot resume the running game at ${formatScore(current)}: that is not the score of a game in play`,
    );
  }
  if (summary.finished && current.home + current.away > 0) {
    throw new ScoringError(
      `Cannot resume the running game at ${formatScore(current)}: the match is already decided ` +
        `(${formatGames(summary.gamesWon)})`,
    );
  }
  const points: Side[] = [];
  for (const game of games) {
    const winner = gameWinner(game);
    const loser = otherSide(winner);
    const lost = game[loser];
    if (lost < DEUCE) {
      points.push(...spread(winner, POINTS_TO_WIN_GAME - 1, loser, lost), winner);
    } else {
      points.push(...fromDeuce(loser, lost - DEUCE), winner, winner);
    }
  }
  const low = Math.min(current.home, current.away);
  if (Math.max(current.home, current.away) <= DEUCE) {
    points.push(...spread("home", current.home, "away", current.away));
  } else {
    points.push(...fromDeuce("home", low - DEUCE));
    if (current.home !== current.away) points.push(current.home > current.away ? "home" : "away");
  }
  return points;
}

/**
 * The points of a whole result entered from a score sheet (the desk keys in the games of a match scored on
 * paper): every game finished and legal, the match decided by them, nothing after. Throws a `ScoringError`
 * naming the game at fault, or saying the games do not decide the match.
 * @example pointsForResult([{ home: 11, away: 7 }, { home: 11, away: 9 }], { bestOf: 3, firstServer: "home" }) // 40 points
 */
export function pointsForResult(games: readonly Score[], format: MatchFormat): Side[] {
  assertFormat(format);
  const summary = countGames(games, format.bestOf, "Cannot enter game");
  if (!summary.finished) {
    throw new ScoringError(
      `Cannot enter the result: the games (${formatGames(summary.gamesWon)}) do not decide a best of ` +
        `${format.bestOf}`,
    );
  }
  return pointsForScores(games, { home: 0, away: 0 }, format);
}

/** Formats a game score as `"11-9"` (home first, quoted) for messages. */
export function formatScore(score: Score): string {
  return `"${score.home}-${score.away}"`;
}

/** Points recorded when a correction was made; without `afterPoints`, when its game ended (or all of them). */
export function madeAfterPoints(correction: GameCorrection, points: readonly Side[]): number {
  if (correction.afterPoints !== undefined) return correction.afterPoints;
  const current: Score = { home: 0, away: 0 };
  let games = 0;
  for (const [index, side] of points.entries()) {
    if (!isSide(side)) break;
    current[side] += 1;
    if (!isFinishedGame(current.home, current.away)) continue;
    games += 1;
    if (games === correction.game) return index + 1;
    current.home = 0;
    current.away = 0;
  }
  return points.length;
}

/** Games won in a list of finished games, and whether they decide the match; `action` prefixes the errors. */
export function countGames(games: readonly Score[], bestOf: number, action: string): GamesSummary {
  assertBestOf(bestOf);
  const needed = (bestOf + 1) / 2;
  const gamesWon: Score = { home: 0, away: 0 };
  games.forEach((game, index) => {
    assertFinishedGame(game.home, game.away, `${action} ${index + 1}`);
    if (matchWinner(gamesWon, needed) !== null) {
      throw new ScoringError(
        `${action} ${index + 1}: the match was already decided (${formatGames(gamesWon)})`,
      );
    }
    gamesWon[gameWinner(game)] += 1;
  });
  const winner = matchWinner(gamesWon, needed);
  return { gamesWon, finished: winner !== null, winner };
}

/** Throws a `ScoringError` unless the format is legal (best of, first server). */
export function assertFormat(format: MatchFormat): void {
  assertBestOf(format.bestOf);
  if (!isSide(format.firstServer)) {
    throw new ScoringError(
      `Cannot score the match: expected first server "home" or "away", got ${quote(format.firstServer)}`,
    );
  }
}

/** Throws a `ScoringError` unless `bestOf` is an odd whole number, 3 or more (Law 2.12.1). */
export function assertBestOf(bestOf: number): void {
  if (!isValidBestOf(bestOf)) {
    throw new ScoringError(
      `Cannot score a best of ${quote(bestOf)} match: expected an odd whole number of games, 3 or more`,
    );
  }
}

/** The side that has won `needed` games, or null. */
export function matchWinner(gamesWon: Score, needed: number): Side | null {
  if (gamesWon.home >= needed) return "home";
  if (gamesWon.away >= needed) return "away";
  return null;
}

/** Whether a value is a whole number of points from 0. */
export function isPointCount(value: number): boolean {
  return Number.isInteger(value) && value >= 0;
}

/** Whether two scores are equal. */
export function sameScore(a: Score, b: Score): boolean {
  return a.home === b.home && a.away === b.away;
}

/** Games won as `2-1`, for messages. */
export function formatGames(gamesWon: Score): string {
  return `${gamesWon.home}-${gamesWon.away}`;
}

/** A value in double quotes, for messages. */
export function quote(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : `"${String(value)}"`;
}

/**
 * `countA` points to `a` and `countB` to `b`, evenly mixed (each point placed at the middle of its share).
 */
export function spread(a: Side, countA: number, b: Side, countB: number): Side[] {
  const out: Side[] = [];
  let i = 0;
  let j = 0;
  while (i < countA || j < countB) {
    // Compare positions (2i+1)/(2·countA) and (2j+1)/(2·countB) without fractions.
    const takeA = j >= countB || (i < countA && (2 * i + 1) * countB <= (2 * j + 1) * countA);
    if (takeA) {
      out.push(a);
      i += 1;
    } else {
      out.push(b);
      j += 1;
    }
  }
  return out;
}

/**
 * Points to 10-10 then `extra` exchanges (first `first`, then the other side), ending level at
 * (10+extra)-all.
 */
export function fromDeuce(first: Side, extra: number): Side[] {
  const out = spread("home", DEUCE, "away", DEUCE);
  for (let k = 0; k < extra; k += 1) out.push(first, otherSide(first));
  return out;
}
