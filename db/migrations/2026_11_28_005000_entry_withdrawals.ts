/**
 * When an entry withdrew from its category after the draw (db/entry_writes.ts): null while it plays on. A
 * withdrawn entry keeps its row, so that its matches (walkovers from then on) still name it; the group standings
 * follow domain/withdrawal.ts.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("entries").addColumn("withdrawn_at", "text").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("entries").dropColumn("withdrawn_at").execute();
}
