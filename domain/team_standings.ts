/**
 * Group standings of teams by ITTF Statutes 3.7.5 for team events: 2 match points for a tie won, 1 for a tie lost
 * when it was played to its end, 0 for a tie lost unplayed (walkover) or unfinished (3.7.5.1); teams level on
 * match points are separated using only the ties among them, by the match points of those ties, then the ratio
 * of individual matches won to lost, then games, then points (3.7.5.2); a team placed drops out of the further
 * steps (3.7.5.3); what is still level goes to a lot (3.7.5.4).
 *
 * The procedure is the singles one (domain/standings.ts, docs/standings.md) with one more step, the individual
 * matches; its helpers are shared. Worked examples: docs/teams.md.
 *
 * @module
 */
import {
  addResult,
  byMost,
  checkGames,
  checkSides,
  type GroupMatchStatus,
  isDecided,
  type LevelStep,
  memberSet,
  pairOnce,
  rankMembers,
  type Ratio,
  split,
  splitByRatio,
  StandingsError,
  type Tally,
} from "./standings.ts";

/** Status of a tie: only "completed", "walkover" and "retired" (not finished) with a winner count. */
export type TieStatus = GroupMatchStatus;

/** One individual match of a tie: the side that won it (null while undecided) and its finished games. */
export type TieMatchResult = {
  winner: "home" | "away" | null;
  /** Finished games as [home points, away points]; empty for a match won without play. */
  games: readonly (readonly [number, number])[];
};

/** One tie of a team group: two teams, its status, the winning team and its individual matches. */
export type GroupTie = {
  home: string;
  away: string;
  status: TieStatus;
  winner: string | null;
  /** The individual matches in order of play; those of a walkover are not counted (nothing was played). */
  matches: readonly TieMatchResult[];
};

/**
 * What can fix a team's place: a step of ITTF Statutes 3.7.5 for team events, the lot, or nothing yet.
 *
 * "match_points": the team's total separated it from everybody; "head_to_head_match_points",
 * "matches_ratio" (individual matches won / lost), "games_ratio", "points_ratio": that step, counting only the
 * ties among the teams still level, left the team alone; "lot": the given lot order placed it; "tied": still
 * undecided (`tied: true`).
 */
export const TEAM_DECIDED_BY = [
  "match_points",
  "head_to_head_match_points",
  "matches_ratio",
  "games_ratio",
  "points_ratio",
  "lot",
  "tied",
] as const;

/** The step that fixed a team's place, one of `TEAM_DECIDED_BY`. */
export type TeamDecidedBy = typeof TEAM_DECIDED_BY[number];

/**
 * What a team's decided ties in the group add up to: `played`, `won`, `lost` count ties; `matchesWon`,
 * `matchesLost` the individual matches; games and points those of the individual matches.
 */
export type TeamTally = Tally & { matchesWon: number; matchesLost: number };

/** One row of a team group's standings; the counts cover every decided tie of the team in the group. */
export type TeamStandingRow = { team: string; position: number; tied: boolean } & TeamTally & {
  decidedBy: TeamDecidedBy;
};

/** A decided tie, reduced to what the rules need, the winner's side first. */
type DecidedTie = {
  winner: string;
  loser: string;
  /** 1 match point for the loser only when the tie was played to its end (3.7.5.1). */
  loserScores: boolean;
  /** Individual matches won by the winner's side and by the loser's side. */
  matchesWon: number;
  matchesLost: number;
  /** Finished games of every decided individual match as [winner's side points, loser's side points]. */
  games: readonly (readonly [number, number])[];
};

function fail(action: string, message: string): never {
  throw new StandingsError(`Cannot ${action}: ${message}`);
}

/** Checks the group and returns its decided ties; `action` names the caller in error messages. */
function validate(action: string, teams: readonly string[], ties: readonly GroupTie[]): DecidedTie[] {
  const once = pairOnce(action, "ties");
  const known = memberSet(action, teams, "team");
  const decided: DecidedTie[] = [];
  ties.forEach((tie, i) => {
    const at = `ties[${i}]`;
    checkSides(action, known, tie, at);
    tie.matches.forEach((match, m) => {
      if (match.winner !== null && match.winner !== "home" && match.winner !== "away") {
        fail(action, `"${at}.matches[${m}].winner" should be "home", "away" or null, got "${match.winner}"`);
      }
      checkGames(action, match.games, `${at}.matches[${m}]`);
    });
    if (!isDecided(tie) || tie.winner === null) return;
    once(tie.home, tie.away, i);
    const winnerSide = tie.winner === tie.home ? "home" : "away";
    // A walkover was not played: its matches, if any are listed, count for nothing.
    const played = tie.status === "walkover" ? [] : tie.matches.filter((m) => m.winner !== null);
    const matchesWon = played.filter((m) => m.winner === winnerSide).length;
    const matchesLost = played.length - matchesWon;
    if (tie.status === "completed" && matchesWon <= matchesLost) {
      fail(
        action,
        `"${at}" is completed with "${tie.winner}" as winner, who won ${matchesWon} of its ${played.length} matches`,
      );
    }
    decided.push({
      winner: tie.winner,
      loser: winnerSide === "home" ? tie.away : tie.home,
      loserScores: tie.status === "completed",
      matchesWon,
      matchesLost,
      games: played.flatMap((m) =>
        m.games.map(([home, away]) => winnerSide === "home" ? [home, away] as const : [away, home] as const)
      ),
    });
  });
  return decided;
}

