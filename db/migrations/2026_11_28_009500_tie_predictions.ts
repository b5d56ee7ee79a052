/**
 * The frozen prediction of each tie (db/tie_predictions.ts): the probability that the home team wins, with its
 * interval and confidence, from the frozen predictions of the tie's matches when its line-ups are published (they
 * cannot change once the tie begins), gone with the tie.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("tie_predictions")
    .addColumn("tie_id", "text", (c) => c.primaryKey().references("ties.match_id").onDelete("cascade"))
    .addColumn("p_home", "double precision", (c) => c.notNull())
    .addColumn("ci_low", "double precision", (c) => c.notNull())
    .addColumn("ci_high", "double precision", (c) => c.notNull())
    .addColumn("confidence_label", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tie_predictions").execute();
}
