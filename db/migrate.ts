/** Runs the migrations; they are imported statically so that a compiled binary needs no migration files. */
import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import * as initial from "./migrations/2026_11_25_000000_initial.ts";
import type { Database } from "./schema.ts";

const MIGRATIONS: Record<string, Migration> = {
  "2026_11_25_000000_initial": initial,
};

/** Brings the store's schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot migrate the store${failed ? ` at "${failed.migrationName}"` : ""}: ${why}`);
  }
}
