/**
 * Waits until a PostgreSQL store's revision source answers from its cache with the revision the store holds:
 * every write's notification heard, so that the generation (db/store_generation.ts) cannot move by itself under
 * a batch of requests when a notification comes late (a busy machine). Nothing to wait for on SQLite.
 */
import type { Store } from "../../db/store.ts";
import { until } from "./wait.ts";

export async function revisionSettled(store: Store): Promise<void> {
  const pool = store.pool;
  if (store.sqlite || !pool) return;
  await until(async () => {
    const held = await pool.query<{ value: number }>("SELECT value FROM revisions WHERE scope = 'global'");
    const query = pool.query;
    let read = false;
    (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
      read = true;
      return (query as (...a: unknown[]) => unknown).apply(pool, args);
    };
    try {
      return await store.revisions.current() === Number(held.rows[0]?.value ?? 0) && !read;
    } finally {
      (pool as unknown as { query: unknown }).query = query;
    }
  }, "the revision's notifications to be heard");
}
