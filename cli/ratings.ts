/**
 * `deno task ratings rebuild`: rebuilds every rating from the priors and the history of rated matches, in the
 * store DATABASE_URL names, in one transaction (with a revision bump, so that caches see it). The same history
 * always gives the same ratings; the write path does this by itself after a correction of a decided match, so
 * the command is for audits and for repairing a store changed by hand.
 * @module
 */
import { DEFAULT_DATABASE_URL, denoEnv, parseDatabaseUrl, redact } from "./config.ts";
import { printLine } from "./log.ts";
import { rebuildRatings } from "../db/ratings_store.ts";
import { bumpRevision } from "../db/revision.ts";
import { openStore, type Store } from "../db/store.ts";

/** Rebuilds the ratings of a store; returns the number of rated players and matches. */
export async function rebuildAll(store: Store, now: Date): Promise<{ players: number; matches: number }> {
  return await store.db.transaction().execute(async (trx) => {
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
export async function runRatings(args: readonly string[], env: (name: string) => string | undefined) {
  if (args.length !== 1 || args[0] !== "rebuild") {
    printLine("Usage: deno task ratings rebuild   (the store comes from DATABASE_URL)");
    return 2;
  }
  const raw = env("DATABASE_URL") ?? DEFAULT_DATABASE_URL;
  let store: Store;
  try {
    store = await openStore(parseDatabaseUrl(raw));
  } catch (e) {
    printLine(`Cannot open DATABASE_URL "${redact(raw)}": ${(e as Error).message}`);
    return 1;
  }
  try {
    const { players, matches } = await rebuildAll(store, new Date());
    printLine(`Rebuilt the ratings of ${players} players from ${matches} rated matches`);
    return 0;
  } finally {
    await store.close();
  }
}

if (import.meta.main) Deno.exit(await runRatings(Deno.args, denoEnv));
