/**
 * Adapts Deno's built-in `node:sqlite` to the interface Kysely's SqliteDialect expects, caching prepared
 * statements: parsing SQL is the largest cost of a small query, and the app runs the same few queries all day.
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

const CACHE_LIMIT = 500;

type SqliteValue = null | number | bigint | string | Uint8Array;

class CachedStatement implements SqliteStatement {
  readonly reader: boolean;
  constructor(private readonly stmt: StatementSync) {
    this.reader = stmt.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.stmt.all(...(parameters as SqliteValue[]));
  }
  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.stmt.run(...(parameters as SqliteValue[]));
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.stmt.iterate(...(parameters as SqliteValue[])) as IterableIterator<unknown>;
  }
}

/** A node:sqlite database with a bounded cache of prepared statements, for Kysely's SqliteDialect. */
export class CachingSqliteDatabase implements SqliteDatabase {
  readonly raw: DatabaseSync;
  /**
   * A second, read-only connection to the same file for the small reads that key caches (revisions, versions):
   * it sees committed data only, so a cache is never keyed on a revision that a transaction still in flight on
   * the main connection has written and may roll back. An in-memory database has no second connection: it is
   * `raw` (tests).
   */
  readonly committed: DatabaseSync;
  /**
   * When this process last ran a statement that bumps the revisions (Date.now(), 0 for never), set by the
   * store's RevisionWritePlugin before the write commits: db/store_generation.ts reads the store on every call
   * for a while after it.
   */
  lastWriteAt = 0;
  readonly #cache = new Map<string, CachedStatement>();

  constructor(path: string) {
    this.raw = new DatabaseSync(path);
    // WAL lets readers run while a write commits; synchronous=FULL makes every acknowledged write durable
    // across a power cut or a SIGKILL (db/store.ts trades it for NORMAL plus an async sync of the WAL after each
    // commit, db/durable_sqlite.ts); the busy timeout waits for a backup or a second process instead of failing
    // (db/durable_sqlite.ts takes the write lock without it, so as not to block the event loop meanwhile).
    this.raw.exec("PRAGMA journal_mode = WAL");
    this.raw.exec("PRAGMA synchronous = FULL");
    this.raw.exec("PRAGMA foreign_keys = ON");
    this.raw.exec("PRAGMA busy_timeout = 5000");
    this.committed = path === ":memory:" ? this.raw : new DatabaseSync(path, { readOnly: true });
    if (this.committed !== this.raw) this.committed.exec("PRAGMA busy_timeout = 5000");
  }

  prepare(sql: string): SqliteStatement {
    let stmt = this.#cache.get(sql);
    if (stmt) {
      // Refresh the entry's place so that the cache drops the least recently used statement first.
      this.#cache.delete(sql);
      this.#cache.set(sql, stmt);
      return stmt;
    }
    stmt = new CachedStatement(this.raw.prepare(sql));
    this.#cache.set(sql, stmt);
    if (this.#cache.size > CACHE_LIMIT) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    return stmt;
  }

  close(): void {
    this.#cache.clear();
    if (this.committed !== this.raw && this.committed.isOpen) this.committed.close();
    if (this.raw.isOpen) this.raw.close();
  }
}
