/**
 * A plan read table by table (docs/scheduling.md, "A tie on two tables"): a tie is one item on each table it
 * takes, its own matches on that table inside it, so that they read as the tie's matches and not as a second
 * booking of the table at the same times.
 * @module
 */

/** What a planned match says of where it is: its table, a tie's other table, the tie of a tie's match. */
export interface PlacedOnTable {
  id: string;
  table: number;
  secondTable?: number;
  tieId?: string;
}

/**
 * The tables a plan uses, a tie's second ones included, in order.
 * @example planTables([{ id: "t", table: 3, secondTable: 1 }]) // [1, 3]
 */
export function planTables(matches: readonly PlacedOnTable[]): number[] {
  const all = matches.flatMap((m) => m.secondTable === undefined ? [m.table] : [m.table, m.secondTable]);
  return [...new Set(all)].sort((a, b) => a - b);
}

/**
 * The items of one table, in the plan's order: each match on it, a tie on two tables included, with the tie's
 * own matches on this table under it (`own`); a tie's match whose tie is not listed on the table stands alone.
 * @example tableItems([tie, m1, m2], 1) // [{ match: tie, own: [m1] }] when m2 is on the tie's other table
 */
export function tableItems<T extends PlacedOnTable>(
  matches: readonly T[],
  table: number,
): { match: T; own: T[] }[] {
  const on = (m: T) => m.table === table || m.secondTable === table;
  const ties = new Set(matches.filter((m) => m.tieId === undefined && on(m)).map((m) => m.id));
  return matches.filter((m) => on(m) && !(m.tieId !== undefined && ties.has(m.tieId))).map((match) => ({
    match,
    own: matches.filter((p) => p.tieId === match.id && p.table === table),
  }));
}
