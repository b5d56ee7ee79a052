/**
 * `deno task ratings rebuild`: rebuilds every rating from the priors and the history of rated matches, in the
 * store DATABASE_URL names, in one transaction (with a revision bump, so that caches see it). The same history
 * always gives the same ratings; the write path does this by itself after a correction of a decided match, so
 * the command is for audits and for repairing a store changed by hand.
 * @module
 */
import { denoEnv } from "./config.ts";
import { type CommandIo, STANDARD_IO } from "./command_io.ts";
import { runWithStore, UsageError } from "./store_command.ts";
import { rebuildRatings } from "../db/ratings_store.ts";
import { bumpRevision } from "../db/revision.ts";
import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/write_transaction.ts";

/** Rebuilds the ratings of a store; returns the number of rated players and matches. */
export async function rebuildAll(store: Store, now: Date): Promise<{ players: number; matches: number }> {
  return await writeTransaction(store.db, async (trx) => {
    await rebuildRatings(trx, now.toISOString());
    await bumpRevision(trx);
    const players = await trx.selectFrom("ratings").select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const matches = await trx.selectFrom("rating_history").select((eb) =>
      eb.fn.count<number>("match_id").distinct().as("n")
    )
      .executeTakeFirstOrThrow();
    return { players: Number(players.n), matches: Number(matches.n) };
  });
}

/** Runs the command; returns the exit code. */
export function runRatings(
  args: readonly string[],
  env: (name: string) => string | undefined,
  io: CommandIo = STANDARD_IO,
): Promise<number> {
  return runWithStore(args, env, io, {
    parse: (a) => {
      if (a.length !== 1 || a[0] !== "rebuild") throw new UsageError(`Unexpected arguments "${a.join(" ")}"`);
      return "rebuild" as const;
    },
    usage: "Usage: deno task ratings rebuild   (the store comes from DATABASE_URL)",
    run: async (store) => {
      const { players, matches } = await rebuildAll(store, new Date());
      io.out(`Rebuilt the ratings of ${players} players from ${matches} rated matches`);
      return 0;
    },
  });
}

if (import.meta.main) Deno.exit(await runRatings(Deno.args, denoEnv));
