/**
 * What the reliability tests spawn: the real program (`deno run <flags> main.ts`) as a subprocess on a free
 * loopback port with a temporary working directory, and a throwaway PostgreSQL 15 that a test may stop and
 * start. Everything listens on 127.0.0.1 only; every process is ended by its own id.
 */
import { fileURLToPath } from "node:url";
import { startTaskV8Flags, taskWords } from "../../bench/server.ts";
import { parseDatabaseUrl } from "../../cli/config.ts";
import { openStore, type Store } from "../../db/store.ts";
import { PATIENCE_MS } from "./wait.ts";

/** The program's entry point, by absolute path: the server runs from a temporary working directory. */
export const MAIN_PATH: string = fileURLToPath(new URL("../../main.ts", import.meta.url));

/** The repository's root folder. */
export const REPO_ROOT: string = fileURLToPath(new URL("../../", import.meta.url));

/** The Deno permission flags of a task of deno.json (`--allow-...` words of its command). */
export function taskPermissions(task: string): string[] {
  return taskWords(task).filter((word) => word.startsWith("--allow-") || word.startsWith("--deny-"));
}

/**
 * The instant a spawned server takes for now: main.ts reads the machine's clock, not TEST_NOW
 * (support/test_clock.ts), so the data such a server reads are seeded at this instant, not at the tests' clock.
 */
export function spawnedServerNow(): Date {
  return new Date();
}

/** The permissions of `deno task start`, as deno.json has them (network, a few variables, ./data only). */
export const START_PERMISSIONS: readonly string[] = taskPermissions("start");

/** The start task's permissions without any file access: what a server on PostgreSQL needs. */
export const POSTGRES_PERMISSIONS: readonly string[] = START_PERMISSIONS.filter((f) =>
  !/^--allow-(read|write)/.test(f)
);

/** How to spawn the server. */
export interface SpawnOptions {
  /** The working directory; a new temporary one when absent (removed by `dispose()`). */
  cwd?: string;
  /** DATABASE_URL; default `sqlite:./data/tournament.db` (relative to the working directory). */
  databaseUrl?: string;
  /** Deno permission flags; default those of `deno task start`. */
  permissions?: readonly string[];
  /** Program flags after the entry point; default `--no-simulate`. */
  args?: readonly string[];
  /** The entry point; default main.ts. */
  entry?: string;
  /** Longest wait for `Listening on`, in ms; default PATIENCE_MS (a safety net: a busy machine starts slowly). */
  startTimeoutMs?: number;
  /** More environment variables (`DEMO`, `SIMULATE`, ...). */
  env?: Readonly<Record<string, string>>;
}

/** A running server process. */
export interface SpawnedServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly port: number;
  readonly pid: number;
  readonly cwd: string;
  /** Resolves with the exit status once the process has ended. */
  readonly exited: Promise<Deno.CommandStatus>;
  /** Everything the process wrote so far (stdout and stderr, interleaved by arrival). */
  output(): string;
  /** Sends a signal to this process (by its id). */
  signal(signal: Deno.Signal): void;
  /** SIGTERM, then SIGKILL after `graceMs` (default PATIENCE_MS: a busy machine stops slowly); the exit status. */
  stop(graceMs?: number): Promise<Deno.CommandStatus>;
  /** Stops the process if it runs and removes the working directory when the spawn made it. */
  dispose(): Promise<void>;
}

const LISTENING = /Listening on http:\/\/[^:/]+:(\d+)\//;

