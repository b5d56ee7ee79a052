/**
 * Group standings by ITTF Statutes 3.7.5: match points first, then results among the tied players only.
 *
 * The procedure, the treatment of walkovers and retirements and the meaning of `decidedBy` are documented
 * with worked examples in docs/standings.md.
 *
 * @module
 */

/** Status of a group match; only "completed", "walkover" and "retired" with a winner count. */
export type GroupMatchStatus = "completed" | "walkover" | "retired" | "scheduled" | "in_progress";

/** One match of a round-robin group; `games` are the finished games as [home points, away points]. */
export type GroupMatch = {
  home: string;
  away: string;
  games: readonly (readonly [number, number])[];
  status: GroupMatchStatus;
  winner: string | null;
};

/**
 * What can fix a row's place: a step of ITTF Statutes 3.7.5, the lot, or nothing yet (see docs/standings.md).
 *
 * "match_points": the player's total separated them from everybody; "head_to_head_match_points",
 * "games_ratio", "points_ratio": that step, counting only matches among the players still level, left
 * the player alone; "lot": the given lot order placed them; "tied": still undecided (`tied: true`);
 * "withdrawn": the player withdrew before completing the group and their results are disregarded
 * (domain/withdrawal.ts; `rankGroup` itself never gives it).
 */
export const DECIDED_BY = [
  "match_points",
  "head_to_head_match_points",
  "games_ratio",
  "points_ratio",
  "lot",
  "tied",
  "withdrawn",
] as const;

/** The step that fixed a row's place, one of `DECIDED_BY`. */
export type DecidedBy = typeof DECIDED_BY[number];

/** One row of a group's standings; the counts cover every decided match of the player in the group. */
export type StandingRow = { player: string; position: number; tied: boolean } & Tally & {
  decidedBy: DecidedBy;
};

/** Invalid input to the standings rules (unknown players, a winner outside the match, duplicates). */
export class StandingsError extends Error {
  override name = "StandingsError";
}

const STATUSES: ReadonlySet<string> = new Set<GroupMatchStatus>([
  "completed",
  "walkover",
  "retired",
  "scheduled",
  "in_progress",
]);

/** A decided match, reduced to what the rules need. */
type Decided = {
  winner: string;
  loser: string;
  /** 1 match point for the loser only when the match was played to its end (ITTF Statutes 3.7.5). */
  loserScores: boolean;
  /** Finished games as [winner points, loser points]; empty for a walkover, which was not played. */
  games: readonly (readonly [number, number])[];
};

/** What a player's decided matches in the group add up to. */
type Tally = {
  matchPoints: number;
  played: number;
  won: number;
  lost: number;
  gamesWon: number;
  gamesLost: number;
  pointsWon: number;
  pointsLost: number;
};

/** A run of the finishing order: one player placed by a step, or several players left level. */
type Slot = { players: readonly string[]; decidedBy: DecidedBy };

type Ratio = { won: number; lost: number };

/** Whether a match counts for the standings: finished, by play, walkover or retirement, with a winner. */
function isDecided(match: GroupMatch): boolean {
  return match.winner !== null &&
    (match.status === "completed" || match.status === "walkover" || match.status === "retired");
}

function fail(action: string, message: string): never {
  throw new StandingsError(`Cannot ${action}: ${message}`);
}

/** Checks the group and returns its decided matches; `action` names the caller in error messages. */
function validate(
  action: string,
  players: readonly string[],
  matches: readonly GroupMatch[],
): Decided[] {
  const known = new Set<string>();
  for (const player of players) {
    if (known.has(player)) fail(action, `player "${player}" is listed twice`);
    known.add(player);
  }
  const decided: Decided[] = [];
  const pairs = new Map<string, number>();
  matches.forEach((match, i) => {
    const at = `matches[${i}]`;
    if (!STATUSES.has(match.status)) fail(action, `"${at}.status" is unknown: "${match.status}"`);
    if (!known.has(match.home)) fail(action, `"${at}.home" is "${match.home}", who is not in the group`);
    if (!known.has(match.away)) fail(action, `"${at}.away" is "${match.away}", who is not in the group`);
    if (match.home === match.away) fail(action, `"${at}" has "${match.home}" playing themselves`);
    if (match.winner !== null && match.winner !== match.home && match.winner !== match.away) {
      fail(
        action,
        `"${at}.winner" is "${match.winner}", who does not play in "${match.home}" v "${match.away}"`,
      );
    }
    match.games.forEach(([home, away], g) => {
      if (!isPoints(home) || !isPoints(away) || home === away) {
        fail(action, `"${at}.games[${g}]" is not a finished game: "${home}-${away}"`);
      }
    });
    if (!isDecided(match) || match.winner === null) return;
    // A round robin meets each pair once; a second result would count the pair twice in every step.
    const pair = JSON.stringify([match.home, match.away].sort());
    const first = pairs.get(pair);
    if (first !== undefined) {
      fail(
        action,
        `"${match.home}" and "${match.away}" have two decided matches: "matches[${first}]" and "${at}"`,
      );
    }
    pairs.set(pair, i);
    const homeWon = match.winner === match.home;
    decided.push({
      winner: match.winner,
      loser: homeWon ? match.away : match.home,
      loserScores: match.status === "completed",
      games: match.status === "walkover"
        ? []
        : match.games.map(([home, away]) => homeWon ? [home, away] as const : [away, home] as const),
    });
  });
  return decided;
}

