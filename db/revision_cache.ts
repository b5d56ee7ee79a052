/**
 * The data revision without a round trip where that is safe, so that a poll whose data did not change is
 * answered (304, or a cached body) without touching the store's tables.
 *
 * - SQLite: the revision is read from the `revisions` row through a prepared statement of node:sqlite on
 *   every call: microseconds, and always right, also when another process (an import) wrote.
 * - PostgreSQL: several instances share the store, so each keeps the revision it last saw and a LISTEN
 *   connection on `tt_revision` (a trigger notifies every committed bump, from any instance, as
 *   `schema:value`). While that connection is up the cached value is trusted, except after a write of this
 *   process until its own bump is known to be current (its notification may arrive a moment after the
 *   write's answer, and the next poll must see it): then, and whenever the connection is down, every call
 *   reads the row. The bump's value comes back from the write's statement, so the window closes as soon as
 *   the notification (or a read) shows it, a few milliseconds after the commit, instead of lasting a second:
 *   with 10 points a second a fixed window would send every poll to the database.
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { TableNode } from "kysely";
import type pg from "pg";
import type { CachingSqliteDatabase } from "./sqlite_adapter.ts";

export const REVISION_CHANNEL = "tt_revision";

/** Where the current global revision comes from. */
export interface RevisionSource {
  /** The global revision now. */
  current(): Promise<number>;
  /**
   * A statement of this process bumped the revision (to `value`, when it returned it); it commits later, and
   * until that value is known to be committed, calls read the store.
   */
  invalidate(value?: number): void;
  close(): Promise<void>;
}

/** SQLite: a prepared single-row read per call. */
export function sqliteRevisions(sqlite: CachingSqliteDatabase): RevisionSource {
  const stmt = sqlite.committed.prepare("SELECT value FROM revisions WHERE scope = 'global'");
  return {
    current: () => {
      const row = stmt.get() as { value: number | bigint } | undefined;
      return Promise.resolve(Number(row?.value ?? 0));
    },
    invalidate() {},
    close: () => Promise.resolve(),
  };
}

/** PostgreSQL: LISTEN/NOTIFY with a read of the row whenever the listener is not known to be current. */
export function postgresRevisions(pool: pg.Pool, newClient: () => pg.Client): RevisionSource {
  let cached: number | null = null;
  /** Until then every call reads the row, unless the cache has reached `awaited`: a local write's bump. */
  let readUntil = 0;
  /** The highest revision a statement of this process bumped to: the cache is current once it shows it. */
  let awaited = 0;
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let schema: string | null = null;

  const read = async (): Promise<number> => {
    const r = await pool.query<{ value: number }>("SELECT value FROM revisions WHERE scope = 'global'");
    return Number(r.rows[0]?.value ?? 0);
  };

  const scheduleConnect = () => {
    if (closed || retry !== undefined) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, 1000);
  };

  const connect = () => {
    if (closed) return;
    const client = newClient();
    const lost = () => {
      if (listener === client) listener = null;
      cached = null;
      client.removeAllListeners("notification");
      client.end().catch(() => {});
      scheduleConnect();
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (msg) => {
      // The channel is shared by every schema of the database: take only this store's own bumps.
      const [from, raw] = (msg.payload ?? "").split(":");
      if (from !== schema) return;
      const value = Number(raw);
      if (Number.isFinite(value) && (cached === null || value > cached)) cached = value;
    });
    client.connect()
      .then(() => client.query<{ s: string }>("SELECT current_schema() AS s"))
      .then((r) => {
        schema = r.rows[0]?.s ?? null;
        return client.query(`LISTEN ${REVISION_CHANNEL}`);
      })
      .then(async () => {
        if (closed) return void client.end().catch(() => {});
        listener = client;
        // Read after LISTEN: a bump committed in between is then either read here or notified.
        cached = await read().catch(() => null);
      })
      .catch(lost);
  };
  connect();

  return {
    async current() {
      if (listener !== null && cached !== null && (cached >= awaited || Date.now() >= readUntil)) {
        return cached;
      }
      const value = await read();
      if (listener !== null && (cached === null || value > cached)) cached = value;
      return value;
    },
    invalidate(value) {
      readUntil = Date.now() + LOCAL_WRITE_WINDOW_MS;
      // A bump whose value is not known (a statement without RETURNING) keeps the reads going for the window.
      // A known value replaces it: the row is locked from a bump to its commit, so a later bump's value is
      // higher than any earlier one's.
      if (value === undefined) awaited = Infinity;
      else if (awaited === Infinity || value > awaited) awaited = value;
    },
    async close() {
      closed = true;
      if (retry !== undefined) clearTimeout(retry);
      const l = listener;
      listener = null;
      await l?.end().catch(() => {});
    },
  };
}

/** How long after a local write the revision is read from the store instead of the cache. */
const LOCAL_WRITE_WINDOW_MS = 1000;

/**
 * A Kysely plugin that tells the revision source about every bump of the revisions made by this process, with
 * the bumped value when the statement returns it (db/revision.ts `bumpRevision` does), when the statement
 * answers: before its transaction commits, so before the write's answer is sent, and no write path can forget it.
 */
export class RevisionWritePlugin implements KyselyPlugin {
  readonly #bumps = new WeakSet<PluginTransformQueryArgs["queryId"]>();
  constructor(private readonly onWrite: (value?: number) => void) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === "UpdateQueryNode") {
      const table = node.table;
      if (table && TableNode.is(table) && table.table.identifier.name === "revisions") {
        this.#bumps.add(args.queryId);
      }
    }
    return node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#bumps.has(args.queryId)) {
      const value = Number(args.result.rows[0]?.value);
      this.onWrite(Number.isFinite(value) ? value : undefined);
    }
    return Promise.resolve(args.result);
  }
}
