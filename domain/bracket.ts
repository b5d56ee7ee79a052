/**
 * Knockout brackets: round labels, where a winner goes next, byes, and every round from the results.
 *
 * Rounds are numbered from 1 (the first round) to `roundCount` (the final); `bracketPos` is the
 * zero-based position of a match in its round. The winner of position p plays position floor(p / 2) of
 * the next round, as "home" when p is even. docs/draws.md has the details.
 *
 * @module
 */

import { knockoutRoundName, stageNameLabel } from "./stage_name.ts";
import { groupName } from "./groups.ts";

/** Where the winner of a match plays next. */
export type NextSlot = { roundNo: number; bracketPos: number; side: "home" | "away" };

/** A first-round match as drawn: two slots (null is a bye). */
export type FirstRoundPair<T> = { bracketPos: number; home: T | null; away: T | null };

/** A first-round match with a bye: who goes through at once (null when both slots are byes). */
export type ByeMatch = { bracketPos: number; advances: string | null };

/** A known result: the winner of the match at `roundNo` / `bracketPos`. */
export type MatchResult = { roundNo: number; bracketPos: number; winner: string };

/**
 * The state of a bracket match.
 *
 * "waiting": a player is not known yet (null marks them); "ready": both are known, no winner yet;
 * "decided": a result was recorded; "bye": only one player will ever come, and goes through;
 * "void": nobody comes (two byes met), so nobody goes through.
 */
export type BracketMatchState = "waiting" | "ready" | "decided" | "bye" | "void";

/** A match of the bracket; `home`/`away` are null when unknown ("waiting") or absent ("bye", "void"). */
export type BracketMatch = {
  roundNo: number;
  bracketPos: number;
  label: string;
  home: string | null;
  away: string | null;
  state: BracketMatchState;
  winner: string | null;
};

/** Every round of a bracket, first round first, and the champion once the final is decided. */
export type Bracket = {
  size: number;
  roundCount: number;
  rounds: BracketMatch[][];
  champion: string | null;
};

/** Invalid input to the bracket rules (a bad round or position, a winner outside the match). */
export class BracketError extends Error {
  override name = "BracketError";
}

function checkWhole(value: number, min: number, what: string): void {
  if (!Number.isInteger(value) || value < min) {
    throw new BracketError(`Cannot use ${what} "${value}": expected a whole number from ${min}`);
  }
}

/**
 * The number of rounds of a bracket with `slotCount` first-round slots (a power of two, at least 2).
 *
 * @example roundCountFor(16) === 4
 */
export function roundCountFor(slotCount: number): number {
  if (!Number.isInteger(slotCount) || slotCount < 2 || (slotCount & (slotCount - 1)) !== 0) {
    throw new BracketError(
      `Cannot use a bracket of "${slotCount}" slots: expected a power of two of at least 2`,
    );
  }
  return Math.log2(slotCount);
}

/**
 * The human label of round `roundNo` of `roundCount`: "Final", "Semi-final", "Quarter-final",
 * then "Round of 16", "Round of 32", ... counting the players the round starts with.
 *
 * @example roundLabel(1, 5) === "Round of 32"; roundLabel(5, 5) === "Final"
 */
export function roundLabel(roundNo: number, roundCount: number): string {
  checkWhole(roundCount, 1, "round count");
  checkWhole(roundNo, 1, "round number");
  if (roundNo > roundCount) {
    throw new BracketError(`Cannot label round "${roundNo}": the bracket has "${roundCount}" rounds`);
  }
  return stageNameLabel(knockoutRoundName(roundCount - roundNo));
}

/**
 * The label of the group at zero-based `index`.
 *
 * @example groupLabel(0) === "Group A"; groupLabel(26) === "Group AA"
 */
export function groupLabel(index: number): string {
  return `Group ${groupName(index)}`;
}

/**
 * Where the winner of the match at `roundNo` / `bracketPos` plays next (the caller knows the final).
 *
 * @example nextSlot(1, 5) // { roundNo: 2, bracketPos: 2, side: "away" }
 */
export function nextSlot(roundNo: number, bracketPos: number): NextSlot {
  checkWhole(roundNo, 1, "round number");
  checkWhole(bracketPos, 0, "bracket position");
  return {
    roundNo: roundNo + 1,
    bracketPos: Math.floor(bracketPos / 2),
    side: bracketPos % 2 === 0 ? "home" : "away",
  };
}

/** The first-round matches of drawn slots: slot 2k is home and slot 2k+1 away in match k. */
export function firstRoundPairs<T>(slots: readonly (T | null)[]): FirstRoundPair<T>[] {
  roundCountFor(slots.length);
  const pairs: FirstRoundPair<T>[] = [];
  for (let k = 0; k < slots.length / 2; k++) {
    pairs.push({ bracketPos: k, home: slots[2 * k] ?? null, away: slots[2 * k + 1] ?? null });
  }
  return pairs;
}

/**
 * The first-round matches that are byes, and who goes through at once.
 *
 * @example resolveByes(["a", null, "b", "c"]) // [{ bracketPos: 0, advances: "a" }]
 */
export function resolveByes(slots: readonly (string | null)[]): ByeMatch[] {
  return firstRoundPairs(slots)
    .filter((p) => p.home === null || p.away === null)
    .map((p) => ({ bracketPos: p.bracketPos, advances: p.home ?? p.away }));
}

/** The part of a match `advance` reads. */
export type AdvanceFrom = {
  roundNo: number;
  bracketPos: number;
  home: string | null;
  away: string | null;
  winner: string | null;
};

