/** The initial schema, the same for SQLite and PostgreSQL. */
import type { Kysely } from "kysely";

// deno-lint-ignore no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("venue", "text", (c) => c.notNull())
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("poster_url", "text")
    .addColumn("revision", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("source_hash", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_status_idx").on("events").columns(["status", "start_date"]).execute();

  await db.schema.createTable("subevents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("best_of", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("group_size", "integer")
    .addColumn("qualifiers_per_group", "integer")
    .addColumn("draw_state", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("draw_seed", "text")
    .addColumn("draw_size", "integer")
    .addUniqueConstraint("subevents_event_code_uq", ["event_id", "code"])
    .execute();

  await db.schema.createTable("players")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("association", "text")
    .addColumn("federation_id", "text")
    .addColumn("email", "text")
    .addColumn("birth_date", "text")
    .addColumn("prior_rating", "double precision")
    .addColumn("prior_deviation", "double precision")
    .addColumn("prior_match_count", "integer")
    .addColumn("listed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.createTable("entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subevent_id", "text", (c) => c.notNull().references("subevents.id").onDelete("cascade"))
    .addColumn("player1_id", "text", (c) => c.notNull().references("players.id"))
    .addColumn("player2_id", "text", (c) => c.references("players.id"))
    .addColumn("seed", "integer")
    .execute();
  await db.schema.createIndex("entries_subevent_idx").on("entries").column("subevent_id").execute();

  await db.schema.createTable("groups")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subevent_id", "text", (c) => c.notNull().references("subevents.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("groups_subevent_idx").on("groups").column("subevent_id").execute();

  await db.schema.createTable("group_members")
    .addColumn("group_id", "text", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("lot", "integer")
    .addPrimaryKeyConstraint("group_members_pk", ["group_id", "entry_id"])
    .execute();

  await db.schema.createTable("draw_slots")
    .addColumn("subevent_id", "text", (c) => c.notNull().references("subevents.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("entry_id", "text", (c) => c.references("entries.id"))
    .addColumn("is_bye", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("qualifier_group", "integer")
    .addColumn("qualifier_place", "integer")
    .addPrimaryKeyConstraint("draw_slots_pk", ["subevent_id", "position"])
    .execute();

  await db.schema.createTable("matches")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("subevent_id", "text", (c) => c.notNull().references("subevents.id").onDelete("cascade"))
    .addColumn("stage", "text", (c) => c.notNull())
    .addColumn("group_id", "text", (c) => c.references("groups.id"))
    .addColumn("round_no", "integer", (c) => c.notNull())
    .addColumn("bracket_pos", "integer", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("home_entry_id", "text", (c) => c.references("entries.id"))
    .addColumn("away_entry_id", "text", (c) => c.references("entries.id"))
    .addColumn("table_no", "integer")
    .addColumn("scheduled_at", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("result_reason", "text")
    .addColumn("retirement_after_game", "integer")
    .addColumn("winner_entry_id", "text", (c) => c.references("entries.id"))
    .addColumn("best_of", "integer", (c) => c.notNull())
    .addColumn("first_server", "text")
    .addColumn("games", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("current_home", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("current_away", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("server", "text")
    .addColumn("revision", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("started_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("matches_subevent_order_idx").on("matches")
    .columns(["subevent_id", "stage", "round_no", "bracket_pos"]).execute();
  await db.schema.createIndex("matches_event_status_idx").on("matches").columns(["event_id", "status"])
    .execute();
  // The per-category status counts of an event page group by category within the event.
  await db.schema.createIndex("matches_event_subevent_status_idx").on("matches")
    .columns(["event_id", "subevent_id", "status"]).execute();

  await db.schema.createTable("match_points")
    .addColumn("match_id", "text", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("side", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("match_points_pk", ["match_id", "seq"])
    .execute();

  await db.schema.createTable("game_corrections")
    .addColumn("match_id", "text", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addColumn("game", "integer", (c) => c.notNull())
    .addColumn("home", "integer", (c) => c.notNull())
    .addColumn("away", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("game_corrections_pk", ["match_id", "game"])
    .execute();

  await db.schema.createTable("ratings")
    .addColumn("player_id", "text", (c) => c.primaryKey().references("players.id").onDelete("cascade"))
    .addColumn("rating", "double precision", (c) => c.notNull())
    .addColumn("deviation", "double precision", (c) => c.notNull())
    .addColumn("volatility", "double precision", (c) => c.notNull())
    .addColumn("match_count", "integer", (c) => c.notNull())
    .addColumn("last_played_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    // A copy of players.listed, so that the leaderboard and its count walk one index without joining players.
    .addColumn("listed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("ratings_leaderboard_idx").on("ratings")
    .columns(["listed", "rating desc", "player_id"]).execute();

  await db.schema.createTable("rating_history")
    .addColumn("match_id", "text", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("rating_before", "double precision", (c) => c.notNull())
    .addColumn("deviation_before", "double precision", (c) => c.notNull())
    .addColumn("volatility_before", "double precision", (c) => c.notNull())
    .addColumn("rating_after", "double precision", (c) => c.notNull())
    .addColumn("deviation_after", "double precision", (c) => c.notNull())
    .addColumn("volatility_after", "double precision", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rating_history_pk", ["match_id", "player_id"])
    .execute();

  await db.schema.createTable("predictions")
    .addColumn("match_id", "text", (c) => c.primaryKey().references("matches.id").onDelete("cascade"))
    .addColumn("p_home", "double precision", (c) => c.notNull())
    .addColumn("ci_low", "double precision", (c) => c.notNull())
    .addColumn("ci_high", "double precision", (c) => c.notNull())
    .addColumn("confidence_label", "text", (c) => c.notNull())
    .addColumn("home_rating", "double precision", (c) => c.notNull())
    .addColumn("home_deviation", "double precision", (c) => c.notNull())
    .addColumn("home_match_count", "integer", (c) => c.notNull())
    .addColumn("away_rating", "double precision", (c) => c.notNull())
    .addColumn("away_deviation", "double precision", (c) => c.notNull())
    .addColumn("away_match_count", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("outcome", "text")
    .execute();

  await db.schema.createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.createTable("tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.references("events.id").onDelete("cascade"))
    .addColumn("table_no", "integer")
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();

  await db.schema.createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("token_label", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("event_id", "text")
    .addColumn("match_id", "text")
    .addColumn("detail", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();

  await db.schema.createTable("idempotency_keys")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("response", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.createTable("revisions")
    .addColumn("scope", "text", (c) => c.primaryKey())
    .addColumn("value", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("revisions").values({ scope: "global", value: 0 }).execute();
}

// deno-lint-ignore no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (
    const table of [
      "revisions",
      "idempotency_keys",
      "audit_log",
      "tokens",
      "accounts",
      "predictions",
      "rating_history",
      "ratings",
      "game_corrections",
      "match_points",
      "matches",
      "draw_slots",
      "group_members",
      "groups",
      "entries",
      "players",
      "subevents",
      "events",
    ]
  ) await db.schema.dropTable(table).ifExists().execute();
}
