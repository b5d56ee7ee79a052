/**
 * The umpire's page shows taps that the server has not acknowledged yet (offline, or on their way): it replays
 * the server's points plus the queued ones in the browser. This is that replay, written without imports or
 * outside references so that the page can inline its source (pages/operator/script.ts); a property test
 * checks it against domain/scoring.ts `scoreMatch`, the rules' one source, for every sequence of points.
 */

/** Points or games of each side. */
export interface ProjectedPair {
  home: number;
  away: number;
}

/** What the umpire's page shows. */
export interface ProjectedScore {
  gameScores: ProjectedPair[];
  gamesWon: ProjectedPair;
  currentGame: ProjectedPair;
  server: "home" | "away";
  finished: boolean;
  winner: "home" | "away" | null;
}

/**
 * Replays points (each "home" or "away") with the corrections of finished games: games to 11 with a 2-point
 * lead (ITTF Law 2.11.1), service changing every 2 points and every point from 10-10 (Law 2.13.3), the first
 * server alternating by game (Law 2.13.6). Points after the match is decided are ignored.
 * @example projectScore(["home", "home"], [], 5, "home").server // "away"
 */
export function projectScore(
  points: readonly string[],
  corrections: readonly { game: number; home: number; away: number }[],
  bestOf: number,
  firstServer: string,
): ProjectedScore {
  const needed = (bestOf + 1) / 2;
  const other = (side: "home" | "away"): "home" | "away" => side === "home" ? "away" : "home";
  const first: "home" | "away" = firstServer === "away" ? "away" : "home";
  const gameScores: ProjectedPair[] = [];
  const gamesWon: ProjectedPair = { home: 0, away: 0 };
  let current: ProjectedPair = { home: 0, away: 0 };
  for (const side of points) {
    if (gamesWon.home >= needed || gamesWon.away >= needed) break;
    if (side !== "home" && side !== "away") continue;
    current[side] += 1;
    const high = Math.max(current.home, current.away);
    const low = Math.min(current.home, current.away);
    if (high >= 11 && high - low >= 2) {
      const fix = corrections.find((c) => c.game === gameScores.length + 1);
      const game = fix ? { home: fix.home, away: fix.away } : current;
      gameScores.push({ home: game.home, away: game.away });
      gamesWon[game.home > game.away ? "home" : "away"] += 1;
      current = { home: 0, away: 0 };
    }
  }
  const gameFirst = gameScores.length % 2 === 0 ? first : other(first);
  const played = current.home + current.away;
  const turn = played < 20 ? Math.floor(played / 2) : played;
  const winner = gamesWon.home >= needed ? "home" : gamesWon.away >= needed ? "away" : null;
  return {
    gameScores,
    gamesWon,
    currentGame: current,
    server: turn % 2 === 0 ? gameFirst : other(gameFirst),
    finished: winner !== null,
    winner,
  };
}
