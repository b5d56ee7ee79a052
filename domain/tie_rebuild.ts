/**
 * Rebuilds the ties of a team event from its singles alone, as results lists of team championships give them
 * (the 2026 World Team Championships data: one row per singles match, each player's association in the name):
 * within a category, in order of play, consecutive singles between the same two teams form one tie, until a
 * side has the wins that decide it; the next single starts another tie. The line-up (A, B, C against X, Y, Z)
 * is read back from the singles when they follow the format's order.
 *
 * @module
 */
import { TEAM_FORMATS } from "./team_formats.ts";
import type { TieSide } from "./tie_probability.ts";

/** One singles match as the rebuild needs it; `id` orders play. */
export interface TieSingle {
  readonly id: number;
  readonly category: string;
  readonly home: { readonly player: string; readonly team: string };
  readonly away: { readonly player: string; readonly team: string };
  readonly winner: TieSide;
}

/** Line-up positions of each match in order of play: [home position, away position], 0 for A (or X). */
export type TieOrder = readonly (readonly [number, number])[];

/**
 * The World Team Championships order: A-X, B-Y, C-Z, A-Y, B-X, best of five singles, the first to three wins
 * (the order the London 2026 singles follow in every tie).
 */
export const WORLD_TEAM_ORDER: TieOrder = TEAM_FORMATS.wttc.matches.map((m) => {
  // Singles positions: A, B, C at home and X, Y, Z away, as indexes from 0.
  const at = (position: string | readonly string[], first: string) =>
    String(position).charCodeAt(0) - first.charCodeAt(0);
  return [at(m.home, "A"), at(m.away, "X")] as const;
});

/** A rebuilt tie. Its home team is the home side of its first single. */
export interface RebuiltTie<S extends TieSingle> {
  readonly category: string;
  readonly home: string;
  readonly away: string;
  /** The singles in order of play. */
  readonly singles: readonly S[];
  /** Per single, whether its home player plays for the tie's home team. */
  readonly sameSides: readonly boolean[];
  /** Per single, the side of the tie that won it. */
  readonly results: readonly TieSide[];
  readonly homeWins: number;
  readonly awayWins: number;
  /** Null when the singles ran out before a side had the wins needed. */
  readonly winner: TieSide | null;
  /**
   * The players by line-up position (home A, B, C...; away X, Y, Z...) when every single follows `order`
   * with one player per position; null otherwise.
   */
  readonly lineUp: { readonly home: readonly string[]; readonly away: readonly string[] } | null;
}

/** Options of `rebuildTies`. */
export interface RebuildOptions {
  /** Wins that decide a tie (3 for a best of five). */
  readonly winsNeeded: number;
  /** The order of the matches by line-up position, to read the line-up back. */
  readonly order: TieOrder;
}

type Building<S extends TieSingle> = {
  category: string;
  home: string;
  away: string;
  singles: S[];
  sameSides: boolean[];
  results: TieSide[];
};

/**
 * The ties of `singles`: each category's singles in `id` order; a single joins the category's last tie when it is
 * between the same two teams and that tie is not decided yet, otherwise it starts a new tie.
 * @example
 * // Two singles of CRO v ARG won by CRO, then a third: CRO takes the tie 3-0 (first to three).
 * rebuildTies(singles, { winsNeeded: 3, order: WORLD_TEAM_ORDER }).map((t) => [t.home, t.away, t.winner]);
 * // [["CRO", "ARG", "home"]]
 */
export function rebuildTies<S extends TieSingle>(
  singles: readonly S[],
  options: RebuildOptions,
): RebuiltTie<S>[] {
  const { winsNeeded } = options;
  if (!Number.isInteger(winsNeeded) || winsNeeded < 1) {
    throw new RangeError(`Cannot rebuild the ties: expected the wins needed from 1, got "${winsNeeded}"`);
  }
  const building: Building<S>[] = [];
  const last = new Map<string, Building<S>>();
  const wins = (tie: Building<S>, side: TieSide) => tie.results.filter((r) => r === side).length;
  for (const single of [...singles].sort((a, b) => a.id - b.id)) {
    const open = last.get(single.category);
    const samePair = open !== undefined &&
      ((open.home === single.home.team && open.away === single.away.team) ||
        (open.home === single.away.team && open.away === single.home.team));
    const tie = open && samePair && wins(open, "home") < winsNeeded && wins(open, "away") < winsNeeded
      ? open
      : {
        category: single.category,
        home: single.home.team,
        away: single.away.team,
        singles: [],
        sameSides: [],
        results: [],
      };
    if (tie !== open) {
      building.push(tie);
      last.set(single.category, tie);
    }
    const same = single.home.team === tie.home;
    tie.singles.push(single);
    tie.sameSides.push(same);
    tie.results.push(same ? single.winner : single.winner === "home" ? "away" : "home");
  }
  return building.map((tie) => {
    const homeWins = wins(tie, "home");
    const awayWins = wins(tie, "away");
    return {
      ...tie,
      homeWins,
      awayWins,
      winner: homeWins >= winsNeeded ? "home" : awayWins >= winsNeeded ? "away" : null,
      lineUp: readLineUp(tie, options.order),
    };
  });
}

/** The players by position when every single of the tie follows `order` consistently; null otherwise. */
function readLineUp<S extends TieSingle>(
  tie: Building<S>,
  order: TieOrder,
): { home: string[]; away: string[] } | null {
  if (tie.singles.length > order.length) return null;
  const home: (string | undefined)[] = [];
  const away: (string | undefined)[] = [];
  const place = (slots: (string | undefined)[], position: number, player: string): boolean => {
    const known = slots[position];
    if (known === undefined) {
      if (slots.includes(player)) return false;
      slots[position] = player;
      return true;
    }
    return known === player;
  };
  for (const [i, single] of tie.singles.entries()) {
    const [h, a] = order[i]!;
    const [homePlayer, awayPlayer] = tie.sameSides[i]
      ? [single.home.player, single.away.player]
      : [single.away.player, single.home.player];
    if (!place(home, h, homePlayer) || !place(away, a, awayPlayer)) return null;
  }
  const size = (side: 0 | 1) => Math.max(...order.map((pair) => pair[side])) + 1;
  if (home.length < size(0) || away.length < size(1)) return null;
  if (home.some((p) => p === undefined) || away.some((p) => p === undefined)) return null;
  return { home: home as string[], away: away as string[] };
}

/**
 * Every match of the tie's format as [home player, away player], those not played included, from its line-up.
 * @example
 * lineUpPairs({ home: ["A", "B", "C"], away: ["X", "Y", "Z"] }, WORLD_TEAM_ORDER);
 * // [["A", "X"], ["B", "Y"], ["C", "Z"], ["A", "Y"], ["B", "X"]]
 */
export function lineUpPairs(
  lineUp: { readonly home: readonly string[]; readonly away: readonly string[] },
  order: TieOrder,
): [string, string][] {
  return order.map(([h, a]) => {
    const home = lineUp.home[h];
    const away = lineUp.away[a];
    if (home === undefined || away === undefined) {
      throw new RangeError(`Cannot list the line-up's matches: no player at position ${h} or ${a}`);
    }
    return [home, away];
  });
}
