/**
 * Which match to call to a free table: the desk's most frequent decision. A table is free when no match is in
 * progress on it; it gets a suggestion when no playable match is planned on it already. The suggestion is the
 * first match in the desk's order (by time, then round) that is ready, due, has no table yet, and whose players
 * are all free: not playing now and not suggested for another table. Each match and each player is suggested
 * once. A match with a time is due from DUE_WITHIN_MS before it: a time is what the players were told, so a
 * match of the afternoon is not called in the morning, nor does it hold a table or its players until then.
 */
import type { ClashMatch } from "./clashes.ts";

/** A match as the suggestion reads it: clash data plus whether it can be played. */
export interface CallableMatch extends ClashMatch {
  /** Both sides known and its draw public (a knockout match of a draft draw waits for the lock). */
  ready: boolean;
}

/** How long before its time a scheduled match may be called: players are asked to be there a while before. */
export const DUE_WITHIN_MS = 30 * 60_000;

/** A match suggested for a free table. */
export interface TableSuggestion {
  tableNo: number;
  matchId: string;
}

/**
 * Suggestions for the free tables among `tableNos`, in table order, at `now`. `matches` come in the desk's order
 * of priority (earliest time first, then round): the first that fits is taken.
 * @example
 * // Table 2 is free; the first unassigned match has a player on table 1, so the second is suggested:
 * suggestMatches([live("m1", 1, [anna, ben]), ready("m2", [anna, cleo]), ready("m3", [dan, eva])], [1, 2], now)
 * // [{ tableNo: 2, matchId: "m3" }]
 */
export function suggestMatches(
  matches: readonly CallableMatch[],
  tableNos: readonly number[],
  now: Date,
): TableSuggestion[] {
  const dueBy = now.getTime() + DUE_WITHIN_MS;
  const due = (m: CallableMatch) => m.scheduledAt === null || Date.parse(m.scheduledAt) <= dueBy;
  const live = matches.filter((m) => m.status === "in_progress");
  const taken = new Set(live.flatMap((m) => m.players.map((p) => p.id)));
  const busyTables = new Set(live.flatMap((m) => m.tableNo === null ? [] : [m.tableNo]));
  const callable = (m: CallableMatch) =>
    m.status === "scheduled" && m.ready && due(m) && m.players.length > 0 &&
    m.players.every((p) => !taken.has(p.id));
  // A table with a playable match planned on it keeps its plan: its players are not offered elsewhere either.
  const planned = new Set<number>();
  for (const m of matches) {
    if (m.tableNo === null || busyTables.has(m.tableNo) || planned.has(m.tableNo) || !callable(m)) continue;
    planned.add(m.tableNo);
    for (const p of m.players) taken.add(p.id);
  }
  const suggestions: TableSuggestion[] = [];
  const unassigned = matches.filter((m) => m.tableNo === null);
  for (const tableNo of [...new Set(tableNos)].sort((a, b) => a - b)) {
    if (busyTables.has(tableNo) || planned.has(tableNo)) continue;
    const match = unassigned.find(callable);
    if (!match) break;
    suggestions.push({ tableNo, matchId: match.id });
    for (const p of match.players) taken.add(p.id);
  }
  return suggestions;
}
