/**
 * What the producer's standings and bracket graphics show (domain/stream_state.ts `StreamPicks`): the group and
 * its category, and the knockout category; null for the event's first.
 */
import type { Kysely } from "kysely";

const COLUMNS = ["standings_category_id", "standings_group_id", "bracket_category_id"];

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable("stream_states").addColumn(column, "text").execute();
  }
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("stream_states").dropColumn(column).execute();
}
