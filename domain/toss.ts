/**
 * The toss before a match (ITTF Law 2.13.1): the right to choose the order of serving, receiving and ends is
 * decided by lot, and the winner may choose to serve or to receive first, or to start at a particular end; the
 * other player or pair then has the other choice (Law 2.13.2).
 */
import type { Side } from "./scoring.ts";

/** What the winner of the toss chose (Law 2.13.1). */
export const TOSS_CHOICES = ["serve", "receive", "end"] as const;
export type TossChoice = (typeof TOSS_CHOICES)[number];

/** The toss as recorded: who won it and what they chose. */
export interface Toss {
  winner: Side;
  choice: TossChoice;
}

/**
 * The toss in words, with what the other side chooses (Law 2.13.2).
 * @example tossWords({ winner: "home", choice: "end" }, { home: "Ana", away: "Ben" })
 * // "Ana won the toss and chose the end; Ben chooses to serve or receive first"
 */
export function tossWords(t: Toss, names: Record<Side, string>): string {
  const other = names[t.winner === "home" ? "away" : "home"];
  const won = `${names[t.winner]} won the toss and chose`;
  if (t.choice === "end") return `${won} the end; ${other} chooses to serve or receive first`;
  return `${won} to ${t.choice} first; ${other} chooses the end`;
}
