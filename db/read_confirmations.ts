/**
 * The umpire's confirmation of a result as read: who confirmed it (a token's label and role), when, and at which
 * revision of the match. The operator's reads (db/read_manage.ts) join it to every match they list.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A confirmed result: by which token (its label and role), when, and the match revision confirmed. */
export interface ResultConfirmation {
  by: string;
  role: string;
  at: string;
  revision: number;
}

/** The columns of `result_confirmations` a match query selects, joined as `rc` (null when not confirmed). */
export const confirmationColumns = [
  "rc.confirmed_by",
  "rc.confirmed_role",
  "rc.confirmed_at",
  "rc.match_revision as confirmed_revision",
] as const;

/** The confirmation of a row selected with `confirmationColumns`, or null. */
export function toConfirmation(row: {
  confirmed_by: string | null;
  confirmed_role: string | null;
  confirmed_at: string | null;
  confirmed_revision: number | bigint | null;
}): ResultConfirmation | null {
  if (row.confirmed_by === null) return null;
  return {
    by: row.confirmed_by,
    role: row.confirmed_role ?? "",
    at: row.confirmed_at ?? "",
    revision: Number(row.confirmed_revision ?? 0),
  };
}

/** The confirmation of a match's result, or null when it has none. */
export async function readConfirmation(db: Db, matchId: string): Promise<ResultConfirmation | null> {
  const row = await db.selectFrom("result_confirmations as rc").select(confirmationColumns)
    .where("rc.match_id", "=", matchId).executeTakeFirst();
  return row ? toConfirmation(row) : null;
}
