/**
 * The data revision without a round trip where that is safe, so that a poll whose data did not change is
 * answered (304, or a cached body) without touching the store's tables.
 *
 * - SQLite: the revision is read from the `revisions` row through a prepared statement of node:sqlite on
 *   every call: microseconds, and always right, also when another process (an import) wrote.
 * - PostgreSQL: several instances share the store, so each keeps the revision it last saw and a LISTEN
 *   connection on `tt_revision` (a trigger notifies every committed bump, from any instance, as
 *   `schema:value`). While that connection is up and proves it with a heartbeat, the cached value is trusted, except after a write of this
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
import type { Logger } from "../lib/log.ts";
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
  /**
   * PostgreSQL: whether the LISTEN connection has proved itself (heard its heartbeat) and its notifications are
   * trusted; while it has not, every call reads the store. Absent on SQLite, which has no channel.
   */
  listening?(): boolean;
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

/** Options of the PostgreSQL revision source. */
export interface PostgresRevisionOptions {
  /** Where the channel's state changes go (one line each). */
  log?: Logger;
}

/** How often the LISTEN connection is checked: a NOTIFY on a channel of its own that it must hear. */
export const HEARTBEAT_EVERY_MS = 2000;

/** How long a heartbeat may take before the channel counts as lost (and how long a connection may take). */
export const HEARTBEAT_TIMEOUT_MS = 3000;

const SILENT: Logger = { info() {}, warn() {}, error() {} };

/**
 * PostgreSQL: LISTEN/NOTIFY with a read of the row whenever the listener is not known to be current.
 *
 * A LISTEN connection can die without a word: a NAT or load balancer drops it when idle, a transaction pooler
 * never delivers its notifications, and TCP keepalive notices only after about two hours, while the instance
 * would go on trusting its cached revision and serve old answers. So the connection must prove itself: right
 * after its LISTEN and then every 2 s it NOTIFYs a channel of its own (`tt_hb_<random>`, heard by nobody else)
 * and must hear it within 3 s. Until it has, and from a missed heartbeat until a new connection has heard one,
 * every call reads the row; the dead connection is destroyed and another made. Each change of the channel's
 * state is logged once: a silence or loss as a warning, its return with how long it lasted.
 */
export function postgresRevisions(
  pool: pg.Pool,
  newClient: () => pg.Client,
  options: PostgresRevisionOptions = {},
): RevisionSource {
  const log = options.log ?? SILENT;
  const every = HEARTBEAT_EVERY_MS;
  const timeout = HEARTBEAT_TIMEOUT_MS;
  const heartbeatChannel = `tt_hb_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  let cached: number | null = null;
  /** Until then every call reads the row, unless the cache has reached `awaited`: a local write's bump. */
  let readUntil = 0;
  /** The highest revision a statement of this process bumped to: the cache is current once it shows it. */
  let awaited = 0;
  /** The connection being made or listening, if any. */
  let connection: pg.Client | null = null;
  /** The connection has heard its latest heartbeat: its notifications can be trusted. */
  let trusted = false;
  /** The connection was made and listens (its heartbeat may still be unheard). */
  let listening = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let schema: string | null = null;
  /** Since when the channel is away (null while it is up or has not been up yet). */
  let awaySince: number | null = null;
  let everUp = false;

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

  /** Ends a connection; a silent socket would keep `end()` waiting for an answer that never comes. */
  const drop = (client: pg.Client) => {
    client.removeAllListeners("notification");
    (client as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream
      ?.destroy?.();
    client.end().catch(() => {});
  };

  /** The connection failed, closed or went silent: forget it and its cache, make another. */
  const lost = (client: pg.Client, why: string) => {
    if (client !== connection) return;
    connection = null;
    trusted = false;
    cached = null;
    clearTimeout(watchdog);
    drop(client);
    if (awaySince === null && !closed) {
      awaySince = Date.now();
      log.warn(`The revision channel ${lossLine(everUp, listening, why)}`);
    }
    scheduleConnect();
  };

  /** Sends a heartbeat the connection must hear within the timeout. */
  const beat = (client: pg.Client) => {
    if (client !== connection || closed) return;
    clearTimeout(watchdog);
    watchdog = setTimeout(() => lost(client, `no heartbeat within ${timeout} ms`), timeout);
    client.query(`NOTIFY ${heartbeatChannel}`).catch((e) => lost(client, (e as Error).message));
  };

  const heard = (client: pg.Client) => {
    if (client !== connection) return;
    clearTimeout(watchdog);
    trusted = true;
    everUp = true;
    if (awaySince !== null) {
      log.info(`The revision channel is back after ${((Date.now() - awaySince) / 1000).toFixed(1)} s`);
      awaySince = null;
    }
    watchdog = setTimeout(() => beat(client), every);
  };

  const connect = () => {
    if (closed) return;
    const client = newClient();
    connection = client;
    listening = false;
    // Connecting through a silent network would wait forever too.
    watchdog = setTimeout(() => lost(client, `no connection within ${timeout} ms`), timeout);
    client.on("error", (e) => lost(client, e.message));
    client.on("end", () => lost(client, "the connection was closed"));
    client.on("notification", (msg) => {
      if (msg.channel === heartbeatChannel) return heard(client);
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
      .then(() => client.query(`LISTEN ${heartbeatChannel}`))
      .then(async () => {
        if (closed || client !== connection) return void client.end().catch(() => {});
        listening = true;
        // Read after LISTEN: a bump committed in between is then either read here or notified.
        cached = await read().catch(() => null);
        beat(client);
      })
      .catch((e) => lost(client, (e as Error).message));
  };
  connect();

  return {
    listening: () => trusted,
    async current() {
      if (trusted && cached !== null && (cached >= awaited || Date.now() >= readUntil)) {
        return cached;
      }
      const value = await read();
      if (trusted && (cached === null || value > cached)) cached = value;
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
      clearTimeout(retry);
      clearTimeout(watchdog);
      const c = connection;
      connection = null;
      trusted = false;
      if (!c) return;
      // A graceful end, unless the connection is silent.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([c.end().catch(() => {}), new Promise((r) => timer = setTimeout(r, 1000))]);
      clearTimeout(timer);
      drop(c);
    },
  };
}

/**
 * The warning of a channel lost or never up, which says what was seen: a connection not made (the database away
 * or slow to start), one that listens but never hears its own heartbeat (a transaction pooler, or a database too
 * busy to answer in time), or one that was up and went silent.
 */
function lossLine(everUp: boolean, listening: boolean, why: string): string {
  const fallback = "reading the revision from the store on every request until it is back";
  if (everUp) return `went silent (${why}): ${fallback}`;
  if (!listening) {
    return `could not connect (${why}): ${fallback}; check that the database is up and reachable from here ` +
      `with DATABASE_URL`;
  }
  return `does not carry notifications (${why}): ${fallback}; it connected and listens but never heard its own ` +
    `heartbeat, as behind a transaction pooler (PgBouncer in transaction mode, a provider's pooler port: use a ` +
    `direct connection or a session pooler, docs/deploy.md) or with a database too busy to answer in time`;
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
