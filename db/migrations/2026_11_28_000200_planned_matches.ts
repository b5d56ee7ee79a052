/**
 * Whether a match's table and time were given by a plan the desk kept (views/order_of_play.ts, db/plan_writes.ts)
 * rather than by hand: planning again may move a planned match until it is called or started, never one the desk
 * placed itself.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("matches").addColumn("planned", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("matches").dropColumn("planned").execute();
}
