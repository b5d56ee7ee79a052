/**
 * The formats of a team match ("tie"): which line-up positions meet in which order, singles or doubles, and how
 * many individual matches decide it (ITTF Handbook, Regulations 3.7.6, team match systems; the sources of each
 * order are in docs/teams.md).
 *
 * The home side names its players A, B, C, the away side X, Y, Z (ITTF Regulation 3.7.6: the team that wins
 * the toss chooses ABC or XYZ). A doubles is played either by two fixed positions (the Olympic system: B and C
 * against Y and Z) or by the pair the captain nominates before the doubles (`"pair"`, the Corbillon Cup).
 * @module
 */

/** The positions of the home side's line-up. */
export const HOME_POSITIONS = ["A", "B", "C"] as const;
/** The positions of the away side's line-up. */
export const AWAY_POSITIONS = ["X", "Y", "Z"] as const;

/** One side of a doubles: two line-up positions, or the doubles pair the captain nominates. */
export type DoublesSide = readonly [string, string] | "pair";

/** One individual match of a tie, by the line-up positions it uses. */
export type TieMatchSpec =
  | { type: "singles"; home: string; away: string }
  | { type: "doubles"; home: DoublesSide; away: DoublesSide };

/** The names of the built-in formats. */
export const TEAM_FORMAT_IDS = ["wttc", "olympic", "swaythling", "corbillon"] as const;

/** A built-in format's name, or "custom". */
export type TeamFormatId = typeof TEAM_FORMAT_IDS[number] | "custom";

/**
 * A team match format: its matches in order of play, the wins that decide the tie and whether the remaining
 * matches are played after it is decided (`playAll`, as some leagues do for their ratings).
 */
export interface TeamFormat {
  id: TeamFormatId;
  name: string;
  matches: readonly TieMatchSpec[];
  winsNeeded: number;
  playAll: boolean;
}

function singles(pairs: string): TieMatchSpec[] {
  return pairs.split(" ").map((p) => ({ type: "singles", home: p[0]!, away: p[2]! }));
}

/** The built-in formats by name. */
export const TEAM_FORMATS: Readonly<Record<typeof TEAM_FORMAT_IDS[number], TeamFormat>> = {
  // World Team Championships: five singles, the first to three wins (the 2026 London data: ties of 3, 4, 5).
  wttc: {
    id: "wttc",
    name: "World Team Championships (best of five singles)",
    matches: singles("A-X B-Y C-Z A-Y B-X"),
    winsNeeded: 3,
    playAll: false,
  },
  // Olympic system: the doubles first, then four singles; no player plays more than two matches.
  olympic: {
    id: "olympic",
    name: "Olympic system (doubles, then four singles)",
    matches: [{ type: "doubles", home: ["B", "C"], away: ["Y", "Z"] }, ...singles("A-X C-Z A-Y B-X")],
    winsNeeded: 3,
    playAll: false,
  },
  // Swaythling Cup: each of the three players meets each of the other three, the first to five wins.
  swaythling: {
    id: "swaythling",
    name: "Swaythling Cup (best of nine singles)",
    matches: singles("A-X B-Y C-Z B-X A-Z C-Y B-Z C-X A-Y"),
    winsNeeded: 5,
    playAll: false,
  },
  // Corbillon Cup: two singles, the nominated doubles, two singles; teams of two singles players.
  corbillon: {
    id: "corbillon",
    name: "Corbillon Cup (best of five with a doubles)",
    matches: [...singles("A-X B-Y"), { type: "doubles", home: "pair", away: "pair" }, ...singles("A-Y B-X")],
    winsNeeded: 3,
    playAll: false,
  },
};

/** Whether a value names a built-in format. */
export function isBuiltInFormat(value: unknown): value is typeof TEAM_FORMAT_IDS[number] {
  return (TEAM_FORMAT_IDS as readonly unknown[]).includes(value);
}

