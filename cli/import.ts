/**
 * `deno task import [--replace] FILE`: validates an event file (docs/import-format.md) and loads it into the
 * store that DATABASE_URL names (default: the SQLite file under ./data). One summary line on success (exit 0); on
 * a problem, one `FILE: path: message` line per problem on stderr (exit 1), never a stack trace. A file that would
 * remove or change what the desk made on the event in the store (entries, draws, results, withdrawals:
 * event_file/import_losses.ts) is not imported without `--replace`: each loss is named (exit 1). Usage errors
 * exit 2.
 * @module
 */
import { type CommandIo, runAsProcess } from "./command_io.ts";
import { ConfigError, DEFAULT_DATABASE_URL, denoEnv, parseDatabaseUrl, redact } from "./config.ts";
import { ImportError, importEvent, type ImportResult } from "../event_file/import.ts";
import type { ImportProblem } from "../event_file/format.ts";
import { parseEventFile } from "../event_file/validate.ts";
import { importLosses } from "../event_file/import_losses.ts";
import { openStore, type Store } from "../db/store.ts";

/** Where the command writes: `out` for its answer (stdout), `err` for problems (stderr). */
export type ImportIo = CommandIo;

/** The usage line. */
export const IMPORT_USAGE =
  "Usage: deno task import [--replace] FILE  (the store comes from DATABASE_URL; --replace lets the file " +
  "remove or change what the desk made)";

/**
 * The largest file the command reads: 64 MiB. A real event is far smaller (a championship of 500 players and
 * 2,000 matches is under 1 MiB, the HTTP import's limit), and a generated file tens of times larger still
 * imports. The limit keeps `deno task import /dev/zero` from reading until memory runs out.
 */
export const MAX_IMPORT_FILE_BYTES = 64 * 1024 * 1024;

/** What tests may change: the largest file read, in bytes (default `MAX_IMPORT_FILE_BYTES`). */
export interface ImportOptions {
  maxFileBytes?: number;
}

/**
 * A problem as the command prints it: `FILE: path: message`, or `FILE: message` for the whole file.
 * @example formatProblem("a.json", { path: "event.slug", message: "Required field is missing" }) // "a.json: event.slug: Required field is missing"
 */
export function formatProblem(file: string, problem: ImportProblem): string {
  return problem.path === "" ? `${file}: ${problem.message}` : `${file}: ${problem.path}: ${problem.message}`;
}

/** The summary line of a successful import. */
export function summaryLine(slug: string, result: ImportResult): string {
  const c = result.counts;
  if (!result.changed) {
    return `Unchanged "${slug}" (event ${result.eventId}): the store already holds this file`;
  }
  return `Imported "${slug}" (event ${result.eventId}): ${c.categories} categories, ${c.players} players, ` +
    `${c.entries} entries, ${c.groups} groups, ${c.matches} matches`;
}

/** Runs the command; returns the exit code. `env` looks up DATABASE_URL; `clock` gives the import time. */
export async function runImport(
  args: readonly string[],
  env: (name: string) => string | undefined,
  io: ImportIo,
  clock: () => Date = () => new Date(),
  options: ImportOptions = {},
): Promise<number> {
  const replace = args.includes("--replace");
  const rest = args.filter((a) => a !== "--replace");
  if (rest.length !== 1 || rest[0] === "" || rest[0] === "--help" || rest[0] === "-h") {
    io.err(IMPORT_USAGE);
    return 2;
  }
  const path = rest[0]!;
  let text: string;
  try {
    // Fatal decoding: a file in another encoding is named as such instead of failing as odd JSON.
    text = new TextDecoder("utf-8", { fatal: true }).decode(
      await readLimited(path, options.maxFileBytes ?? MAX_IMPORT_FILE_BYTES),
    );
  } catch (e) {
    io.err(`${path}: Cannot read the file: ${readFailure(e)}`);
    return 1;
  }
  const parsed = await parseEventFile(text);
  if (!parsed.ok) {
    for (const problem of parsed.errors) io.err(formatProblem(path, problem));
    return 1;
  }
  let store: Store | undefined;
  const rawUrl = env("DATABASE_URL") ?? DEFAULT_DATABASE_URL;
  try {
    store = await openStore(parseDatabaseUrl(rawUrl));
  } catch (e) {
    const reason = e instanceof ConfigError
      ? e.message
      : `Cannot open the store "${redact(rawUrl)}": ${message(e)}`;
    io.err(`${path}: ${reason}`);
    return 1;
  }
  try {
    // What the desk made that the file would drop is said by name, and kept unless told to replace it.
    const losses = replace ? [] : await importLosses(store.db, parsed.file);
    if (losses.length > 0) {
      for (const loss of losses) io.err(`${path}: ${loss}`);
      io.err(
        `${path}: Nothing was imported: the store's "${parsed.file.event.slug}" holds what the file would ` +
          `remove or change (above); give --replace to import it anyway`,
      );
      return 1;
    }
    const result = await importEvent(store, parsed.file, clock);
    for (const warning of result.warnings) io.err(formatProblem(path, warning));
    io.out(summaryLine(parsed.file.event.slug, result));
    return 0;
  } catch (e) {
    if (e instanceof ImportError) {
      for (const problem of e.problems) io.err(formatProblem(path, problem));
    } else {
      io.err(`${path}: Cannot import the event: ${message(e)}`);
    }
    return 1;
  } finally {
    await store.close().catch(() => {});
  }
}

/** A file over the limit; `size` is null for a stream (a device, a FIFO) whose size is not known. */
class FileTooLarge extends Error {
  override name = "FileTooLarge";
  constructor(readonly size: number | null, readonly limit: number) {
    const limitText = limit % MIB === 0 ? `${limit / MIB} MiB (${limit} bytes)` : `${limit} bytes`;
    super(
      size === null
        ? `it has more than the limit of ${limitText}`
        : `it has ${size} bytes, more than the limit of ${limitText}`,
    );
  }
}

const MIB = 1024 * 1024;

/**
 * The file's bytes, at most `limit` of them: a regular file over the limit is refused by its size, unread; any
 * other file (a device, a FIFO) is read only until it passes the limit.
 */
async function readLimited(path: string, limit: number): Promise<Uint8Array> {
  using file = await Deno.open(path, { read: true });
  const info = await file.stat();
  if (info.isDirectory) throw new Deno.errors.IsADirectory(path);
  if (info.isFile && info.size > limit) throw new FileTooLarge(info.size, limit);
  const parts: Uint8Array[] = [];
  let total = 0;
  while (total <= limit) {
    // One byte past the limit is enough to know the file is over it.
    const part = new Uint8Array(Math.min(MIB, limit + 1 - total));
    const read = await file.read(part);
    if (read === null) break;
    parts.push(part.subarray(0, read));
    total += read;
  }
  // A regular file may have grown since its size was read: then its size is not known either.
  if (total > limit) throw new FileTooLarge(null, limit);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

function readFailure(e: unknown): string {
  if (e instanceof FileTooLarge) return e.message;
  if (e instanceof Deno.errors.NotFound) return "no such file";
  if (e instanceof Deno.errors.IsADirectory) return "it is a directory";
  if (e instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (e instanceof TypeError || e instanceof Deno.errors.InvalidData) return "it is not UTF-8 text";
  return message(e);
}

function message(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  // One line: driver messages may span several.
  return text.split("\n")[0]!.trim();
}

if (import.meta.main) {
  await runAsProcess((io) => runImport(Deno.args, denoEnv, io), (e) => `Cannot import: ${message(e)}`);
}
