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
 * At most this many expired keys are removed per write: a store that has not been written for a long time
 * catches up over its next writes instead of spending one long transaction on it.
 */
export const PRUNE_BATCH = 100;

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

/**
 * The key as seen within the retention, or null (an expired key that was not pruned yet counts as unseen).
 */
export async function findKey(trx: Trx, key: string, now: Date): Promise<SeenKey | null> {
  const row = await trx.selectFrom("idempotency_keys").select(["created_at", "request", "response"])
    .where("key", "=", key).executeTakeFirst();
  if (row === undefined || row.created_at < cutoff(now)) return null;
  // `response` holds the revision a write made, or the refusal as a JSON object.
  const refusal = row.response.startsWith("{") ? JSON.parse(row.response) as Refusal : null;
  return { request: row.request, refusal };
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
 * of the same name) and removes up to `PRUNE_BATCH` expired keys, in the write's transaction.
 */
export async function rememberKey(
  trx: Trx,
  dialect: Store["dialect"],
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
  let expired = trx.selectFrom("idempotency_keys").select("key").where("created_at", "<", cutoff(now))
    .orderBy("created_at").limit(PRUNE_BATCH);
  // Two instances pruning at once on PostgreSQL: each skips the rows the other holds instead of waiting for it.
  if (dialect === "postgres") expired = expired.forUpdate().skipLocked();
  await trx.deleteFrom("idempotency_keys").where("key", "in", expired).execute();
}

function cutoff(now: Date): string {
  return new Date(now.getTime() - KEY_RETENTION_MS).toISOString();
}