/** Which part of a format or a line-up is wrong, for a page's words: a code and the values its message names. */
export interface TeamFormatFault {
  code:
    | "unknown-format"
    | "custom-needs-matches"
    | "no-matches"
    | "match-type"
    | "doubles-side"
    | "position-name"
    | "wins-needed"
    | "no-player"
    | "player-twice"
    | "unknown-position"
    | "no-pair"
    | "pair-twice";
  params: Record<string, string | number>;
}

/** A format that cannot be played: the message says which part is wrong, and `fault` says it for a page. */
export class TeamFormatError extends Error {
  override name = "TeamFormatError";
  constructor(message: string, readonly fault: TeamFormatFault) {
    super(message);
  }
}

function sidePositions(side: string | DoublesSide): string[] {
  if (side === "pair") return [];
  return typeof side === "string" ? [side] : [...side];
}

/**
 * The line-up positions a format uses on one side, in the order they first appear, and whether it needs a
 * nominated doubles pair there.
 * @example positionsOf(TEAM_FORMATS.olympic, "home") // { positions: ["B", "C", "A"], pair: false }
 */
export function positionsOf(
  format: TeamFormat,
  side: "home" | "away",
): { positions: string[]; pair: boolean } {
  const positions: string[] = [];
  let pair = false;
  for (const m of format.matches) {
    const s = m[side];
    if (s === "pair") pair = true;
    for (const p of sidePositions(s)) if (!positions.includes(p)) positions.push(p);
  }
  return { positions, pair };
}

/**
 * A custom format (a league's), checked: at least one match, positions named by one or two letters or digits,
 * a doubles side of two different positions or "pair", and wins needed that one side can reach. Throws a
 * `TeamFormatError` naming the part that is wrong.
 * @example customFormat({ matches: [{ type: "singles", home: "A", away: "X" }], winsNeeded: 1 }).playAll // false
 */
export function customFormat(
  input: { name?: string; matches: readonly TieMatchSpec[]; winsNeeded: number; playAll?: boolean },
): TeamFormat {
  const { matches, winsNeeded } = input;
  if (matches.length === 0) {
    throw new TeamFormatError("a format needs at least one match", { code: "no-matches", params: {} });
  }
  matches.forEach((m, i) => {
    if (m.type !== "singles" && m.type !== "doubles") {
      throw new TeamFormatError(`match ${i + 1}: the type is "singles" or "doubles"`, {
        code: "match-type",
        params: { match: i + 1 },
      });
    }
    for (const side of ["home", "away"] as const) {
      const s = m[side];
      const positions = m.type === "singles" ? [s] : s === "pair" ? [] : s;
      if (m.type === "doubles" && s !== "pair" && (!Array.isArray(s) || s.length !== 2 || s[0] === s[1])) {
        throw new TeamFormatError(`match ${i + 1}: a doubles side is two different positions or "pair"`, {
          code: "doubles-side",
          params: { match: i + 1 },
        });
      }
      for (const p of positions) {
        if (typeof p !== "string" || !/^[A-Za-z0-9]{1,2}$/.test(p)) {
          throw new TeamFormatError(`match ${i + 1}: a position is one or two letters or digits`, {
            code: "position-name",
            params: { match: i + 1 },
          });
        }
      }
    }
  });
  if (!Number.isInteger(winsNeeded) || winsNeeded < 1 || winsNeeded > matches.length) {
    throw new TeamFormatError(`wins needed must be a whole number from 1 to ${matches.length}`, {
      code: "wins-needed",
      params: { max: matches.length },
    });
  }
  return {
    id: "custom",
    name: input.name ?? "Custom format",
    matches,
    winsNeeded,
    playAll: input.playAll ?? false,
  };
}

/** A side's line-up: player (entry) ids by position, and the nominated doubles pair when the format has one. */
export interface SideLineup {
  positions: Readonly<Record<string, string>>;
  pair?: readonly [string, string] | null;
}

/** One match of a tie with the players the line-ups put into it (home and away player ids). */
export interface TieMatchPlayers {
  /** 1-based order of play within the tie. */
  order: number;
  type: "singles" | "doubles";
  home: string[];
  away: string[];
}

