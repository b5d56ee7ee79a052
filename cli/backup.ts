/**
 * `deno task backup [FILE]`: a consistent copy of the SQLite store, made while the server runs, through
 * SQLite's online backup API (node:sqlite `backup()`, in one step: one read transaction, so the copy is the
 * store at one instant while the server keeps writing to the WAL). The copy is checked with
 * `PRAGMA integrity_check` before it is reported. Default FILE: `data/backups/<store>-<UTC time>.db` next to
 * the store. `deno task backup --restore FILE` puts a copy back (the server must be stopped): it checks the
 * copy, replaces the store file atomically and removes the store's old `-wal`/`-shm` files, which SQLite would
 * otherwise replay onto the restored file. One line on stdout on success (exit 0); one line on stderr on a
 * problem (exit 1); usage errors exit 2. docs/reliability.md describes both.
 * @module
 */
import { backup, DatabaseSync } from "node:sqlite";
import { type CommandIo, runAsProcess } from "./command_io.ts";
import { ConfigError, DEFAULT_DATABASE_URL, denoEnv, parseDatabaseUrl, redact } from "./config.ts";

/** Where the command writes: `out` for its answer (stdout), `err` for problems (stderr). */
export type BackupIo = CommandIo;

/** The usage lines. */
export const BACKUP_USAGE = "Usage: deno task backup [FILE]  |  deno task backup --restore FILE  " +
  "(the store comes from DATABASE_URL; restore only while the server is stopped)";

/** What a backup or a restore did. */
export interface BackupResult {
  /** The file written. */
  path: string;
  bytes: number;
  /** Rows of the events table in the copy, as a sign of what it holds. */
  events: number;
  ms: number;
}

/** A backup or restore that cannot be done; the message says why. */
export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * The default backup file for a store file and a time: a `backups` folder next to the store.
 * @example defaultBackupPath("./data/tournament.db", new Date("2026-11-28T14:05:09Z")) // "./data/backups/tournament-20261128-140509.db"
 */
