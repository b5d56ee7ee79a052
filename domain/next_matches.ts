/**
 * Which match to call to a free table: the desk's most frequent decision. A table is free when no match is in
 * progress on it and no call to it stands. A free table first proposes its own next match of the plan (a match
 * given that table, by a kept plan or by hand): the first, in the desk's order, that can be played now; it is
 * called there. Only when none can does it get a match that has no table yet, put there. A match can be played
 * now when it is ready, due, not skipped for now (a player late or absent), not called already, and all its
 * players are free: not playing now, not called to another table (a player called while still playing
 * elsewhere is never proposed again), and not proposed for another table. Each match and each player is
 * proposed once. A match with a time is due from DUE_WITHIN_MS before it: a time is what the players were told,
 * so a match of the afternoon is not called in the morning, nor does it hold a table or its players until then.
 */
import type { ClashMatch } from "./clashes.ts";

/** A match as the suggestion reads it: clash data plus whether it can be played. */
export interface CallableMatch extends ClashMatch {
  /** Both sides known and its draw public (a knockout match of a draft draw waits for the lock). */
  ready: boolean;
  /** When it was called to its table; null or absent when not. */
  calledAt?: string | null;
  /** Skipped for now by the desk (a player late or absent). */
  skipped?: boolean;
}

/** How long before its time a scheduled match may be called: players are asked to be there a while before. */
export const DUE_WITHIN_MS = 30 * 60_000;

/** A match suggested for a free table. */
export interface TableSuggestion {
  tableNo: number;
  matchId: string;
  /** Present when the match is that table's own next match of the plan: call it there (else: put it there). */
  onTable?: true;
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
  // In play, or called to a table: the table and the players are taken.
  const held = matches.filter((m) =>
    m.status === "in_progress" || m.status === "scheduled" && (m.calledAt ?? null) !== null && !m.skipped
  );
  const taken = new Set(held.flatMap((m) => m.players.map((p) => p.id)));
  const busyTables = new Set(held.flatMap((m) => m.tableNo === null ? [] : [m.tableNo]));
  const callable = (m: CallableMatch) =>
    m.status === "scheduled" && m.ready && !m.skipped && (m.calledAt ?? null) === null && due(m) &&
    m.players.length > 0 && m.players.every((p) => !taken.has(p.id));
  // The plan first: each free table's first match that can be played now; its players are not offered elsewhere.
  const planned = new Map<number, string>();
  for (const m of matches) {
    if (m.tableNo === null || busyTables.has(m.tableNo) || planned.has(m.tableNo) || !callable(m)) continue;
    planned.set(m.tableNo, m.id);
    for (const p of m.players) taken.add(p.id);
  }
  const suggestions: TableSuggestion[] = [];
  const unassigned = matches.filter((m) => m.tableNo === null);
  let more = true;
  for (const tableNo of [...new Set(tableNos)].sort((a, b) => a - b)) {
    if (busyTables.has(tableNo)) continue;
    const own = planned.get(tableNo);
    if (own !== undefined) {
      suggestions.push({ tableNo, matchId: own, onTable: true });
      continue;
    }
    const match = more ? unassigned.find(callable) : undefined;
    if (!match) {
      more = false;
      continue;
    }
    suggestions.push({ tableNo, matchId: match.id });
    for (const p of match.players) taken.add(p.id);
  }
  return suggestions;
}
