/**
 * Team events (docs/teams.md): a category of kind "team" plays its format (`team_format`: a format's name, or a
 * custom format as JSON). A team is an entry of the category (so the draw, groups and knockout treat it as any
 * entry) whose `teams` row gives its name and association; its players are `team_members`. What two teams play in
 * a group or knockout match is a tie: `ties` holds the format and both line-ups of that match (keyed by its id),
 * and the individual matches of the tie are matches of the category with `stage` "tie", `tie_id` (the tie's
 * match), `tie_order`, `tie_match_type` ("singles" or "doubles") and `tie_stage` (the
 * tie's stage, which the public answer shows), between entries that play for a team (`entries.team_entry_id`).
 */
import type { Kysely } from "kysely";

/** A table of a category's rows keyed by the row they add to (an entry, a match), gone with it. */
// deno-lint-ignore no-explicit-any
function categoryPart(db: Kysely<any>, table: string, key: string, references: string) {
  return db.schema.createTable(table)
    .addColumn(key, "text", (c) => c.primaryKey().references(references).onDelete("cascade"))
    .addColumn("subevent_id", "text", (c) => c.notNull().references("subevents.id").onDelete("cascade"));
}

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subevents").addColumn("team_format", "text").execute();
  await categoryPart(db, "teams", "entry_id", "entries.id")
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("association", "text")
    .execute();
  await db.schema.createIndex("teams_subevent_idx").on("teams").column("subevent_id").execute();
  await db.schema.createTable("team_members")
    .addColumn("team_entry_id", "text", (c) => c.notNull().references("entries.id").onDelete("cascade"))
    .addColumn("player_id", "text", (c) => c.notNull().references("players.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("team_members_pk", ["team_entry_id", "player_id"])
    .execute();
  await db.schema.alterTable("entries").addColumn("team_entry_id", "text").execute();
  await categoryPart(db, "ties", "match_id", "matches.id")
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("home_lineup", "text")
    .addColumn("away_lineup", "text")
    .addColumn("lineup_published_at", "text")
    .execute();
  await db.schema.createIndex("ties_subevent_idx").on("ties").column("subevent_id").execute();
  await db.schema.alterTable("matches").addColumn("tie_id", "text").execute();
  await db.schema.alterTable("matches").addColumn("tie_order", "integer").execute();
  await db.schema.alterTable("matches").addColumn("tie_match_type", "text").execute();
  await db.schema.alterTable("matches").addColumn("tie_stage", "text").execute();
  await db.schema.createIndex("matches_tie_idx").on("matches").column("tie_id").execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("matches_tie_idx").execute();
  await db.schema.alterTable("matches").dropColumn("tie_stage").execute();
  await db.schema.alterTable("matches").dropColumn("tie_match_type").execute();
  await db.schema.alterTable("matches").dropColumn("tie_order").execute();
  await db.schema.alterTable("matches").dropColumn("tie_id").execute();
  await db.schema.dropTable("ties").execute();
  await db.schema.alterTable("entries").dropColumn("team_entry_id").execute();
  await db.schema.dropTable("team_members").execute();
  await db.schema.dropTable("teams").execute();
  await db.schema.alterTable("subevents").dropColumn("team_format").execute();
}