/**
 * Where the winner of a decided match goes: the next slot and the winner's id, or null after the final.
 * Refuses an undecided match, and a winner who is not one of its players.
 *
 * @example advance({ roundNo: 1, bracketPos: 3, home: "a", away: "b", winner: "b" }, 3)
 * // { roundNo: 2, bracketPos: 1, side: "away", id: "b" }
 */
export function advance(match: AdvanceFrom, roundCount: number): (NextSlot & { id: string }) | null {
  checkWhole(roundCount, 1, "round count");
  const where = `round ${match.roundNo} position ${match.bracketPos}`;
  if (match.roundNo > roundCount) {
    throw new BracketError(`Cannot advance from ${where}: the bracket has "${roundCount}" rounds`);
  }
  if (match.winner === null) {
    throw new BracketError(`Cannot advance from ${where}: the match is not decided yet`);
  }
  if (match.winner !== match.home && match.winner !== match.away) {
    throw new BracketError(`Cannot advance "${match.winner}" from ${where}: not a player of that match`);
  }
  if (match.roundNo === roundCount) return null;
  return { ...nextSlot(match.roundNo, match.bracketPos), id: match.winner };
}

function checkSlots(slots: readonly (string | null)[]): void {
  const seen = new Set<string>();
  for (const slot of slots) {
    if (slot === null) continue;
    if (typeof slot !== "string" || slot.length === 0) {
      throw new BracketError("Cannot build a bracket: an empty id");
    }
    if (seen.has(slot)) throw new BracketError(`Cannot build a bracket: "${slot}" is drawn twice`);
    seen.add(slot);
  }
}

function indexResults(results: readonly MatchResult[], roundCount: number): Map<string, string> {
  const byMatch = new Map<string, string>();
  for (const r of results) {
    checkWhole(r.roundNo, 1, "round number");
    checkWhole(r.bracketPos, 0, "bracket position");
    const matches = 2 ** (roundCount - r.roundNo);
    if (r.roundNo > roundCount || r.bracketPos >= matches) {
      throw new BracketError(
        `Cannot record a result for round ${r.roundNo} position ${r.bracketPos}: no such match in a ${roundCount}-round bracket`,
      );
    }
    const key = `${r.roundNo}/${r.bracketPos}`;
    if (byMatch.has(key)) {
      throw new BracketError(`Cannot record two results for round ${r.roundNo} position ${r.bracketPos}`);
    }
    byMatch.set(key, r.winner);
  }
  return byMatch;
}

/**
 * Every round's matches from the drawn first-round slots and the winners known so far.
 *
 * Byes go through at once; a recorded winner goes to the next round (`advance`). A result for a match
 * whose players are not all known yet, or whose winner is not one of its players, is refused.
 *
 * @example buildBracket(["a", "b", "c", null], [{ roundNo: 1, bracketPos: 0, winner: "b" }]).rounds[1]
 * // [{ roundNo: 2, bracketPos: 0, label: "Final", home: "b", away: "c", state: "ready", winner: null }]
 */
export function buildBracket(slots: readonly (string | null)[], results: readonly MatchResult[]): Bracket {
  const roundCount = roundCountFor(slots.length);
  checkSlots(slots);
  const recorded = indexResults(results, roundCount);

  // Sides of the round being built: a string is a player, null nobody (a bye), undefined not known yet.
  let sides: (string | null | undefined)[] = [...slots];
  const rounds: BracketMatch[][] = [];
  for (let roundNo = 1; roundNo <= roundCount; roundNo++) {
    const label = roundLabel(roundNo, roundCount);
    const next: (string | null | undefined)[] = new Array(sides.length / 2).fill(undefined);
    const round: BracketMatch[] = [];
    for (let pos = 0; pos < sides.length / 2; pos++) {
      const home = sides[2 * pos];
      const away = sides[2 * pos + 1];
      const result = recorded.get(`${roundNo}/${pos}`);
      const where = `round ${roundNo} position ${pos}`;
      let state: BracketMatchState;
      let winner: string | null = null;
      if (home === undefined || away === undefined) {
        state = "waiting";
        if (result !== undefined) {
          const feeder = nextFeeder(roundNo, pos, home === undefined ? "home" : "away");
          throw new BracketError(
            `Cannot record "${result}" as winner of ${where}: ${feeder} is not decided yet`,
          );
        }
      } else if (home === null && away === null) {
        state = "void";
        if (result !== undefined) {
          throw new BracketError(`Cannot record "${result}" as winner of ${where}: nobody plays in it`);
        }
      } else if (home === null || away === null) {
        state = "bye";
        winner = home ?? away ?? null;
        if (result !== undefined && result !== winner) {
          throw new BracketError(`Cannot record "${result}" as winner of ${where}: "${winner}" has a bye`);
        }
      } else if (result !== undefined) {
        state = "decided";
        winner = result;
      } else {
        state = "ready";
      }
      const match: BracketMatch = {
        roundNo,
        bracketPos: pos,
        label,
        home: home ?? null,
        away: away ?? null,
        state,
        winner,
      };
      if (state === "decided" || state === "bye") {
        const to = advance(match, roundCount);
        if (to !== null) next[2 * to.bracketPos + (to.side === "home" ? 0 : 1)] = to.id;
      } else if (state === "void") {
        // A void match sends nobody: its side of the next match is a bye, not an unknown player.
        next[pos] = null;
      }
      round.push(match);
    }
    rounds.push(round);
    sides = next;
  }
  const final = rounds[roundCount - 1]?.[0];
  return { size: slots.length, roundCount, rounds, champion: final?.winner ?? null };
}

/** "round r-1 position q": the match feeding `side` of the match at `roundNo` / `pos`. */
function nextFeeder(roundNo: number, pos: number, side: "home" | "away"): string {
  return `round ${roundNo - 1} position ${2 * pos + (side === "home" ? 0 : 1)}`;
}
