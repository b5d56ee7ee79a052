/**
 * A category's draw as the operator sees it (drafts included), what a lock checks (the positions assigned to
 * nothing), and finding a category by its code: the reads of db/draw_writes.ts's callers.
 */
import type { Kysely, Transaction } from "kysely";
import { type DrawSlotRecord, readDrawSlots } from "./read_draw.ts";
import { type EntryRecord, readCategoryEntries } from "./read_entries.ts";
import { type GroupRecord, readCategoryGroups } from "./read_groups.ts";
import { type MatchRecord, matchRecordColumns, toMatchRecord } from "./read_matches.ts";
import type { PublicCategoryRecord } from "./read_categories.ts";
import type { Database } from "./schema.ts";
import { deskDrawState } from "../domain/drawn_groups.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A category's draw as the operator sees it, drafts included: the parts the API and the CLI render. */
export interface DrawDetail {
  category: PublicCategoryRecord & {
    eventSlug: string;
    code: string;
    lotSeed: string | null;
    groupSize: number | null;
    qualifiersPerGroup: number | null;
  };
  entries: Map<string, EntryRecord>;
  groups: GroupRecord[];
  slots: DrawSlotRecord[];
  /** Every match of the category (group and knockout) by stage, round and position. */
  matches: MatchRecord[];
  /** First-round positions assigned to nothing (what a lock refuses). */
  unassigned: number[];
}

/**
 * The first-round positions of a knockout draw assigned to nothing: a slot that is neither an entry, a bye nor a
 * group qualifier, a position missing below the draw's size, or (a draw stored without slots) a first-round
 * match side that is empty. `null` when a knockout format has no positions at all. Groups-only: none.
 */
export async function unassignedPositions(db: Db, categoryId: string): Promise<number[] | null> {
  const sub = await db.selectFrom("subevents").select(["format", "draw_size"]).where("id", "=", categoryId)
    .executeTakeFirst();
  if (!sub || sub.format === "groups") return [];
  const slots = await db.selectFrom("draw_slots").selectAll().where("subevent_id", "=", categoryId)
    .orderBy("position").execute();
  if (slots.length > 0) {
    const size = Math.max(Number(sub.draw_size ?? 0), slots.length);
    const byPosition = new Map(slots.map((s) => [Number(s.position), s]));
    const empty: number[] = [];
    for (let p = 0; p < size; p++) {
      const s = byPosition.get(p);
      if (!s || (s.entry_id === null && Number(s.is_bye) !== 1 && s.qualifier_group === null)) empty.push(p);
    }
    return empty;
  }
  // Matches stored without slots (an import that gave the matches): their first round is the draw.
  const first = await db.selectFrom("matches").select(["bracket_pos", "home_entry_id", "away_entry_id"])
    .where("subevent_id", "=", categoryId).where("stage", "=", "knockout").where("round_no", "=", 1)
    .orderBy("bracket_pos").execute();
  if (first.length === 0) return null;
  return first.flatMap((m) => [
    ...(m.home_entry_id === null ? [2 * Number(m.bracket_pos)] : []),
    ...(m.away_entry_id === null ? [2 * Number(m.bracket_pos) + 1] : []),
  ]);
}

/** The id of the category with this code in the event with this slug (the code compared without case), or null. */
export async function findCategoryByCode(db: Db, eventSlug: string, code: string): Promise<string | null> {
  const rows = await db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
    .select(["subevents.id", "subevents.code"]).where("events.slug", "=", eventSlug).execute();
  const exact = rows.find((r) => r.code === code) ??
    rows.find((r) => r.code.toLowerCase() === code.toLowerCase());
  return exact?.id ?? null;
}

/** The codes of an event's categories in their order (for messages), or null when no event has the slug. */
export async function listCategoryCodes(db: Db, eventSlug: string): Promise<string[] | null> {
  const event = await db.selectFrom("events").select("id").where("slug", "=", eventSlug).executeTakeFirst();
  if (!event) return null;
  const rows = await db.selectFrom("subevents").select("code").where("event_id", "=", event.id)
    .orderBy("position").orderBy("code").execute();
  return rows.map((r) => r.code);
}

/** A category's draw, drafts included, with everything needed to show it; null when the category is unknown. */
export async function readDrawDetail(db: Kysely<Database>, categoryId: string): Promise<DrawDetail | null> {
  const sub = await db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
    .selectAll("subevents").select("events.slug as event_slug").where("subevents.id", "=", categoryId)
    .executeTakeFirst();
  if (!sub) return null;
  const [entries, groups, slots, rows, unassigned] = await Promise.all([
    readCategoryEntries(db, categoryId),
    readCategoryGroups(db, categoryId),
    readDrawSlots(db, categoryId),
    db.selectFrom("matches").leftJoin("groups", "groups.id", "matches.group_id")
      .innerJoin("subevents", "subevents.id", "matches.subevent_id").select(matchRecordColumns)
      .where("matches.subevent_id", "=", categoryId)
      .orderBy("matches.stage").orderBy("groups.position").orderBy("matches.round_no")
      .orderBy("matches.bracket_pos").orderBy("matches.id").execute(),
    unassignedPositions(db, categoryId),
  ]);
  const int = (v: number | null) => v === null ? null : Number(v);
  return {
    category: {
      id: sub.id,
      eventId: sub.event_id,
      eventSlug: sub.event_slug,
      code: sub.code,
      name: sub.name,
      kind: sub.kind,
      format: sub.format,
      bestOf: Number(sub.best_of),
      position: Number(sub.position),
      // Groups given in an imported file without a draw are drawn (domain/drawn_groups.ts).
      drawState: deskDrawState(sub.format, sub.draw_state, groups.some((g) => g.members.length > 0)),
      lotSeed: sub.draw_seed,
      drawSize: int(sub.draw_size),
      groupSize: int(sub.group_size),
      qualifiersPerGroup: int(sub.qualifiers_per_group),
    },
    entries,
    groups,
    slots,
    matches: rows.map(toMatchRecord),
    unassigned: unassigned ?? [],
  };
}