function playersOf(side: string | DoublesSide, lineup: SideLineup, label: string): string[] {
  if (side === "pair") {
    if (!lineup.pair) {
      throw new TeamFormatError(`the ${label} line-up has no doubles pair`, {
        code: "no-pair",
        params: { side: label },
      });
    }
    return [...lineup.pair];
  }
  return sidePositions(side).map((p) => {
    const player = lineup.positions[p];
    if (player === undefined) {
      throw new TeamFormatError(`the ${label} line-up has no player at "${p}"`, {
        code: "no-player",
        params: { side: label, position: p },
      });
    }
    return player;
  });
}

/**
 * Checks a side's line-up against a format: every position it uses is filled, no player holds two positions,
 * and the pair (when needed) is two different players. Returns the first problem as a sentence, or null.
 * @example lineupProblem(TEAM_FORMATS.wttc, "home", { positions: { A: "p1", B: "p1", C: "p3" } })
 *   // 'the home line-up puts one player at "A" and "B"'
 */
export function lineupProblem(format: TeamFormat, side: "home" | "away", lineup: SideLineup): string | null {
  return lineupFault(format, side, lineup)?.message ?? null;
}

/**
 * The first problem of a side's line-up (see `lineupProblem`) with its fault for a page's words, or null.
 * @example lineupFault(TEAM_FORMATS.wttc, "home", { positions: {} })?.fault // { code: "no-player", params: { side: "home", position: "A" } }
 */
export function lineupFault(
  format: TeamFormat,
  side: "home" | "away",
  lineup: SideLineup,
): { message: string; fault: TeamFormatFault } | null {
  const { positions, pair } = positionsOf(format, side);
  const seen = new Map<string, string>();
  for (const p of positions) {
    const player = lineup.positions[p];
    if (player === undefined || player === "") {
      return {
        message: `the ${side} line-up has no player at "${p}"`,
        fault: { code: "no-player", params: { side, position: p } },
      };
    }
    const other = seen.get(player);
    if (other !== undefined) {
      return {
        message: `the ${side} line-up puts one player at "${other}" and "${p}"`,
        fault: { code: "player-twice", params: { side, first: other, second: p } },
      };
    }
    seen.set(player, p);
  }
  for (const p of Object.keys(lineup.positions)) {
    if (!positions.includes(p)) {
      return {
        message: `the format has no position "${p}" for the ${side} side`,
        fault: { code: "unknown-position", params: { side, position: p } },
      };
    }
  }
  if (pair) {
    if (!lineup.pair) {
      return {
        message: `the ${side} line-up has no doubles pair`,
        fault: { code: "no-pair", params: { side } },
      };
    }
    if (lineup.pair[0] === lineup.pair[1]) {
      return {
        message: `the ${side} doubles pair names one player twice`,
        fault: { code: "pair-twice", params: { side } },
      };
    }
  }
  return null;
}

/**
 * The matches of a tie in order of play with their players, from the format and both line-ups. Throws a
 * `TeamFormatError` when a line-up misses a position the format uses.
 * @example tieMatches(TEAM_FORMATS.wttc, home, away)[3] // { order: 4, type: "singles", home: [A], away: [Y] }
 */
export function tieMatches(format: TeamFormat, home: SideLineup, away: SideLineup): TieMatchPlayers[] {
  return format.matches.map((m, i) => ({
    order: i + 1,
    type: m.type,
    home: playersOf(m.home, home, "home"),
    away: playersOf(m.away, away, "away"),
  }));
}

/** A format by name, or the custom format given; throws a `TeamFormatError` for an unknown name. */
export function resolveFormat(
  id: string,
  custom?: { name?: string; matches: readonly TieMatchSpec[]; winsNeeded: number; playAll?: boolean } | null,
): TeamFormat {
  if (isBuiltInFormat(id)) return TEAM_FORMATS[id];
  if (id === "custom" && custom) return customFormat(custom);
  if (id === "custom") {
    throw new TeamFormatError("a custom format needs its matches and wins needed", {
      code: "custom-needs-matches",
      params: {},
    });
  }
  throw new TeamFormatError(`unknown team format "${id}"`, {
    code: "unknown-format",
    params: { format: id },
  });
}