async function pump(stream: ReadableStream<Uint8Array>, sink: (text: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  try {
    for await (const chunk of stream) sink(decoder.decode(chunk, { stream: true }));
  } catch {
    // The process ended while we read: what was read is kept.
  }
}

/**
 * Spawns `deno run <start task's V8 flags> <permissions> main.ts <args>` with PORT=0 and HOST=127.0.0.1 and
 * waits for its `Listening on` line; throws with the process output when it exits or does not listen in time.
 */
export async function spawnServer(options: SpawnOptions = {}): Promise<SpawnedServer> {
  const madeCwd = options.cwd === undefined;
  const cwd = options.cwd ?? await Deno.makeTempDir({ prefix: "tt-rel-" });
  const command = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      ...startTaskV8Flags(),
      ...(options.permissions ?? START_PERMISSIONS),
      options.entry ?? MAIN_PATH,
      ...(options.args ?? ["--no-simulate"]),
    ],
    cwd,
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: options.databaseUrl ?? "sqlite:./data/tournament.db",
      NO_COLOR: "1",
      ...options.env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  });
  const child = command.spawn();
  let text = "";
  const { promise: listening, resolve, reject } = Promise.withResolvers<number>();
  // A failure after a timeout must not surface as an unhandled rejection.
  listening.catch(() => {});
  const sink = (chunk: string) => {
    text += chunk;
    const m = LISTENING.exec(text);
    if (m) resolve(Number(m[1]));
  };
  const pumps = Promise.all([pump(child.stdout, sink), pump(child.stderr, sink)]);
  const exited = child.status.then(async (status) => {
    await pumps;
    reject(new Error(`The server exited (code ${status.code}) before listening:\n${text}`));
    return status;
  });
  let running = true;
  exited.then(() => running = false);
  const timeoutMs = options.startTimeoutMs ?? PATIENCE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new Error(`The server did not listen within ${timeoutMs} ms:\n${text}`)),
      timeoutMs,
    );
  });
  const signal = (sig: Deno.Signal) => {
    if (running) {
      try {
        child.kill(sig);
      } catch {
        // It ended in between.
      }
    }
  };
  const stop = async (graceMs = PATIENCE_MS) => {
    signal("SIGTERM");
    const killer = setTimeout(() => signal("SIGKILL"), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(killer);
    }
  };
  const dispose = async () => {
    await stop(2_000);
    if (madeCwd) await Deno.remove(cwd, { recursive: true }).catch(() => {});
  };
  let port: number;
  try {
    port = await Promise.race([listening, timeout]);
  } catch (e) {
    await dispose();
    throw e;
  } finally {
    clearTimeout(timer);
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    cwd,
    exited,
    output: () => text,
    signal,
    stop,
    dispose,
  };
}

/** A free TCP port on 127.0.0.1 (bound and released at once). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** Where Debian installs the PostgreSQL 15 server binaries. */
export const POSTGRES_BIN = "/usr/lib/postgresql/15/bin";

/** Whether the PostgreSQL server binaries are installed (and we can run them as the `postgres` user). */
export function hasPostgres(): boolean {
  try {
    return Deno.statSync(`${POSTGRES_BIN}/initdb`).isFile && Deno.statSync(`${POSTGRES_BIN}/pg_ctl`).isFile;
  } catch {
    return false;
  }
}

/** A throwaway PostgreSQL server of a test's own, which the test may stop and start again. */
export interface PostgresInstance {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  readonly url: string;
  readonly port: number;
  /** Stops the server (fast shutdown: clients are disconnected). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /**
   * Freezes the server and its backends (SIGSTOP, by process id): connections stay open but nothing
   * answers, as with a hung host or a network partition. `thaw()` resumes them.
   */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}

/** The server process (first line of postmaster.pid) and its children, from /proc. */
async function postgresPids(dataDir: string): Promise<number[]> {
  const main = Number((await Deno.readTextFile(`${dataDir}/postmaster.pid`)).split("\n")[0]);
  const pids = [main];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = await Deno.readTextFile(`/proc/${entry.name}/stat`);
      // The fourth field, after the command in parentheses, is the parent's id.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === main) pids.push(Number(entry.name));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

async function run(cmd: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`Cannot run "${cmd} ${args.join(" ")}" (code ${out.code}): ${text}`);
  return text;
}

/** Runs a shell line as the `postgres` user (we are root in CI) or as ourselves otherwise. */
function asPostgres(line: string): Promise<string> {
  return Deno.uid() === 0
    ? run("su", ["postgres", "-s", "/bin/sh", "-c", line])
    : run("/bin/sh", ["-c", line]);
}

/**
 * Initialises and starts a PostgreSQL 15 in a temporary folder on a free port of 127.0.0.1 (trust
 * authentication, fsync on), like .ci/start_postgres.sh.
 */
