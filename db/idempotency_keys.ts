/**
 * Idempotency keys of match writes (`Idempotency-Key`, docs/operator.md): a key seen once makes a repeat of its
 * request an answer, not a second write. Keys are kept for a week and then forgotten, so that the table does
 * not grow with every point ever scored. A week is far beyond any retry (the umpire's page sends its queue as
 * soon as the connection returns), and a forgotten key is still safe for the umpire's page: it sends the
 * revision too, and a stale revision is refused (409), never applied twice.
 *
 * A key also keeps the fingerprint of the request it was first sent with (IETF draft "The Idempotency-Key
 * HTTP Header Field", section 2.5): the same key with another request is a client's mistake, refused (422)
 * rather than answered as a repeat of a request that was not sent.
 */
import type { Transaction } from "kysely";
import type { Database } from "./schema.ts";
import type { Store } from "./store.ts";

/** How long a key is kept: a repeat within this time is recognised. */
export const KEY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * At most this many expired keys are removed by one pruning write (`pruneKeys`): a store that has not been
 * written for a long time catches up over its next writes instead of spending one long transaction on it. A
 * match prunes at least at its start and its end, more than the keys of its points.
 */
export const PRUNE_BATCH = 500;

type Trx = Transaction<Database>;

/** A key seen within the retention. */
export interface SeenKey {
  /** The fingerprint of the request first sent with the key; null for a key stored before it was kept. */
  request: string | null;
  /** How the request was refused by the rules, when it was (then nothing was written); null when applied. */
  refusal: Refusal | null;
}

/**
 * A refusal kept with its key: the rules refused the request (a point after the match, an undo with nothing to
 * undo), which they would do again at that point of the match, so a repeat of the key is answered the same.
 */
export interface Refusal {
  code: "match-state" | "scoring";
  message: string;
}

/** A key's stored columns as a write reads them with its match (db/read_manage.ts `lockManageMatch`). */
export interface StoredKey {
  key_created_at: string | null;
  key_request: string | null;
  key_response: string | null;
}

/**
 * The key as seen within the retention, or null (an expired key that was not pruned yet counts as unseen).
 */
export function seenKey(row: StoredKey, now: Date): SeenKey | null {
  if (row.key_created_at === null || row.key_response === null || row.key_created_at < cutoff(now)) {
    return null;
  }
  // `response` holds the revision a write made, or the refusal as a JSON object.
  const refusal = row.key_response.startsWith("{") ? JSON.parse(row.key_response) as Refusal : null;
  return { request: row.key_request, refusal };
}

/** Records the key of a request the rules refused, so that a repeat of it is refused the same way. */
export async function rememberRefusal(
  trx: Trx,
  key: string,
  request: string,
  refusal: Refusal,
  now: Date,
): Promise<void> {
  const values = { response: JSON.stringify(refusal), request, created_at: now.toISOString() };
  await trx.insertInto("idempotency_keys").values({ key, ...values })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .execute();
}

/**
 * Records the key of a write that was applied with the fingerprint of its request (replacing an expired one
 * of the same name), in the write's transaction.
 */
export async function rememberKey(
  trx: Trx,
  key: string,
  request: string,
  revision: number,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const values = { response: String(revision), request, created_at: at };
  await trx.insertInto("idempotency_keys").values({ key, ...values })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .execute();
}

/**
 * Removes up to `PRUNE_BATCH` expired keys in a write's transaction. The match writes call it when a match
 * starts, ends or is placed, not with each point, whose statements are counted (tests/api/point_statements_test.ts).
 */
export async function pruneKeys(trx: Trx, dialect: Store["dialect"], now: Date): Promise<void> {
  let expired = trx.selectFrom("idempotency_keys").select("key").where("created_at", "<", cutoff(now))
    .orderBy("created_at").limit(PRUNE_BATCH);
  // Two instances pruning at once on PostgreSQL: each skips the rows the other holds instead of waiting for it.
  if (dialect === "postgres") expired = expired.forUpdate().skipLocked();
  await trx.deleteFrom("idempotency_keys").where("key", "in", expired).execute();
}

function cutoff(now: Date): string {
  return new Date(now.getTime() - KEY_RETENTION_MS).toISOString();
}
