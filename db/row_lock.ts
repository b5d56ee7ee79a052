/**
 * The row lock of a write that reads before it changes: on PostgreSQL the rows read stay locked until the
 * transaction ends, so that two writers of the same rows queue up instead of both acting on what they read;
 * SQLite has one writer at a time already (db/durable_sqlite.ts), and no `FOR UPDATE`.
 */
import type { SelectQueryBuilder } from "kysely";
import type { Dialect } from "./store.ts";

/**
 * The query with `FOR UPDATE` on PostgreSQL (of the tables named in `of` alone, for a query whose outer joins
 * may not be locked), unchanged on SQLite.
 * @example forUpdate(trx.selectFrom("matches").selectAll().where("id", "=", id), dialect).executeTakeFirst()
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: Dialect,
  of?: Parameters<SelectQueryBuilder<DB, TB, O>["forUpdate"]>[0],
): SelectQueryBuilder<DB, TB, O> {
  return dialect === "postgres" ? query.forUpdate(of) : query;
}
