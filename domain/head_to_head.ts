/**
 * The record of two players against each other: matches won, games won and points won by each, over the matches
 * between them that are decided. A game is won by the player who scores more points in it (ITTF Laws 2.11), a
 * match by the player who wins the majority of its games (Laws 2.12) or by the result recorded (a walkover or a
 * retirement: ITTF Regulations 3.4.2); points and games count as played.
 */

/** One decided or undecided meeting, as seen from player A. */
export interface Meeting {
  /** Whether A is the home side. */
  aIsHome: boolean;
  /** The winner's side, null while undecided. */
  winner: "home" | "away" | null;
  /** The finished games, home points first. */
  games: readonly { home: number; away: number }[];
}

/** What one player won over the meetings. */
export interface HeadToHeadSide {
  wins: number;
  games: number;
  points: number;
}

/**
 * The tally of A and B over their decided meetings (undecided ones count nothing).
 * @example
 * tallyMeetings([{ aIsHome: true, winner: "home", games: [{ home: 11, away: 9 }, { home: 8, away: 11 }, { home: 11, away: 5 }] }])
 * // => { a: { wins: 1, games: 2, points: 30 }, b: { wins: 0, games: 1, points: 25 } }
 */
export function tallyMeetings(meetings: readonly Meeting[]): { a: HeadToHeadSide; b: HeadToHeadSide } {
  const a = { wins: 0, games: 0, points: 0 };
  const b = { wins: 0, games: 0, points: 0 };
  for (const m of meetings) {
    if (m.winner === null) continue;
    const aWon = (m.winner === "home") === m.aIsHome;
    (aWon ? a : b).wins++;
    for (const g of m.games) {
      const [pa, pb] = m.aIsHome ? [g.home, g.away] : [g.away, g.home];
      a.points += pa;
      b.points += pb;
      if (pa > pb) a.games++;
      else if (pb > pa) b.games++;
    }
  }
  return { a, b };
}
