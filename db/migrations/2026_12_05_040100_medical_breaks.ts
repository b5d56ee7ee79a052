/**
 * Medical breaks the umpire records (issue 49, Regulation 3.4.2.3: a suspension for a player temporarily
 * incapacitated by an accident, up to 10 minutes): the side, the game, when it began and ended, and an optional
 * reason. Kept apart from the umpire's incidents (`match_incidents`), which the score's replay reads: a medical
 * break changes no score, service or end.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("medical_breaks")
    .addColumn("match_id", "text", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("side", "text", (c) => c.notNull())
    .addColumn("game_number", "integer")
    .addColumn("ended_at", "text")
    .addColumn("reason", "text")
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("medical_breaks_pk", ["match_id", "started_at"])
    .execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("medical_breaks").execute();
}