function emptyTally(): TeamTally {
  return {
    matchPoints: 0,
    played: 0,
    won: 0,
    lost: 0,
    matchesWon: 0,
    matchesLost: 0,
    gamesWon: 0,
    gamesLost: 0,
    pointsWon: 0,
    pointsLost: 0,
  };
}

/** Totals of each member of `members`, counting only the decided ties between two members. */
function tally(members: readonly string[], decided: readonly DecidedTie[]): Map<string, TeamTally> {
  const totals = new Map(members.map((team) => [team, emptyTally()]));
  for (const tie of decided) {
    const winner = totals.get(tie.winner);
    const loser = totals.get(tie.loser);
    if (winner === undefined || loser === undefined) continue;
    addResult(winner, loser, tie);
    winner.matchesWon += tie.matchesWon;
    winner.matchesLost += tie.matchesLost;
    loser.matchesWon += tie.matchesLost;
    loser.matchesLost += tie.matchesWon;
  }
  return totals;
}

function totalOf(totals: ReadonlyMap<string, TeamTally>, team: string): TeamTally {
  const found = totals.get(team);
  if (found === undefined) throw new Error(`Team standings invariant broken: no totals for "${team}"`);
  return found;
}

type TeamStep = LevelStep<Exclude<TeamDecidedBy, "match_points" | "lot" | "tied">, TeamTally>;

function ratioStep(name: TeamStep["name"], ratio: (t: TeamTally) => Ratio): TeamStep {
  return { name, runs: (block, totals) => splitByRatio(block, (team) => ratio(totalOf(totals, team))) };
}

/** The steps among teams level on match points (ITTF Statutes 3.7.5.2 for team events), in order. */
const TEAM_TIE_STEPS: readonly TeamStep[] = [
  {
    name: "head_to_head_match_points",
    runs: (block, totals) => split(block, (team) => totalOf(totals, team).matchPoints, byMost),
  },
  ratioStep("matches_ratio", (t) => ({ won: t.matchesWon, lost: t.matchesLost })),
  ratioStep("games_ratio", (t) => ({ won: t.gamesWon, lost: t.gamesLost })),
  ratioStep("points_ratio", (t) => ({ won: t.pointsWon, lost: t.pointsLost })),
];

/**
 * Ranks a round-robin group of teams by ITTF Statutes 3.7.5 for team events, in finishing order; teams left
 * level keep the order of `teams` and share the first place of their block. `lots` is the lot order (3.7.5.4),
 * first drawn first. Bad input (unknown teams, a winner outside the tie, a pair with two decided ties, a
 * completed tie whose winner did not win more matches) throws a `StandingsError`.
 *
 * @example
 * // A beat B 3-2, B beat C 3-2, C beat A 3-0: 3 match points each; among the three, individual matches are
 * // A 3/5, B 5/5, C 5/3, so C first, B second, A third, all by "matches_ratio".
 * rankTeamGroup(["A", "B", "C"], ties).map((r) => [r.team, r.position, r.decidedBy]);
 * // [["C", 1, "matches_ratio"], ["B", 2, "matches_ratio"], ["A", 3, "matches_ratio"]]
 */
export function rankTeamGroup(
  teams: readonly string[],
  ties: readonly GroupTie[],
  lots?: readonly string[],
): TeamStandingRow[] {
  const action = "rank the team group";
  const decided = validate(action, teams, ties);
  return rankMembers(action, teams, lots, (members) => tally(members, decided), TEAM_TIE_STEPS)
    .map(({ member, totals, ...rest }) => ({ team: member, ...rest, ...totals }));
}

/**
 * Whether every pair of teams of the group has a decided tie (completed, walkover or retired, with a winner).
 * @example
 * isTeamGroupComplete(["A", "B"], [{ home: "A", away: "B", status: "walkover", winner: "B", matches: [] }]);
 * // true
 */
export function isTeamGroupComplete(teams: readonly string[], ties: readonly GroupTie[]): boolean {
  const decided = validate("check the team group", teams, ties);
  const pairs = new Set(decided.map((tie) => JSON.stringify([tie.winner, tie.loser].sort())));
  return teams.every((a, i) => teams.slice(i + 1).every((b) => pairs.has(JSON.stringify([a, b].sort()))));
}
