/**
 * The umpire's actions besides rallies (domain/match_replay.ts): time-outs, cards, the expedite system and the
 * doubles order of a game are kept in `match_incidents`, each with its place among the points (`after_points`)
 * and the match revision it made (`action_no`), which orders it against the corrections (they gain the same
 * column; null on a correction made before, which came before every incident). On the match: the umpire's
 * choices at the start (`umpire_setup`: the side on the left, the doubles first server and receiver), what the
 * replay says of them for the public answer (`umpire`), and the device that scores it (`scorer_*`).
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("match_incidents")
    .addColumn("match_id", "text", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("after_points", "integer", (c) => c.notNull())
    .addColumn("action_no", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("match_incidents_pk", ["match_id", "seq"])
    .execute();
  await db.schema.alterTable("game_corrections").addColumn("action_no", "integer").execute();
  for (const column of ["umpire_setup", "umpire", "scorer_device", "scorer_label", "scorer_since"]) {
    await db.schema.alterTable("matches").addColumn(column, "text").execute();
  }
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["scorer_since", "scorer_label", "scorer_device", "umpire", "umpire_setup"]) {
    await db.schema.alterTable("matches").dropColumn(column).execute();
  }
  await db.schema.alterTable("game_corrections").dropColumn("action_no").execute();
  await db.schema.dropTable("match_incidents").execute();
}
