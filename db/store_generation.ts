/**
 * The store's generation: a number that is the same for as long as no data of the store changed, read in
 * microseconds, so that an answer kept from an earlier request can be served without a query of its own
 * (http/answer_cache.ts). Any committed write changes it, from this process or from another one.
 *
 * - SQLite file: `PRAGMA data_version` of the read-only connection, which changes whenever another connection
 *   (the app's own writer, an import in another process) commits. Reading it costs as much as the rest of a
 *   kept answer (docs/benchmarks.md, "Measured for the code"), so it is read on every call only for a second
 *   after a write of this process (the write's statement marks the store before it commits: the first call after
 *   the commit sees it), and otherwise at most every 50 ms: a write of another process (`deno task import` into
 *   the served file) shows within 50 ms.
 * - SQLite in memory (tests, throwaway demos): there is one connection, so `total_changes()` of it, which counts
 *   every row written. Known limit: a read while a transaction is open on that connection may see rows the
 *   transaction later rolls back (as every read of an in-memory store may).
 * - PostgreSQL: the global revision (db/revision_cache.ts), which every write bumps and which LISTEN/NOTIFY keeps
 *   current across instances without a round trip.
 */
import type { Store } from "./store.ts";

/** Reads the generation: synchronously where the store allows it (SQLite), else as a promise. */
export type GenerationReader = () => number | Promise<number>;

/** How long after a write of this process every call reads the store. */
const LOCAL_WRITE_WINDOW_MS = 1000;

/** How stale a write of another process may be seen, at most. */
const OTHER_PROCESS_MS = 50;

/** The generation reader of a store, made once per store (db/store_reads.ts), its statement prepared once. */
export function makeGenerationReader(store: Store): GenerationReader {
  const sqlite = store.sqlite;
  if (!sqlite) return () => store.revisions.current();
  if (sqlite.committed === sqlite.raw) {
    const changes = sqlite.raw.prepare("SELECT total_changes() AS g");
    return () => Number((changes.get() as { g: number | bigint }).g);
  }
  const version = sqlite.committed.prepare("PRAGMA data_version");
  let value = 0;
  let readAt = -Infinity;
  return () => {
    const now = Date.now();
    if (now - sqlite.lastWriteAt < LOCAL_WRITE_WINDOW_MS || now - readAt >= OTHER_PROCESS_MS) {
      value = Number((version.get() as { data_version: number | bigint }).data_version);
      readAt = now;
    }
    return value;
  };
}