export function defaultBackupPath(storePath: string, now: Date): string {
  const slash = storePath.lastIndexOf("/");
  const dir = slash < 0 ? "." : storePath.slice(0, slash);
  const base = storePath.slice(slash + 1).replace(/\.db$/, "");
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${dir}/backups/${base}-${stamp}.db`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

/** Checks a database file: integrity_check must answer "ok"; returns its count of events. */
function checkCopy(path: string): number {
  const db = new DatabaseSync(path);
  try {
    const rows = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
    const verdict = rows.map((r) => r.integrity_check).join("; ");
    if (verdict !== "ok") {
      throw new BackupError(`Cannot use "${path}": integrity_check says "${verdict.slice(0, 200)}"`);
    }
    const events = db.prepare("SELECT count(*) AS n FROM events").get() as { n: number | bigint } | undefined;
    return Number(events?.n ?? 0);
  } finally {
    db.close();
  }
}

/** Copies the SQLite store at `storePath` to `destPath` (which must not exist) and checks the copy. */
export async function backupSqlite(storePath: string, destPath: string): Promise<BackupResult> {
  const t0 = performance.now();
  if (!await exists(storePath)) throw new BackupError(`Cannot back up "${storePath}": no such file`);
  if (await exists(destPath)) {
    throw new BackupError(`Cannot back up to "${destPath}": the file exists already`);
  }
  const slash = destPath.lastIndexOf("/");
  if (slash > 0) await Deno.mkdir(destPath.slice(0, slash), { recursive: true });
  const source = new DatabaseSync(storePath);
  try {
    // The server may be writing: wait for its lock instead of failing.
    source.exec("PRAGMA busy_timeout = 10000");
    // One step (-1: every page): a single read transaction, so the copy is one consistent instant and no
    // write of the server can make the copy start over.
    await backup(source, destPath, { rate: -1 });
  } catch (e) {
    await Deno.remove(destPath).catch(() => {});
    throw e;
  } finally {
    source.close();
  }
  // A single self-contained file: the copy leaves WAL mode (the server turns it on again when it opens it).
  const copy = new DatabaseSync(destPath);
  try {
    copy.exec("PRAGMA journal_mode = DELETE");
  } finally {
    copy.close();
  }
  const events = checkCopy(destPath);
  const { size } = await Deno.stat(destPath);
  return { path: destPath, bytes: size, events, ms: performance.now() - t0 };
}

/**
 * Puts the backup `fromPath` in place of the store at `storePath` (the server must be stopped): checks the
 * copy, writes it next to the store, renames it over the store and removes the store's `-wal` and `-shm`.
 */
export async function restoreSqlite(fromPath: string, storePath: string): Promise<BackupResult> {
  const t0 = performance.now();
  if (!await exists(fromPath)) throw new BackupError(`Cannot restore "${fromPath}": no such file`);
  const events = checkCopy(fromPath);
  const slash = storePath.lastIndexOf("/");
  if (slash > 0) await Deno.mkdir(storePath.slice(0, slash), { recursive: true });
  const temporary = `${storePath}.restoring`;
  await Deno.copyFile(fromPath, temporary);
  // A WAL left by the replaced store (after a crash) would be replayed onto the restored file: remove it
  // first, then swap the file in one rename.
  for (const leftover of [`${storePath}-wal`, `${storePath}-shm`]) {
    await Deno.remove(leftover).catch((e) => {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    });
  }
  await Deno.rename(temporary, storePath);
  const { size } = await Deno.stat(storePath);
  return { path: storePath, bytes: size, events, ms: performance.now() - t0 };
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

function message(e: unknown): string {
  if (e instanceof Deno.errors.PermissionDenied || (e instanceof Error && e.name === "NotCapable")) {
    return `permission denied (${e.message.split("\n")[0]}); the task may write under ./data only`;
  }
  return (e instanceof Error ? e.message : String(e)).split("\n")[0]!.trim();
}

/** Runs the command; returns the exit code. `env` looks up DATABASE_URL; `clock` names the default file. */
export async function runBackup(
  args: readonly string[],
  env: (name: string) => string | undefined,
  io: BackupIo,
  clock: () => Date = () => new Date(),
): Promise<number> {
  const restore = args[0] === "--restore";
  const rest = restore ? args.slice(1) : args;
  if (rest.length > 1 || (restore && rest.length !== 1) || rest.some((a) => a === "" || a.startsWith("-"))) {
    io.err(BACKUP_USAGE);
    return 2;
  }
  const rawUrl = env("DATABASE_URL") ?? DEFAULT_DATABASE_URL;
  let storePath: string;
  try {
    const url = parseDatabaseUrl(rawUrl);
    if (url.kind !== "sqlite") {
      io.err(
        `Cannot back up "${redact(rawUrl)}": this command copies SQLite stores; use pg_dump for PostgreSQL`,
      );
      return 1;
    }
    if (url.memory) {
      io.err(`Cannot back up "${rawUrl}": an in-memory store has no file`);
      return 1;
    }
    storePath = url.path;
  } catch (e) {
    io.err(e instanceof ConfigError ? e.message : message(e));
    return 1;
  }
  try {
    if (restore) {
      const r = await restoreSqlite(rest[0]!, storePath);
      io.out(
        `Restored "${rest[0]}" to "${storePath}" (${
          sizeText(r.bytes)
        }, ${r.events} events, integrity ok) in ` +
          `${Math.round(r.ms)} ms; start the server now`,
      );
    } else {
      const dest = rest[0] ?? defaultBackupPath(storePath, clock());
      const r = await backupSqlite(storePath, dest);
      io.out(
        `Backed up "${storePath}" to "${dest}" (${sizeText(r.bytes)}, ${r.events} events, integrity ok) in ` +
          `${Math.round(r.ms)} ms`,
      );
    }
    return 0;
  } catch (e) {
    io.err(e instanceof BackupError ? e.message : `Cannot ${restore ? "restore" : "back up"}: ${message(e)}`);
    return 1;
  }
}

if (import.meta.main) {
  await runAsProcess((io) => runBackup(Deno.args, denoEnv, io), (e) => `Cannot back up: ${message(e)}`);
}
