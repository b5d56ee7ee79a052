/**
 * Calling the players of a match to its table: the desk may call a match that has a table and has not begun,
 * and the call stands (the TV and the pages show it) until play begins there or the match moves to another
 * table (which takes the call back).
 */

/** What a call needs to know of a match. */
export interface CallableMatch {
  status: string;
  tableNo: number | null;
}

/**
 * Why the match cannot be called to its table now; null when it can.
 * @example callRefusal({ status: "in_progress", tableNo: 3 }) // "it is in progress"
 */
export function callRefusal(m: CallableMatch): string | null {
  if (m.status !== "scheduled") return `it is ${m.status.replace("_", " ")}`;
  if (m.tableNo === null) return "it has no table yet";
  return null;
}

/**
 * The table the match's players are called to now, or null: a call stands until play begins.
 * @example standingCall({ status: "scheduled", tableNo: 5, calledAt: "2026-11-28T09:00:00Z" }) // 5
 */
export function standingCall(m: CallableMatch & { calledAt: string | null }): number | null {
  return m.status === "scheduled" && m.calledAt !== null ? m.tableNo : null;
}

/** What choosing the match of a table needs to know of a match. */
export interface TableMatch extends CallableMatch {
  startedAt: string | null;
  calledAt: string | null;
}

/**
 * The match a table shows now (its overlay, its line on a screen): the match in play there (the one started
 * last, should two be marked so), else the match called to it (the one called last), else none: the table is
 * free.
 * @example matchOnTable([{ status: "scheduled", tableNo: 2, calledAt: "…", startedAt: null }], 2) // that match
 */
export function matchOnTable<M extends TableMatch>(matches: readonly M[], tableNo: number): M | null {
  const latest = (list: M[], at: (m: M) => string) =>
    list.reduce<M | null>((best, m) => best === null || at(m) > at(best) ? m : best, null);
  const here = matches.filter((m) => m.tableNo === tableNo);
  const playing = latest(here.filter((m) => m.status === "in_progress"), (m) => m.startedAt ?? "");
  return playing ?? latest(here.filter((m) => standingCall(m) !== null), (m) => m.calledAt!);
}
