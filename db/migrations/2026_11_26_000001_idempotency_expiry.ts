/**
 * Idempotency keys expire (db/idempotency_keys.ts): an index on their creation time lets each write find the
 * expired ones without reading the table.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("idempotency_keys_created_idx").ifNotExists().on("idempotency_keys")
    .column("created_at").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("idempotency_keys_created_idx").ifExists().execute();
}
