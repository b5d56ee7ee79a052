/**
 * What the checks of an event file share: what a category has declared so far, how a problem is reported, and
 * the check of what the file must give once.
 */
import type { ProblemWords } from "./problem_codes.ts";

/** A group of the category: its place in the file and its members. */
export interface GroupInfo {
  index: number;
  members: Set<string>;
}

/** The category being checked: its key and format, its entries and groups, and its draw once read. */
export interface CategoryContext {
  key: string;
  format: string | undefined;
  bestOf: number | undefined;
  entries: Set<string>;
  groups: Map<string, GroupInfo>;
  drawSize: number | undefined;
  slots: unknown[];
}

/** Reports a problem at a path of the file: its English message, and its code and values for a page's words. */
export type Add = (path: string, message: string, words: ProblemWords) => void;

/**
 * Keeps where each key of a list was first given (`value`); a key given again is reported by `again`, told where
 * it was first: what the file must give once (ids, names, e-mails, draw positions).
 */
export function givenOnce<K, V>(seen: Map<K, V>, key: K, value: V, again: (first: V) => void): void {
  const first = seen.get(key);
  if (first !== undefined) again(first);
  else seen.set(key, value);
}
