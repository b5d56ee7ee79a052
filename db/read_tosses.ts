/**
 * The toss before a match as read (Law 2.13.1): who won it and what they chose. The operator's reads
 * (db/read_manage.ts) join it to every match they list.
 */
import type { Toss, TossChoice } from "../domain/toss.ts";

/** The columns of `match_tosses` a match query selects, joined as `mt` (null when no toss was recorded). */
export const tossColumns = ["mt.winner as toss_winner", "mt.choice as toss_choice"] as const;

/** The toss of a row selected with `tossColumns`, or null. */
export function toToss(row: { toss_winner: string | null; toss_choice: string | null }): Toss | null {
  if (row.toss_winner !== "home" && row.toss_winner !== "away") return null;
  return { winner: row.toss_winner, choice: row.toss_choice as TossChoice };
}
