/**
 * Corrections of finished games keep their order among the points, so that undo takes back the last action, a
 * correction as well as a point (domain/scoring.ts `undoLastAction`): every correction is kept (`seq`, the
 * order made; the last one of a game is in force) with the number of points recorded when it was made
 * (`after_points`). The table was keyed by game, one correction each; it is rebuilt, as SQLite cannot change
 * a primary key. A correction made before keeps its place by game and a null `after_points`: undo counts it
 * as made when its game ended.
 */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("game_corrections_ordered")
    .addColumn("match_id", "text", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("game", "integer", (c) => c.notNull())
    .addColumn("home", "integer", (c) => c.notNull())
    .addColumn("away", "integer", (c) => c.notNull())
    .addColumn("after_points", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("game_corrections_seq_pk", ["match_id", "seq"])
    .execute();
  await db.insertInto("game_corrections_ordered")
    .columns(["match_id", "seq", "game", "home", "away", "created_at"])
    .expression(
      db.selectFrom("game_corrections").select([
        "match_id",
        "game as seq",
        "game",
        "home",
        "away",
        "created_at",
      ]),
    )
    .execute();
  await db.schema.dropTable("game_corrections").execute();
  await db.schema.alterTable("game_corrections_ordered").renameTo("game_corrections").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("game_corrections_by_game")
    .addColumn("match_id", "text", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addColumn("game", "integer", (c) => c.notNull())
    .addColumn("home", "integer", (c) => c.notNull())
    .addColumn("away", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("game_corrections_pk", ["match_id", "game"])
    .execute();
  // The correction in force of each game: the last one made.
  await db.insertInto("game_corrections_by_game")
    .columns(["match_id", "game", "home", "away", "created_at"])
    .expression(
      db.selectFrom("game_corrections as c").select([
        "c.match_id",
        "c.game",
        "c.home",
        "c.away",
        "c.created_at",
      ])
        .where(({ eb, selectFrom }) =>
          eb(
            "c.seq",
            "=",
            selectFrom("game_corrections as l").select(({ fn }) => fn.max("l.seq").as("seq"))
              .whereRef("l.match_id", "=", "c.match_id").whereRef("l.game", "=", "c.game"),
          )
        ),
    )
    .execute();
  await db.schema.dropTable("game_corrections").execute();
  await db.schema.alterTable("game_corrections_by_game").renameTo("game_corrections").execute();
}
