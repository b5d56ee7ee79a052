/**
 * A tie of a team event played on two tables at once, where the event says so (docs/scheduling.md, "Ties"): its
 * matches go on in the format's order (ITTF Regulation 3.7.6: the order of the individual matches is the team
 * match system's), each on the first of the tie's two tables that is free once its players are, so that two
 * matches that share no player are played side by side. A World Team tie (A-X B-Y C-Z A-Y B-X) plays A-X and
 * B-Y at once, then C-Z and A-Y, then B-X: three rounds of table time, not five. No player plays two matches at
 * once, and no match begins before the one before it in the format (the order the teams were told). Re-estimated
 * as its matches end, like a tie on one table (domain/tie_plan.ts).
 * @module
 */

import { positionsOf, type TeamFormat } from "./team_formats.ts";
import type { ScheduleTie, TieTimes } from "./tie_plan.ts";

/**
 * The line-up positions each match of a format uses, by its order ("home A", "away X"): a doubles by the
 * captain's nominated pair may use any player of its side.
 * @example tieMatchUses(TEAM_FORMATS.wttc)[0] // ["home A", "away X"]
 */
export function tieMatchUses(format: TeamFormat): string[][] {
  const sideOf = (side: "home" | "away") => positionsOf(format, side).positions;
  return format.matches.map((m) =>
    (["home", "away"] as const).flatMap((side) => {
      const s = m[side];
      const positions = s === "pair" ? sideOf(side) : typeof s === "string" ? [s] : [...s];
      return positions.map((p) => `${side} ${p}`);
    })
  );
}

/** A match of a tie on two tables, as planned: its id (null before the line-ups make it), its table 0 or 1. */
export interface TwoTableTiming {
  id: string | null;
  order: number;
  table: 0 | 1;
  start: number;
  end: number;
}

/** The plan of a tie on two tables: when it ends, and its matches not begun yet. */
export interface TwoTablePlan {
  end: number;
  matches: TwoTableTiming[];
}

/**
 * Plans a tie on two tables from `tieStart`: its matches already begun where they are (in play: to their length,
 * or to now when they run long), then each match it may still need in the format's order on the table free the
 * earliest once its players are (a player's next match after the buffer), none before the one before it nor,
 * once the tie has begun, before now. `uses` are the positions of each match of the format (`tieMatchUses`);
 * `tables` the tie's two tables, to put a match begun on one of them back on it.
 * @example twoTableTie({ parts: [], remaining: 5 }, tieMatchUses(TEAM_FORMATS.wttc), 5, 0, 0, times).end
 *   // 64 minutes with 20-minute matches and a 2-minute buffer: A-X | B-Y, C-Z | A-Y, B-X
 */
export function twoTableTie(
  tie: ScheduleTie,
  uses: readonly (readonly string[])[],
  bestOf: number,
  tieStart: number,
  now: number,
  times: TieTimes,
  tables?: readonly [number, number],
): TwoTablePlan {
  const per = times.durationMs(bestOf);
  const free: [number, number] = [tieStart, tieStart];
  const ready = new Map<string, number>();
  const usesOf = (order: number) => uses[order - 1] ?? [];
  let last = tieStart;
  let end = tieStart;
  const begun = tie.parts.filter((p) => p.status !== "scheduled" && p.start != null)
    .sort((a, b) => a.start! - b.start! || a.order - b.order);
  for (const p of begun) {
    const ends = p.status === "completed" && p.end != null ? p.end : Math.max(p.start! + per, now);
    const known = tables && p.table != null ? tables.indexOf(p.table) : -1;
    const table = known === 0 || known === 1 ? known : free[0] <= free[1] ? 0 : 1;
    free[table] = Math.max(free[table], ends + times.bufferMs);
    for (const u of usesOf(p.order)) ready.set(u, Math.max(ready.get(u) ?? -Infinity, ends + times.bufferMs));
    last = Math.max(last, p.start!);
    end = Math.max(end, ends);
  }
  const floor = begun.length > 0 ? Math.max(last, now) : last;
  // The matches still needed: the first of the format's not begun, as many as may still be played.
  const inPlay = begun.filter((p) => p.status !== "completed").length;
  const begunOrders = new Set(begun.map((p) => p.order));
  const needed = uses.map((_, i) => i + 1).filter((o) => !begunOrders.has(o))
    .slice(0, Math.max(0, tie.remaining - inPlay));
  const idOf = new Map(tie.parts.map((p) => [p.order, p.id]));
  const matches: TwoTableTiming[] = [];
  let from = floor;
  for (const order of needed) {
    const players = Math.max(from, ...usesOf(order).map((u) => ready.get(u) ?? -Infinity));
    const at = [Math.max(players, free[0]), Math.max(players, free[1])];
    const table = at[0]! <= at[1]! ? 0 : 1;
    const start = at[table]!;
    matches.push({ id: idOf.get(order) ?? null, order, table, start, end: start + per });
    free[table] = start + per + times.bufferMs;
    for (const u of usesOf(order)) ready.set(u, start + per + times.bufferMs);
    from = start;
    end = Math.max(end, start + per);
  }
  return { end, matches };
}
