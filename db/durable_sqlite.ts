/**
 * SQLite writes made durable without stopping the server while the disk works.
 *
 * node:sqlite is synchronous: with `synchronous=FULL` every commit waits for an fsync of the WAL on the event
 * loop, and every request (1,000 overlays polling) waits with it; in the bench's CPU profile of the live
 * scenario, commits stood in half of the event loop's long busy stretches. So the connection commits with
 * `synchronous=NORMAL` (the commit writes the WAL without syncing it) and the driver then syncs the WAL file
 * itself through an async fdatasync (Deno's `FsFile.syncData()`, run off the event loop), before the transaction's
 * promise resolves: a write is still acknowledged only once it is on disk, and a power cut loses nothing
 * acknowledged. Writes outside a transaction (autocommit) wait for the sync the same way. The connection stays
 * taken until the sync is done, so writes still happen one at a time.
 *
 * If the WAL cannot be opened or synced, the connection falls back to `synchronous=FULL` and a checkpoint (which
 * syncs the WAL) for the write at hand: slower, never less durable.
 *
 * The write lock is taken without stopping the server either. Another process may hold it (`deno task import`
 * of a large event into the served file, a token made from the command line): SQLite's busy timeout would then
 * wait inside the synchronous call, and the whole server (overlays, the TV, every read) would stand still for
 * up to 5 s per write, then fail. So a transaction begins with `BEGIN IMMEDIATE` (the write lock first: a
 * deferred transaction that read before another process wrote cannot take the lock at all and fails at once),
 * tried without a busy timeout and tried again after a pause, off the event loop, for up to `WRITE_LOCK_WAIT_MS`;
 * writes outside a transaction likewise.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";
import type { CachingSqliteDatabase } from "./sqlite_adapter.ts";

/** Makes the writes committed so far durable; resolves once they are on disk. */
export type SyncWrites = () => Promise<void>;

/**
 * How long a write waits for another process's write lock before it fails with SQLite's "database is locked"
 * (a 503 from the server, an error naming the lock from the command line).
 */
export const WRITE_LOCK_WAIT_MS = 5_000;

/** The busy timeout of the connection outside the taking of the write lock (db/sqlite_adapter.ts sets it). */
const BUSY_TIMEOUT_MS = 5000;

/** The sync of a SQLite file's WAL, and how to let go of its file when the store closes. */
export interface WalSync {
  sync: SyncWrites;
  close(): void;
}

/** The dialect's configuration: the database is ours (its raw connection sets the busy timeout). */
export interface DurableSqliteConfig extends SqliteDialectConfig {
  database: CachingSqliteDatabase;
}

/**
 * Kysely's SQLite dialect whose commits (and autocommit writes) resolve only after `sync` resolved, and whose
 * writes wait for the write lock without blocking the event loop.
 */
export class DurableSqliteDialect extends SqliteDialect {
  readonly #config: DurableSqliteConfig;
  readonly #sync: SyncWrites;

  constructor(config: DurableSqliteConfig, sync: SyncWrites) {
    super(config);
    this.#config = config;
    this.#sync = sync;
  }

  override createDriver(): Driver {
    return new DurableSqliteDriver(this.#config, this.#sync);
  }
}

/**
 * The driver: SQLite's own, plus a sync after every commit and every write outside a transaction, and the write
 * lock taken first and waited for off the event loop.
 */
class DurableSqliteDriver extends SqliteDriver {
  /** Whether a transaction is open on the (single) connection. */
  #inTransaction = false;
  readonly #database: CachingSqliteDatabase;

  constructor(config: DurableSqliteConfig, private readonly sync: SyncWrites) {
    super(config);
    this.#database = config.database;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        if (this.#inTransaction || readsOnly(query)) return await connection.executeQuery<R>(query);
        // A statement outside a transaction commits on its own: it needs the write lock, then a sync.
        const result = await this.#withWriteLock(() => connection.executeQuery<R>(query));
        await this.sync();
        return result;
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize: number) =>
        connection.streamQuery<R>(query, chunkSize),
    };
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // Set first: the BEGIN itself goes through the connection above and must not count as a write.
    this.#inTransaction = true;
    try {
      await this.#withWriteLock(() => connection.executeQuery(CompiledQuery.raw("begin immediate")));
    } catch (e) {
      this.#inTransaction = false;
      throw e;
    }
  }

  /**
   * Runs a statement that takes the write lock with no busy timeout (it fails at once when another process holds
   * the lock) and runs it again after a pause, 2 ms growing to 50 ms, while the lock stays taken, for up to
   * WRITE_LOCK_WAIT_MS; the event loop serves everything else meanwhile. The statement fails whole or not at all
   * (a BEGIN, or a single statement), so running it again is safe.
   */
  async #withWriteLock<R>(run: () => Promise<R>): Promise<R> {
    const raw = this.#database.raw;
    const deadline = Date.now() + WRITE_LOCK_WAIT_MS;
    let pause = 2;
    for (;;) {
      raw.exec("PRAGMA busy_timeout = 0");
      try {
        return await run();
      } catch (e) {
        if (!isLocked(e) || Date.now() >= deadline) throw e;
      } finally {
        raw.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 50);
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // Cleared after the COMMIT (which must not count as an autocommit write); a failed COMMIT is rolled back.
    await super.commitTransaction(connection);
    this.#inTransaction = false;
    await this.sync();
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#inTransaction = false;
    }
  }
}

/** Whether an error is SQLite's SQLITE_BUSY: another connection holds the lock this statement needs. */
export function isLocked(error: unknown): boolean {
  return error instanceof Error && /^database is locked/.test(error.message);
}

/**
 * Whether a statement only reads: a SELECT, or raw SQL starting with SELECT or PRAGMA (a PRAGMA that sets a
 * value changes no row either). Anything else outside a transaction is synced, which is never wrong.
 * @example readsOnly(CompiledQuery.raw("select 1")) // true
 */
export function readsOnly(query: CompiledQuery): boolean {
  if (query.query.kind === "SelectQueryNode") return true;
  if (query.query.kind !== "RawNode") return false;
  return /^\s*(select|pragma)\b/i.test(query.sql);
}

/**
 * The sync of a SQLite file's WAL: an async fdatasync of `<path>-wal` (opened once, opened again if the file
 * was replaced). On any error the database goes back to `synchronous=FULL` and checkpoints, which syncs the WAL.
 */
export function walSync(sqlite: CachingSqliteDatabase, path: string): WalSync {
  const walPath = `${path}-wal`;
  let wal: { file: Deno.FsFile; ino: number | null } | null = null;
  let fallback = false;
  const open = () => {
    const file = Deno.openSync(walPath, { read: true }); // the store's own file, not the repository's
    return { file, ino: file.statSync().ino };
  };
  const close = () => {
    wal?.file.close();
    wal = null;
  };
  const sync = async () => {
    if (fallback) return;
    try {
      // SQLite keeps the WAL file while a connection is open; a new file (another process closed the last
      // connection and one was made again) needs a new handle.
      if (wal === null || Deno.statSync(walPath).ino !== wal.ino) {
        close();
        wal = open();
      }
      await wal.file.syncData();
    } catch {
      fallback = true;
      close();
      sqlite.raw.exec("PRAGMA synchronous = FULL");
      // A checkpoint syncs the WAL before it copies it: the write at hand is on disk once it returns.
      sqlite.raw.exec("PRAGMA wal_checkpoint(PASSIVE)");
    }
  };
  return { sync, close };
}
