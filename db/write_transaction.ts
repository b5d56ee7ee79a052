/**
 * A write transaction that PostgreSQL may abort to break a deadlock, run again when it does.
 *
 * Writes take row locks in different orders: a point locks its match and then bumps its event's revision; a
 * re-import updates the event and then deletes its matches; a publish updates the players' `listed` flags and
 * then the event; a decided match rates its players and then bumps the event. Two of them at once can wait on
 * each other, and PostgreSQL then aborts one (SQLSTATE 40P01) after `deadlock_timeout`: a 500 for a request
 * that did nothing wrong. Ordering every lock the same way would hold only until the next write path; PostgreSQL's
 * own advice is to retry, and an aborted transaction has written nothing, so running it again is safe (its
 * function must do nothing outside the transaction it is given). A serialization failure (40001) is retried the
 * same way. SQLite has neither: one writer at a time (db/durable_sqlite.ts).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** How many times a transaction is run before its deadlock is given up on (and answered as an error). */
export const WRITE_ATTEMPTS = 4;

/** SQLSTATEs of a transaction that PostgreSQL aborted for a conflict with another one, not for what it did. */
const RETRYABLE = new Set(["40P01", "40001"]);

/** Whether an error is PostgreSQL aborting the transaction for a deadlock or a serialization conflict. */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && RETRYABLE.has(code);
}

/**
 * Runs `fn` in a transaction, and again (up to WRITE_ATTEMPTS in all, after a short random pause) when it was
 * aborted for a conflict with another transaction. Any other error is thrown at once.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (attempt >= WRITE_ATTEMPTS || !isTransactionConflict(e)) throw e;
      // Apart, so that the two do not meet again in the same order.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
