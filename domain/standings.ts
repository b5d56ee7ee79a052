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
export type Tally = {
  matchPoints: number;
  played: number;
  won: number;
  lost: number;
  gamesWon: number;
  gamesLost: number;
  pointsWon: number;
  pointsLost: number;
};

/** A run of a finishing order whose steps are named `Name`: one member placed, or several members left level. */
export type LevelSlot<Name extends string> = { players: readonly string[]; decidedBy: Name };

/** Counts won and lost (matches, games or points), compared as the ratio won / lost. */
export type Ratio = { won: number; lost: number };

/** Whether a result (a match, a tie) counts for the standings: finished, by play, walkover or retirement, with a winner. */
export function isDecided(match: { status: string; winner: string | null }): boolean {
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
  const known = memberSet(action, players, "player");
  const decided: Decided[] = [];
  const once = pairOnce(action, "matches");
  matches.forEach((match, i) => {
    const at = `matches[${i}]`;
    checkSides(action, known, match, at);
    checkGames(action, match.games, at);
    if (!isDecided(match) || match.winner === null) return;
    once(match.home, match.away, i);
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

/** The members of a group as a set; a member listed twice is a `StandingsError` ("<noun> "X" is listed twice"). */
export function memberSet(action: string, members: readonly string[], noun: string): Set<string> {
  const known = new Set<string>();
  for (const member of members) {
    if (known.has(member)) fail(action, `${noun} "${member}" is listed twice`);
    known.add(member);
  }
  return known;
}

/** Checks a result's status, its two sides (members of the group, not the same) and its winner (one of them). */
export function checkSides(
  action: string,
  known: ReadonlySet<string>,
  result: { home: string; away: string; status: string; winner: string | null },
  at: string,
): void {
  if (!STATUSES.has(result.status)) fail(action, `"${at}.status" is unknown: "${result.status}"`);
  if (!known.has(result.home)) fail(action, `"${at}.home" is "${result.home}", who is not in the group`);
  if (!known.has(result.away)) fail(action, `"${at}.away" is "${result.away}", who is not in the group`);
  if (result.home === result.away) fail(action, `"${at}" has "${result.home}" playing themselves`);
  if (result.winner !== null && result.winner !== result.home && result.winner !== result.away) {
    fail(
      action,
      `"${at}.winner" is "${result.winner}", who does not play in "${result.home}" v "${result.away}"`,
    );
  }
}

/** Checks that every game is finished: whole points from 0, not level; `at` names the match in messages. */
export function checkGames(action: string, games: readonly (readonly [number, number])[], at: string): void {
  games.forEach(([home, away], g) => {
    if (!isPoints(home) || !isPoints(away) || home === away) {
      fail(action, `"${at}.games[${g}]" is not a finished game: "${home}-${away}"`);
    }
  });
}

/**
 * A round robin meets each pair once; a second decided result would count the pair twice in every step. The
 * returned function records the decided result at index `i` of the list named `list`, and throws a
 * `StandingsError` on a second one for the same pair.
 */
export function pairOnce(action: string, list: string): (home: string, away: string, i: number) => void {
  const pairs = new Map<string, number>();
  return (home, away, i) => {
    const pair = JSON.stringify([home, away].sort());
    const first = pairs.get(pair);
    if (first !== undefined) {
      fail(
        action,
        `"${home}" and "${away}" have two decided ${list}: "${list}[${first}]" and "${list}[${i}]"`,
      );
    }
    pairs.set(pair, i);
  };
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
    addResult(winner, loser, match);
  }
  return totals;
}

/**
 * Adds one decided result to the totals of its winner and loser (ITTF Statutes 3.7.5.1): 2 match points to the
 * winner, 1 to the loser when `loserScores` (played to its end), and the games, as [winner's points, loser's
 * points], to both sides' game and point counts.
 */
export function addResult(
  winner: Tally,
  loser: Tally,
  result: { loserScores: boolean; games: readonly (readonly [number, number])[] },
): void {
  winner.played++;
  loser.played++;
  winner.won++;
  loser.lost++;
  winner.matchPoints += 2;
  if (result.loserScores) loser.matchPoints += 1;
  for (const [w, l] of result.games) {
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

/**
 * Orders ratios best first, exactly: cross-multiplied in integers; won/0 beats every finite ratio.
 * @example
 * compareRatios({ won: 3, lost: 1 }, { won: 5, lost: 2 }); // -1: 3/1 ranks above 5/2
 */
export function compareRatios(a: Ratio, b: Ratio): number {
  if (a.lost === 0 || b.lost === 0) return Number(b.lost === 0) - Number(a.lost === 0);
  // BigInt keeps the cross products exact whatever the totals are.
  const left = BigInt(a.won) * BigInt(b.lost);
  const right = BigInt(b.won) * BigInt(a.lost);
  return left > right ? -1 : left < right ? 1 : 0;
}

/**
 * Sorts `block` (stable) and cuts it into runs that `compare` cannot tell apart, best run first.
 * @example
 * split(["A", "B", "C"], (p) => ({ A: 2, B: 4, C: 2 })[p] ?? 0, byMost); // [["B"], ["A", "C"]]
 */
export function split<T>(
  block: readonly string[],
  key: (player: string) => T,
  compare: (a: T, b: T) => number,
): string[][] {
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

/** Orders numbers most first, for `split`. */
export function byMost(a: number, b: number): number {
  return b - a;
}

function get(totals: ReadonlyMap<string, Tally>, player: string): Tally {
  const found = totals.get(player);
  if (found === undefined) throw new Error(`Standings invariant broken: no totals for "${player}"`);
  return found;
}

/** Splits `block` by a ratio; one undefined ratio (0/0) makes the step separate nobody in the block. */
export function splitByRatio(block: readonly string[], ratio: (player: string) => Ratio): string[][] {
  // 0/0 means nothing was played among them: it cannot be ranked against anybody, and guessing a
  // value for it (1, say) would invent a result.
  if (block.some((player) => ratio(player).won === 0 && ratio(player).lost === 0)) return [[...block]];
  return split(block, ratio, compareRatios);
}

/** A step among members level on match points: splits a block by totals counted among its members only. */
export type LevelStep<Name extends string, Totals> = {
  name: Name;
  runs: (block: readonly string[], totals: ReadonlyMap<string, Totals>) => string[][];
};

type TieStep = LevelStep<Exclude<DecidedBy, "match_points" | "lot" | "tied" | "withdrawn">, Tally>;

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
 * Separates the members of `block`, level on match points, by `steps` in order (ITTF Statutes 3.7.5.2-3.7.5.4):
 * each step sees only the totals `totalsAmong` counts among the block's members; when a step splits the block,
 * every part still level starts again from the first step among its own members (3.7.5.3); a block level after
 * every step is placed by the lot order when it names every member (3.7.5.4), otherwise it stays "tied".
 */
function breakLevel<Name extends string, Totals>(
  block: readonly string[],
  totalsAmong: (members: readonly string[]) => ReadonlyMap<string, Totals>,
  steps: readonly LevelStep<Name, Totals>[],
  lotIndex: ReadonlyMap<string, number> | null,
): LevelSlot<Name | "lot" | "tied">[] {
  const totals = totalsAmong(block);
  for (const step of steps) {
    const runs = step.runs(block, totals);
    if (runs.length === 1) continue;
    return runs.flatMap((run): LevelSlot<Name | "lot" | "tied">[] =>
      run.length === 1
        ? [{ players: run, decidedBy: step.name }]
        : breakLevel(run, totalsAmong, steps, lotIndex)
    );
  }
  // Level after every step: the Statutes leave it to a lot. A lot order settles the block only
  // when it names every member; otherwise the block stays tied.
  if (lotIndex !== null && block.every((player) => lotIndex.has(player))) {
    return [...block]
      .sort((a, b) => (lotIndex.get(a) ?? 0) - (lotIndex.get(b) ?? 0))
      .map((player) => ({ players: [player], decidedBy: "lot" as const }));
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
  const decided = validate("rank the group", players, matches);
  return rankMembers("rank the group", players, lots, (members) => tally(members, decided), TIE_STEPS)
    .map(({ member, totals, ...rest }) => ({ player: member, ...rest, ...totals }));
}

/** A member's place in a finishing order by `rankMembers`, with its totals over the whole group. */
export type RankedMember<Name extends string, Totals> = {
  member: string;
  position: number;
  tied: boolean;
  decidedBy: Name;
  totals: Totals;
};

/**
 * The finishing order of a group by ITTF Statutes 3.7.5: match points over the whole group (3.7.5.1), then, for
 * the members level, `steps` among them only, then the lot order `lots` (3.7.5.2-3.7.5.4, `breakLevel`).
 * `totalsAmong` counts the totals of the given members over the results between them; members left level keep
 * the order of `members`. A lot order naming a stranger or a member twice is a `StandingsError` ("Cannot
 * <action>: ...").
 */
export function rankMembers<Name extends string, Totals extends { matchPoints: number }>(
  action: string,
  members: readonly string[],
  lots: readonly string[] | undefined,
  totalsAmong: (members: readonly string[]) => ReadonlyMap<string, Totals>,
  steps: readonly LevelStep<Name, Totals>[],
): RankedMember<"match_points" | Name | "lot" | "tied", Totals>[] {
  const lotIndex = lotIndexOf(action, members, lots);
  const totals = totalsAmong(members);
  const of = (member: string): Totals => {
    const found = totals.get(member);
    if (found === undefined) throw new Error(`Standings invariant broken: no totals for "${member}"`);
    return found;
  };
  const slots = split(members, (member) => of(member).matchPoints, byMost)
    .flatMap((run): LevelSlot<"match_points" | Name | "lot" | "tied">[] =>
      run.length === 1
        ? [{ players: run, decidedBy: "match_points" }]
        : breakLevel(run, totalsAmong, steps, lotIndex)
    );
  return placeSlots(slots, (member, position, slot) => ({
    member,
    position,
    tied: slot.decidedBy === "tied",
    decidedBy: slot.decidedBy,
    totals: of(member),
  }));
}

/** The position of each member in the lot order, or null without one. */
function lotIndexOf(
  action: string,
  members: readonly string[],
  lots: readonly string[] | undefined,
): Map<string, number> | null {
  if (lots === undefined) return null;
  const known = new Set(members);
  const lotIndex = new Map<string, number>();
  for (const [i, member] of lots.entries()) {
    if (!known.has(member)) fail(action, `the lot order names "${member}", who is not in the group`);
    if (lotIndex.has(member)) fail(action, `the lot order names "${member}" twice`);
    lotIndex.set(member, i);
  }
  return lotIndex;
}

/**
 * The rows of a finishing order: `row` makes each member's row, with the first place of its slot (the members
 * of a slot left level share it).
 */
function placeSlots<Name extends string, Row>(
  slots: readonly LevelSlot<Name>[],
  row: (member: string, position: number, slot: LevelSlot<Name>) => Row,
): Row[] {
  const rows: Row[] = [];
  for (const slot of slots) {
    const position = rows.length + 1;
    for (const member of slot.players) rows.push(row(member, position, slot));
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
