/**
 * `deno task export SLUG > FILE`: the event as an import file (docs/import-format.md, event_file/export.ts) on
 * stdout, to move it to another store, archive it, or mend it and import it again. Exit 0 with the file; 1 (one
 * line on stderr) when there is no such event or the store cannot be opened; 2 on a usage error.
 * @module
 */
import { denoEnv } from "./config.ts";
import { type CommandIo, STANDARD_IO } from "./command_io.ts";
import { runWithStore, UsageError } from "./store_command.ts";
import { exportEvent } from "../event_file/export.ts";

/** The usage line. */
export const EXPORT_USAGE = "Usage: deno task export SLUG > FILE  (the store comes from DATABASE_URL)";

/** Runs the command; returns the exit code. */
export function runExport(
  args: readonly string[],
  env: (name: string) => string | undefined,
  io: CommandIo,
): Promise<number> {
  return runWithStore(args, env, io, {
    usage: EXPORT_USAGE,
    parse(args) {
      if (args.length !== 1 || args[0] === "" || args[0]!.startsWith("-")) {
        throw new UsageError(
          args.length === 0 ? "Missing the event's slug" : `Expected one slug, got "${args.join(" ")}"`,
        );
      }
      return args[0]!;
    },
    async run(store, slug) {
      const file = await exportEvent(store.db, slug);
      if (!file) {
        io.err(`Cannot export "${slug}": no event has this slug`);
        return 1;
      }
      io.out(JSON.stringify(file, null, 2));
      return 0;
    },
  });
}

if (import.meta.main) Deno.exit(await runExport(Deno.args, denoEnv, STANDARD_IO));
