/**
 * A match as a refusal names it to the desk: by its players, its category and stage, and its table, never by
 * its id (`Anna Berg v Ben Okafor (Men's singles, Quarter-final, table 3)`). The write modules word their
 * `WriteError` messages with it.
 */
import type { Kysely, Transaction } from "kysely";
import { readManageMatch } from "./read_manage.ts";
import type { Database } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** What the words read of a match. */
export interface NamedMatch {
  homeName: string | null;
  awayName: string | null;
  categoryName: string;
  label: string;
  stage: string;
  groupName: string | null;
  roundNo: number;
  tableNo: number | null;
}

/**
 * A match in words: its sides ("to be decided" while unknown), its category and stage, and its table when it has
 * one.
 * @example matchWords({ homeName: "Anna Berg", awayName: "Ben Okafor", categoryName: "Men's singles",
 *   label: "Quarter-final", stage: "knockout", groupName: null, roundNo: 3, tableNo: 3 })
 * // "Anna Berg v Ben Okafor (Men's singles, Quarter-final, table 3)"
 */
export function matchWords(m: NamedMatch): string {
  const stage = m.label.trim() !== ""
    ? m.label
    : m.stage === "group"
    ? (m.groupName === null ? "Group" : /^group\b/i.test(m.groupName) ? m.groupName : `Group ${m.groupName}`)
    : `Round ${m.roundNo}`;
  const where = [m.categoryName, stage, m.tableNo === null ? null : `table ${m.tableNo}`]
    .filter((x) => x !== null).join(", ");
  return `${m.homeName ?? "to be decided"} v ${m.awayName ?? "to be decided"} (${where})`;
}

/** The match with this id in words (`matchWords`); `match "ID"` when it does not exist. */
export async function nameMatch(db: Db, matchId: string): Promise<string> {
  const m = await readManageMatch(db, matchId);
  return m ? matchWords(m) : `match "${matchId}"`;
}

/**
 * A sentence's first letter in capitals: a name that starts a sentence ("to be decided v Ben Okafor (…)").
 * @example capitalised("to be decided v Ben Okafor") // "To be decided v Ben Okafor"
 */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
