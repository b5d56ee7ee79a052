/**
 * The store's generation: a number that is the same for as long as no data of the store changed, read in
 * microseconds, so that an answer kept from an earlier request can be served without a query of its own
 * (api/hot_path.ts). Any committed write changes it, from this process or from another one.
 *
 * - SQLite file: `PRAGMA data_version` of the read-only connection, which changes whenever another connection
 *   (the app's own writer, an import in another process) commits.
 * - SQLite in memory (tests, throwaway demos): there is one connection, so `total_changes()` of it, which counts
 *   every row written. Known limit: a read while a transaction is open on that connection may see rows the
 *   transaction later rolls back (as every read of an in-memory store may).
 * - PostgreSQL: the global revision (db/revision_cache.ts), which every write bumps and which LISTEN/NOTIFY keeps
 *   current across instances without a round trip.
 */
import type { Store } from "./store.ts";

/** Reads the generation: synchronously where the store allows it (SQLite), else as a promise. */
export type GenerationReader = () => number | Promise<number>;

const readers = new WeakMap<Store, GenerationReader>();

/** The generation reader of a store (one per store, its statement prepared once). */
export function storeGeneration(store: Store): GenerationReader {
  let reader = readers.get(store);
  if (!reader) readers.set(store, reader = makeReader(store));
  return reader;
}

function makeReader(store: Store): GenerationReader {
  const sqlite = store.sqlite;
  if (!sqlite) return () => store.revisions.current();
  const stmt = sqlite.committed === sqlite.raw
    ? sqlite.raw.prepare("SELECT total_changes() AS g")
    : sqlite.committed.prepare("PRAGMA data_version");
  const column = sqlite.committed === sqlite.raw ? "g" : "data_version";
  return () => Number((stmt.get() as Record<string, number | bigint>)[column]);
}
