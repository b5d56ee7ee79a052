/**
 * An idempotency key keeps the fingerprint of the request it was first sent with (db/idempotency_keys.ts), so
 * that the same key with another request is refused (422) instead of answered as a repeat. A key stored
 * before has none (null) and is answered as a repeat, as it was; it expires within a week.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("idempotency_keys").addColumn("request", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("idempotency_keys").dropColumn("request").execute();
}