function isPoints(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/** Totals of each member of `members`, counting only the decided matches between two members. */
function tally(members: readonly string[], decided: readonly Decided[]): Map<string, Tally> {
  const totals = new Map<string, Tally>();
  for (const player of members) {
    totals.set(player, {
      matchPoints: 0,
      played: 0,
      won: 0,
      lost: 0,
      gamesWon: 0,
      gamesLost: 0,
      pointsWon: 0,
      pointsLost: 0,
    });
  }
  for (const match of decided) {
    const winner = totals.get(match.winner);
    const loser = totals.get(match.loser);
    if (winner === undefined || loser === undefined) continue;
    winner.played++;
    loser.played++;
    winner.won++;
    loser.lost++;
    winner.matchPoints += 2;
    if (match.loserScores) loser.matchPoints += 1;
    for (const [w, l] of match.games) {
      if (w > l) {
        winner.gamesWon++;
        loser.gamesLost++;
      } else {
        loser.gamesWon++;
        winner.gamesLost++;
      }
      winner.pointsWon += w;
      winner.pointsLost += l;
      loser.pointsWon += l;
      loser.pointsLost += w;
    }
  }
  return totals;
}

/** Orders ratios best first, exactly: cross-multiplied in integers; won/0 beats every finite ratio. */
function compareRatios(a: Ratio, b: Ratio): number {
  if (a.lost === 0 || b.lost === 0) return Number(b.lost === 0) - Number(a.lost === 0);
  // BigInt keeps the cross products exact whatever the totals are.
  const left = BigInt(a.won) * BigInt(b.lost);
  const right = BigInt(b.won) * BigInt(a.lost);
  return left > right ? -1 : left < right ? 1 : 0;
}

/** Sorts `block` (stable) and cuts it into runs that `compare` cannot tell apart, best run first. */
function split<T>(block: readonly string[], key: (player: string) => T, compare: (a: T, b: T) => number) {
  const sorted = [...block].sort((a, b) => compare(key(a), key(b)));
  const runs: string[][] = [];
  for (const [i, player] of sorted.entries()) {
    const previous = sorted[i - 1];
    const run = runs.at(-1);
    if (previous !== undefined && run !== undefined && compare(key(previous), key(player)) === 0) {
      run.push(player);
    } else {
      runs.push([player]);
    }
  }
  return runs;
}

function byMost(a: number, b: number): number {
  return b - a;
}

function get(totals: ReadonlyMap<string, Tally>, player: string): Tally {
  const found = totals.get(player);
  if (found === undefined) throw new Error(`Standings invariant broken: no totals for "${player}"`);
  return found;
}

/** Splits `block` by a ratio; one undefined ratio (0/0) makes the step separate nobody in the block. */
function splitByRatio(block: readonly string[], ratio: (player: string) => Ratio): string[][] {
  // 0/0 means nothing was played among them: it cannot be ranked against anybody, and guessing a
  // value for it (1, say) would invent a result.
  if (block.some((player) => ratio(player).won === 0 && ratio(player).lost === 0)) return [[...block]];
  return split(block, ratio, compareRatios);
}

type TieStep = {
  name: Exclude<DecidedBy, "match_points" | "lot" | "tied" | "withdrawn">;
  runs: (block: readonly string[], totals: ReadonlyMap<string, Tally>) => string[][];
};

/** The steps among tied players (ITTF Statutes 3.7.5), in order. */
const TIE_STEPS: readonly TieStep[] = [
  {
    name: "head_to_head_match_points",
    runs: (block, totals) => split(block, (player) => get(totals, player).matchPoints, byMost),
  },
  {
    name: "games_ratio",
    runs: (block, totals) =>
      splitByRatio(
        block,
        (player) => ({ won: get(totals, player).gamesWon, lost: get(totals, player).gamesLost }),
      ),
  },
  {
    name: "points_ratio",
    runs: (block, totals) =>
      splitByRatio(
        block,
        (player) => ({ won: get(totals, player).pointsWon, lost: get(totals, player).pointsLost }),
      ),
  },
];

/**
 * Separates players level on match points using only the matches among them (ITTF Statutes 3.7.5);
 * when a step splits the block, every part still level starts again from match points among its own
 * members (the Statutes exclude the matches of players already placed from any further step).
 */
function breakTie(
  block: readonly string[],
  decided: readonly Decided[],
  lotIndex: ReadonlyMap<string, number> | null,
): Slot[] {
  const totals = tally(block, decided);
  for (const step of TIE_STEPS) {
    const runs = step.runs(block, totals);
    if (runs.length === 1) continue;
    return runs.flatMap((run) =>
      run.length === 1 ? [{ players: run, decidedBy: step.name }] : breakTie(run, decided, lotIndex)
    );
  }
  // Level after every step: the Statutes leave it to a lot. A lot order settles the block only
  // when it names every member; otherwise the block stays tied.
  if (lotIndex !== null && block.every((player) => lotIndex.has(player))) {
    return [...block]
      .sort((a, b) => (lotIndex.get(a) ?? 0) - (lotIndex.get(b) ?? 0))
      .map((player) => ({ players: [player], decidedBy: "lot" }));
  }
  return [{ players: block, decidedBy: "tied" }];
}

/**
 * Ranks a round-robin group by ITTF Statutes 3.7.5, in finishing order; tied rows keep the order of
 * `players` and share the first place of their block.
 *
 * @example
 * // ITTF Statutes 3.7.5: a cycle (A beat B, B beat C, C beat A), all 3-1, leaves games at 4/4 each,
 * // so the points among the three decide: B 59/57, C 58/59, A 57/58 (C ahead of A: 58*58 > 57*59).
 * rankGroup(["A", "B", "C"], cycle).map((r) => [r.player, r.position, r.decidedBy]);
 * // [["B", 1, "points_ratio"], ["C", 2, "points_ratio"], ["A", 3, "points_ratio"]]
 */
export function rankGroup(
  players: readonly string[],
  matches: readonly GroupMatch[],
  lots?: readonly string[],
): StandingRow[] {
  const action = "rank the group";
  const decided = validate(action, players, matches);
  let lotIndex: Map<string, number> | null = null;
  if (lots !== undefined) {
    const known = new Set(players);
    lotIndex = new Map();
    for (const [i, player] of lots.entries()) {
      if (!known.has(player)) fail(action, `the lot order names "${player}", who is not in the group`);
      if (lotIndex.has(player)) fail(action, `the lot order names "${player}" twice`);
      lotIndex.set(player, i);
    }
  }
  const totals = tally(players, decided);
  // ITTF Statutes 3.7.5: order by match points over the whole group; only players level go further.
  const slots = split(players, (player) => get(totals, player).matchPoints, byMost)
    .flatMap((run): Slot[] =>
      run.length === 1 ? [{ players: run, decidedBy: "match_points" }] : breakTie(run, decided, lotIndex)
    );
  const rows: StandingRow[] = [];
  for (const slot of slots) {
    const position = rows.length + 1;
    for (const player of slot.players) {
      rows.push({
        player,
        position,
        tied: slot.decidedBy === "tied",
        ...get(totals, player),
        decidedBy: slot.decidedBy,
      });
    }
  }
  return rows;
}

/**
 * Whether every pair of the group has a decided match (completed, walkover or retired, with a winner),
 * so that the group's qualifiers may be placed in a knockout.
 *
 * @example
 * // A walkover decides the match, so a pair that met only by walkover counts as played.
 * isGroupComplete(["A", "B"], [{ home: "A", away: "B", games: [], status: "walkover", winner: "B" }]);
 * // true
 */
export function isGroupComplete(players: readonly string[], matches: readonly GroupMatch[]): boolean {
  const decided = validate("check the group", players, matches);
  const pairs = new Set(decided.map((match) => JSON.stringify([match.winner, match.loser].sort())));
  return players.every((a, i) => players.slice(i + 1).every((b) => pairs.has(JSON.stringify([a, b].sort()))));
}
