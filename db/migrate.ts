/** Runs the migrations; they are imported statically so that a compiled binary needs no migration files. */
import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import * as initial from "./migrations/2026_11_25_000000_initial.ts";
import * as revisionNotify from "./migrations/2026_11_25_000001_revision_notify.ts";
import type { Database } from "./schema.ts";

const MIGRATIONS: Record<string, Migration> = {
  "2026_11_25_000000_initial": initial,
  "2026_11_25_000001_revision_notify": revisionNotify,
};

/** Brings the store's schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, dialect: "sqlite" | "postgres"): Promise<void> {
  // Kysely looks for its bookkeeping tables in any schema unless told which: name the current one on
  // PostgreSQL, so that stores in several schemas of one database (tests, tenants) do not see each other's.
  const schema = dialect === "postgres"
    ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
    : undefined;
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot migrate the store${failed ? ` at "${failed.migrationName}"` : ""}: ${why}`);
  }
}
