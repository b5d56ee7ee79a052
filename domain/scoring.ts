/**
 * Live scoring of table tennis: games, matches and service order (ITTF Laws 2.11-2.15).
 *
 * A match is stored as the list of points won ("home" or "away") and the umpire's corrections of finished
 * games; every score shown is a replay of them, so undo is "take back the last point or correction" and
 * nothing can drift out of step. See docs/scoring.md.
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

/** What `scoreMatch` replays: the points and the corrections of finished games, each in the order made. */
export interface MatchRecord {
  points: readonly Side[];
  corrections?: readonly GameCorrection[];
}

/** What an undo took back: the last point, or the last correction when no point was recorded after it. */
export type UndoneAction = "point" | "correction";

/** A match after an undo: what was taken back, the record left and its score. */
export interface UndoResult {
  undone: UndoneAction;
  record: MatchRecord;
  state: MatchState;
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
const DEUCE = POINTS_TO_WIN_GAME - 1;

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
 * Replays the points of a match and returns its score, the next server and whether it is decided.
 *
 * Throws a `ScoringError` for an illegal format, a side that is not "home"/"away", or a point after the match
 * was decided. The ends change at 5 points in the deciding game (Law 2.13.7) but service does not, so it is
 * not modelled here.
 * @example replayMatch([], { bestOf: 5, firstServer: "home" }).server // "home"
 */
export function replayMatch(points: readonly Side[], format: MatchFormat): MatchState {
  return replay(points, format, new Map());
}

/**
 * Replays the points of a match with the umpire's corrections of finished games applied.
 *
 * Game boundaries come from the points; a corrected game keeps its place but takes the corrected score, and
 * games won, the winner and whether the match is finished are counted from the corrected scores. So a
 * correction can reopen a match that the points had decided (play then goes on), and a correction that
 * decides the match before a game that was played is rejected. Several corrections to one game: the last
 * wins.
 * @example scoreMatch({ points, corrections: [{ game: 2, home: 9, away: 11 }] }, format) // game 2 flipped
 */
export function scoreMatch(record: MatchRecord, format: MatchFormat): MatchState {
  const corrections = new Map<number, Score>();
  for (const correction of record.corrections ?? []) {
    const { game, home, away } = correction;
    if (!Number.isInteger(game) || game < 1) {
      throw new ScoringError(`Cannot correct game "${game}": expected a game number from 1`);
    }
    assertFinishedGame(home, away, `Cannot correct game "${game}"`);
    corrections.set(game, { home, away });
  }
  // A correction made once every point was recorded is the action that a late point would be blamed on.
  const lastMade = record.corrections?.at(-1)?.afterPoints;
  return replay(
    record.points,
    format,
    corrections,
    lastMade !== undefined && lastMade >= record.points.length,
  );
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
 * Takes back the last action of a match, as an umpire's undo button means it: the last correction when no
 * point was recorded after it (see `GameCorrection.afterPoints`), else the last point. An earlier correction
 * of the same game is in force again once the last one is taken back. The record left is one the match had
 * before, so it replays; should it not (a stored record made by hand), the `ScoringError` names the undo.
 * @example
 * const fix = { game: 1, home: 9, away: 11, afterPoints: 11 }; // made once game 1 had ended 11-0
 * undoLastAction({ points: elevenHome, corrections: [fix] }, format)
 * // { undone: "correction", record: { points: elevenHome, corrections: [] }, state: game 1 is 11-0 again }
 */
export function undoLastAction(record: MatchRecord, format: MatchFormat): UndoResult {
  const { points } = record;
  const corrections = record.corrections ?? [];
  const last = corrections.at(-1);
  let rest: MatchRecord;
  let undone: UndoneAction;
  if (last !== undefined && madeAfterPoints(last, points) >= points.length) {
    undone = "correction";
    rest = { points, corrections: corrections.slice(0, -1) };
  } else if (points.length > 0) {
    undone = "point";
    rest = { points: points.slice(0, -1), corrections };
  } else {
    throw new ScoringError("Cannot undo the last point or correction: no point has been recorded");
  }
  try {
    return { undone, record: rest, state: scoreMatch(rest, format) };
  } catch (e) {
    if (!(e instanceof ScoringError)) throw e;
    throw new ScoringError(`Cannot undo the last ${undone}: the match left does not replay (${e.message})`);
  }
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

function replay(
  points: readonly Side[],
  format: MatchFormat,
  corrections: ReadonlyMap<number, Score>,
  correctedLast = false,
): MatchState {
  assertFormat(format);
  const needed = (format.bestOf + 1) / 2;
  const gameScores: Score[] = [];
  const gamesWon: Score = { home: 0, away: 0 };
  // Games won as the points alone say, to tell a correction that ends the match early from a late point.
  const pointsGamesWon: Score = { home: 0, away: 0 };
  let current: Score = { home: 0, away: 0 };
  points.forEach((side, index) => {
    if (!isSide(side)) {
      throw new ScoringError(
        `Cannot record point ${index + 1}: expected "home" or "away", got ${quote(side)}`,
      );
    }
    if (matchWinner(gamesWon, needed) !== null) {
      // The corrections are to blame when they changed who won games so far and this point cannot be the new
      // action: the points alone had not decided the match, or the point was followed by others (points are
      // only added at the end) or by a correction.
      const correctionsDecided = !sameScore(gamesWon, pointsGamesWon) &&
        (matchWinner(pointsGamesWon, needed) === null || index < points.length - 1 || correctedLast);
      if (correctionsDecided) {
        throw new ScoringError(
          `Cannot apply the corrections: they decide the match (${formatGames(gamesWon)}) before game ` +
            `${gameScores.length + 1} was played`,
        );
      }
      throw new ScoringError(
        `Cannot record a point: the match is already decided (${formatGames(gamesWon)})`,
      );
    }
    current[side] += 1;
    if (isFinishedGame(current.home, current.away)) {
      pointsGamesWon[side] += 1;
      const score = corrections.get(gameScores.length + 1) ?? current;
      gameScores.push({ home: score.home, away: score.away });
      gamesWon[gameWinner(score)] += 1;
      current = { home: 0, away: 0 };
    }
  });
  for (const game of corrections.keys()) {
    if (game > gameScores.length) {
      throw new ScoringError(
        `Cannot correct game "${game}": only ${gameScores.length} ${
          gameScores.length === 1 ? "game is" : "games are"
        } finished`,
      );
    }
  }
  const winner = matchWinner(gamesWon, needed);
  return {
    gamesWon,
    currentGame: current,
    gameScores,
    server: serverAt(format.firstServer, gameScores.length + 1, current),
    finished: winner !== null,
    winner,
  };
}

/** Points recorded when a correction was made; without `afterPoints`, when its game ended (or all of them). */
function madeAfterPoints(correction: GameCorrection, points: readonly Side[]): number {
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

function countGames(games: readonly Score[], bestOf: number, action: string): GamesSummary {
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

function assertFormat(format: MatchFormat): void {
  assertBestOf(format.bestOf);
  if (!isSide(format.firstServer)) {
    throw new ScoringError(
      `Cannot score the match: expected first server "home" or "away", got ${quote(format.firstServer)}`,
    );
  }
}

function assertBestOf(bestOf: number): void {
  if (!isValidBestOf(bestOf)) {
    throw new ScoringError(
      `Cannot score a best of ${quote(bestOf)} match: expected an odd whole number of games, 3 or more`,
    );
  }
}

function matchWinner(gamesWon: Score, needed: number): Side | null {
  if (gamesWon.home >= needed) return "home";
  if (gamesWon.away >= needed) return "away";
  return null;
}

function isPointCount(value: number): boolean {
  return Number.isInteger(value) && value >= 0;
}

function sameScore(a: Score, b: Score): boolean {
  return a.home === b.home && a.away === b.away;
}

function formatGames(gamesWon: Score): string {
  return `${gamesWon.home}-${gamesWon.away}`;
}

function quote(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : `"${String(value)}"`;
}

/**
 * `countA` points to `a` and `countB` to `b`, evenly mixed (each point placed at the middle of its share).
 */
function spread(a: Side, countA: number, b: Side, countB: number): Side[] {
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
function fromDeuce(first: Side, extra: number): Side[] {
  const out = spread("home", DEUCE, "away", DEUCE);
  for (let k = 0; k < extra; k += 1) out.push(first, otherSide(first));
  return out;
}
