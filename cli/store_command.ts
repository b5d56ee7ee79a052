/**
 * What the store commands (token, draw, ratings, export) share: the usage error, and the run that parses the
 * arguments, opens the store DATABASE_URL names, runs and closes it, and turns failures into exit codes (2 for a
 * usage error, 1 for a store that cannot be opened).
 */
import { ConfigError, DEFAULT_DATABASE_URL, parseDatabaseUrl, redact } from "./config.ts";
import type { CommandIo } from "./command_io.ts";
import { openStore, type Store } from "../db/store.ts";

/** A command line that cannot be run; the message says why (and names the flag). */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Parses with `parse` (a UsageError prints `usage`, exit 2), opens the store, runs `run`, closes the store. */
export async function runWithStore<C>(
  args: readonly string[],
  env: (name: string) => string | undefined,
  io: CommandIo,
  command: {
    parse(args: readonly string[]): C;
    usage: string;
    run(store: Store, parsed: C): Promise<number>;
  },
): Promise<number> {
  let parsed: C;
  try {
    parsed = command.parse(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(e.message);
    io.err(command.usage);
    return 2;
  }
  const rawUrl = env("DATABASE_URL") ?? DEFAULT_DATABASE_URL;
  let store: Store;
  try {
    store = await openStore(parseDatabaseUrl(rawUrl));
  } catch (e) {
    io.err(
      e instanceof ConfigError
        ? e.message
        : `Cannot open the store "${redact(rawUrl)}": ${(e as Error).message}`,
    );
    return 1;
  }
  try {
    return await command.run(store, parsed);
  } finally {
    await store.close();
  }
}

/**
 * A store command as a function of its command line: `(args, env, io, now)` parses, opens the store DATABASE_URL
 * names, runs `run` on it, closes it and returns the exit code (`runWithStore`).
 */
export function storeCommand<C>(command: {
  parse(args: readonly string[]): C;
  usage: string;
  run(store: Store, parsed: C, io: CommandIo, now: Date): Promise<number>;
}) {
  return (
    args: readonly string[],
    env: (name: string) => string | undefined,
    io: CommandIo,
    now: Date = new Date(),
  ): Promise<number> =>
    runWithStore(args, env, io, {
      parse: command.parse,
      usage: command.usage,
      run: (store, parsed) => command.run(store, parsed, io, now),
    });
}

/** The exit code of what the store refuses: an error of `kind` is printed (through `message`), exit 1; others are thrown. */
export function refusalExit(
  e: unknown,
  kind: abstract new (...args: never[]) => Error,
  io: CommandIo,
  message: (text: string) => string = (text) => text,
): number {
  if (!(e instanceof kind)) throw e;
  io.err(message(e.message));
  return 1;
}
