/** Opens the configured store (SQLite through node:sqlite, or PostgreSQL through npm:pg) behind Kysely. */
import { Kysely, type KyselyConfig, type LogEvent, PostgresDialect, SqliteDialect } from "kysely";
// Types only: node-postgres is loaded when a PostgreSQL store is opened (a SQLite store would carry its memory).
import type pg from "pg";
import type { StoreUrl } from "../lib/store_url.ts";
import type { Logger } from "../lib/log.ts";
import { migrateToLatest } from "./migrate.ts";
import {
  postgresRevisions,
  type RevisionSource,
  RevisionWritePlugin,
  sqliteRevisions,
} from "./revision_cache.ts";
import type { Database } from "./schema.ts";
// Types only: the SQLite modules (node:sqlite) are loaded when a SQLite store is opened, so that a platform
// without node:sqlite (Deno Deploy) runs the PostgreSQL path.
import type { CachingSqliteDatabase } from "./sqlite_adapter.ts";

export type Dialect = "sqlite" | "postgres";

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** The SQLite database itself (backups, integrity checks); undefined on PostgreSQL. */
  readonly sqlite?: CachingSqliteDatabase;
  /** The PostgreSQL pool (LISTEN/NOTIFY, health checks); undefined on SQLite. */
  readonly pool?: pg.Pool;
  /** The global revision, cached where that is safe (db/revision_cache.ts). */
  readonly revisions: RevisionSource;
  close(): Promise<void>;
}

/** What a store may be opened with. */
export interface StoreOptions {
  /** Where the PostgreSQL revision channel's state changes go (db/revision_cache.ts); none by default. */
  log?: Logger;
  /**
   * Told of every statement: its kind (select, insert, update, delete, raw), its seconds, whether it failed, and
   * its SQL text.
   */
  onQuery?: (kind: string, seconds: number, failed: boolean, sql: string) => void;
}

/** Opens the store, creating the SQLite file's folder where needed, and migrates it to the latest schema. */
export async function openStore(url: StoreUrl, options: StoreOptions = {}): Promise<Store> {
  if (url.kind === "sqlite") {
    if (!url.memory) {
      const dir = url.path.includes("/") ? url.path.slice(0, url.path.lastIndexOf("/")) : ".";
      if (dir) await Deno.mkdir(dir, { recursive: true });
    }
    const [{ CachingSqliteDatabase }, { DurableSqliteDialect, walSync }] = await Promise.all([
      import("./sqlite_adapter.ts"),
      import("./durable_sqlite.ts"),
    ]);
    const sqlite = new CachingSqliteDatabase(url.path);
    // A file: commits are synced to disk off the event loop before they resolve (db/durable_sqlite.ts).
    const wal = url.memory ? undefined : walSync(sqlite, url.path);
    const dialect = wal
      ? new DurableSqliteDialect({ database: sqlite }, wal.sync)
      : new SqliteDialect({ database: sqlite });
    if (!url.memory) sqlite.raw.exec("PRAGMA synchronous = NORMAL");
    const db = new Kysely<Database>({
      dialect,
      plugins: [new RevisionWritePlugin(() => sqlite.lastWriteAt = Date.now())],
      log: queryLog(options.onQuery),
    });
    await migrateToLatest(db, "sqlite");
    const revisions = sqliteRevisions(sqlite);
    const close = async () => {
      await db.destroy();
      wal?.close();
    };
    return { db, dialect: "sqlite", sqlite, revisions, close };
  }
  const { default: pg } = await import("pg");
  // PostgreSQL returns NUMERIC and INT8 as strings; the schema uses neither for values, but COUNT(*) is INT8.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({
    connectionString: url.url,
    max: 10,
    // Fail fast when the database is away instead of hanging requests; the pool reconnects by itself.
    connectionTimeoutMillis: 2000,
    // Idle sockets are closed early: on Deno a long-idle pg socket may be dead without the pool noticing.
    idleTimeoutMillis: 5000,
    query_timeout: 10000,
    keepAlive: true,
  });
  // A connection's error (the server restarted, failed over or went away) must never crash the process. The pool
  // listens on its idle clients only: a client checked out by a transaction has no listener of its own, and an
  // 'error' event without one is thrown (PostgreSQL's fast shutdown ends every backend, busy or not). Its queries
  // fail on their own (the outage guard answers 503) and the pool drops the broken client when it is released.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const holder: { revisions?: RevisionSource } = {};
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new RevisionWritePlugin((value) => holder.revisions?.invalidate(value))],
    log: queryLog(options.onQuery),
  });
  try {
    await migrateToLatest(db, "postgres");
  } catch (e) {
    await db.destroy();
    throw e;
  }
  const revisions = holder.revisions = postgresRevisions(
    pool,
    () => new pg.Client({ connectionString: url.url, connectionTimeoutMillis: 2000, keepAlive: true }),
    { log: options.log },
  );
  return {
    db,
    dialect: "postgres",
    pool,
    revisions,
    close: async () => {
      await revisions.close();
      await db.destroy();
    },
  };
}

/** Kysely's log hook for `StoreOptions.onQuery`: each statement's kind, duration and outcome. */
function queryLog(onQuery: StoreOptions["onQuery"]): KyselyConfig["log"] {
  if (!onQuery) return undefined;
  return (event: LogEvent) => {
    // SelectQueryNode: "select"; CreateTableNode: "create_table"; RawNode: "raw".
    const kind = event.query.query.kind.replace(/(Query)?Node$/, "").replace(/(?<=.)([A-Z])/g, "_$1")
      .toLowerCase();
    onQuery(kind, event.queryDurationMillis / 1000, event.level === "error", event.query.sql);
  };
}
