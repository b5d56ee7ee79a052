/**
 * Read side of categories (categories) for the public API. A category is public only while its event is
 * published; every lookup here joins the event and checks that.
 */
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { MATCH_STATUSES, type MatchStatus } from "../domain/match_status.ts";
import type { CategoryFormat, CategoryKind, Database, DrawState } from "./schema.ts";

/** A category of a published event. */
export interface PublicCategoryRecord {
  id: string;
  eventId: string;
  name: string;
  kind: CategoryKind;
  format: CategoryFormat;
  bestOf: number;
  position: number;
  drawState: DrawState;
  drawSize: number | null;
}

/** A category with the counts the event page shows. */
export interface CategorySummaryRecord extends PublicCategoryRecord {
  entryCount: number;
  groupCount: number;
  /** Each status that occurs among the category's matches (open knockout matches included), once. */
  matchStatuses: string[];
}

function publicCategories(db: Kysely<Database>) {
  return db.selectFrom("subevents")
    .innerJoin("events", "events.id", "subevents.event_id")
    .where("events.status", "=", "published")
    .select([
      "subevents.id",
      "subevents.event_id",
      "subevents.name",
      "subevents.kind",
      "subevents.format",
      "subevents.best_of",
      "subevents.position",
      "subevents.draw_state",
      "subevents.draw_size",
    ]);
}

type CategorySelection = {
  id: string;
  event_id: string;
  name: string;
  kind: CategoryKind;
  format: CategoryFormat;
  best_of: number;
  position: number;
  draw_state: DrawState;
  draw_size: number | null;
};

function toRecord(row: CategorySelection): PublicCategoryRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    name: row.name,
    kind: row.kind,
    format: row.format,
    bestOf: Number(row.best_of),
    position: Number(row.position),
    drawState: row.draw_state,
    drawSize: row.draw_size === null ? null : Number(row.draw_size),
  };
}

/** The category with this id when its event is published, else null. */
export async function findPublicCategory(
  db: Kysely<Database>,
  id: string,
): Promise<PublicCategoryRecord | null> {
  const row = await publicCategories(db).where("subevents.id", "=", id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/**
 * The categories of a published event in their order, with entry and group counts and match statuses: one
 * statement whose per-category subqueries are index lookups (entries and groups by category, and for each
 * status whether one match of the category has it, on `matches(event_id, subevent_id, status)`), so that its
 * cost follows the number of categories, not of matches. It is paid by the first read after each write.
 */
export async function listEventCategories(
  db: Kysely<Database>,
  eventId: string,
): Promise<CategorySummaryRecord[]> {
  const hasStatus = (eb: ExpressionBuilder<Database, "subevents" | "events">, status: MatchStatus) =>
    eb.exists(
      eb.selectFrom("matches").select(sql<number>`1`.as("one"))
        .where("matches.event_id", "=", eventId)
        .whereRef("matches.subevent_id", "=", "subevents.id")
        .where("matches.status", "=", status),
    );
  const rows = await publicCategories(db).where("subevents.event_id", "=", eventId)
    .select((eb) => [
      eb.selectFrom("entries").select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("entries.subevent_id", "=", "subevents.id")
        // A team's players play a tie's matches with entries of their team's (docs/teams.md): not entries.
        .where("entries.team_entry_id", "is", null).as("entry_count"),
      eb.selectFrom("groups").select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("groups.subevent_id", "=", "subevents.id").as("group_count"),
      hasStatus(eb, "scheduled").as("has_scheduled"),
      hasStatus(eb, "in_progress").as("has_in_progress"),
      hasStatus(eb, "completed").as("has_completed"),
    ])
    .orderBy("subevents.position").orderBy("subevents.name").orderBy("subevents.id").execute();
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  const yes = (v: unknown) => v === true || Number(v) === 1;
  return rows.map((row) => ({
    ...toRecord(row),
    entryCount: Number(row.entry_count ?? 0),
    groupCount: Number(row.group_count ?? 0),
    matchStatuses: MATCH_STATUSES.filter((status) => yes(row[`has_${status}`])),
  }));
}