export async function startPostgres(): Promise<PostgresInstance> {
  const dir = await Deno.makeTempDir({ prefix: "tt-rel-pg-" });
  if (Deno.uid() === 0) await run("chown", ["postgres:postgres", dir]);
  await Deno.chmod(dir, 0o700);
  const port = freePort();
  await asPostgres(
    `${POSTGRES_BIN}/initdb -D '${dir}/data' -U postgres -A trust --no-sync >'${dir}/initdb.log' 2>&1`,
  );
  const start = () =>
    asPostgres(
      `${POSTGRES_BIN}/pg_ctl -D '${dir}/data' -l '${dir}/server.log' -w -o ` +
        `'-p ${port} -k ${dir} -c listen_addresses=127.0.0.1' start >/dev/null`,
    ).then(() => {});
  const stop = () =>
    asPostgres(`${POSTGRES_BIN}/pg_ctl -D '${dir}/data' -m fast -w stop >/dev/null`).then(() => {});
  await start();
  let frozen: number[] = [];
  const thaw = async () => {
    for (const pid of frozen) {
      try {
        Deno.kill(pid, "SIGCONT");
      } catch {
        // Gone already.
      }
    }
    frozen = [];
    await Promise.resolve();
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    freeze: async () => {
      frozen = await postgresPids(`${dir}/data`);
      for (const pid of frozen) Deno.kill(pid, "SIGSTOP");
    },
    thaw,
    dispose: async () => {
      await thaw();
      await stop().catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** Spawns the program (see `spawnServer`); the test that was given it disposes of every server it spawned. */
export type Spawn = (options?: SpawnOptions) => Promise<SpawnedServer>;

/** Runs `fn` with a `Spawn` whose options start from `defaults`, and disposes of what it spawned, in order. */
async function withSpawn(defaults: SpawnOptions, fn: (spawn: Spawn) => Promise<void>): Promise<void> {
  const spawned: SpawnedServer[] = [];
  try {
    await fn(async (options = {}) => {
      const server = await spawnServer({ ...defaults, ...options });
      spawned.push(server);
      return server;
    });
  } finally {
    for (const server of spawned) await server.dispose();
  }
}

/** Registers a test of the real program on SQLite: the servers it spawns are disposed of when it ends. */
export function serverTest(name: string, fn: (spawn: Spawn, t: Deno.TestContext) => Promise<void>): void {
  Deno.test({
    name,
    // The spawned servers are ended by the test itself, by their ids.
    sanitizeResources: false,
    sanitizeOps: false,
    fn: (t) => withSpawn({}, (spawn) => fn(spawn, t)),
  });
}

/**
 * Registers a test of the real program on a SQLite store in a folder of its own (named from `prefix`), which is
 * removed when the test ends; the test spawns and ends its servers itself, in that folder.
 */
export function sqliteFolderTest(name: string, prefix: string, fn: (cwd: string) => Promise<void>): void {
  Deno.test({
    name,
    // The spawned servers are ended by the test itself, by their ids.
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const cwd = await Deno.makeTempDir({ prefix });
      try {
        await fn(cwd);
      } finally {
        await Deno.remove(cwd, { recursive: true }).catch(() => {});
      }
    },
  });
}

/** What a `postgresServerTest` gets: its PostgreSQL, and a way to spawn servers on it. */
export interface PostgresTestContext {
  db: PostgresInstance;
  /** Spawns the program on `db` with the start task's flags that PostgreSQL needs (`options` may change them). */
  spawn: Spawn;
}

/**
 * Registers a test that gets a PostgreSQL server of its own (`startPostgres`); at its end the servers it spawned
 * are disposed of, then the database. Without the binaries it is registered as ignored under `skippedName`, which
 * says why.
 */
export function postgresServerTest(
  name: string,
  skippedName: string,
  fn: (ctx: PostgresTestContext, t: Deno.TestContext) => Promise<void>,
): void {
  Deno.test({
    name: hasPostgres() ? name : skippedName,
    ignore: !hasPostgres(),
    // The spawned servers and PostgreSQL's processes are ended by the test itself, by their ids.
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async (t) => {
      const db = await startPostgres();
      try {
        await withSpawn(
          { databaseUrl: db.url, permissions: POSTGRES_PERMISSIONS },
          (spawn) => fn({ db, spawn }, t),
        );
      } finally {
        await db.dispose();
      }
    },
  });
}

/**
 * Opens the SQLite store a spawned server will use (`<cwd>/data/tournament.db`, migrated), lets `fn` fill it,
 * and closes it, so that the server starts on prepared data.
 */
export function prepareSqliteStore<T>(cwd: string, fn: (store: Store) => Promise<T>): Promise<T> {
  return prepareStore(`sqlite:${cwd}/data/tournament.db`, fn);
}

/** Opens the store at `databaseUrl` (migrated), lets `fn` fill or read it, and closes it. */
export async function prepareStore<T>(databaseUrl: string, fn: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(parseDatabaseUrl(databaseUrl));
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** Writes a measured figure of a reliability test to stderr (`figure <name>: <text>`), for docs/reliability.md. */
export function reportFigure(name: string, text: string): void {
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(`figure ${name}: ${text}\n`));
  } catch {
    // A closed stderr loses the figure, not the test.
  }
}
