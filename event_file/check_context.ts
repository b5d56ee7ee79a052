/** What the checks of a category share: what it has declared so far, and how a problem is reported. */

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

/** Reports a problem at a path of the file. */
export type Add = (path: string, message: string) => void;
