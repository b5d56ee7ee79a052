/**
 * Read side of events for the public API: published events only, with the fields the API may show. Private
 * columns (source hash, revision, timestamps) are never selected.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database, EventRow } from "./schema.ts";
import { isLanguage, type Language } from "../lib/languages.ts";

/** The desk's announcement (domain/announcement.ts): the line, and when it was posted (ISO 8601 UTC). */
export interface AnnouncementRecord {
  text: string;
  postedAt: string;
}

/** The announcement an event's row holds, or null when it holds none. */
export function storedAnnouncement(
  row: { announcement: string | null; announced_at: string | null },
): AnnouncementRecord | null {
  return row.announcement !== null && row.announced_at !== null
    ? { text: row.announcement, postedAt: row.announced_at }
    : null;
}

/** The language an event's row holds, or null when it holds none (or one no longer supported). */
export function storedLanguage(value: string | null | undefined): Language | null {
  return isLanguage(value) ? value : null;
}

/** What every record of an event has (`eventBasics`). */
export interface EventBasicsRecord {
  id: string;
  slug: string;
  name: string;
  venue: string;
  startDate: string;
  endDate: string;
}

/** A published event as the public API shows it. */
export interface PublicEventRecord extends EventBasicsRecord {
  status: "published";
  description: string;
  posterUrl: string | null;
  /** Number of categories (categories) of the event. */
  categoryCount: number;
  /** The desk's announcement, null when there is none. */
  announcement: AnnouncementRecord | null;
  /** The match the desk puts on the featured overlay, null when none. */
  featuredMatchId: string | null;
  /** The event's language (its hall screens' and sheets'), null: English. Pages only; the API leaves it out. */
  language: Language | null;
}

/**
 * The columns of an event that every record of it shows (`eventBasics`), with its announcement and its number
 * of categories: the public reads here and the operator's (db/read_manage.ts).
 */
export function eventColumns(eb: ExpressionBuilder<Database, "events">) {
  return [
    "events.id",
    "events.slug",
    "events.name",
    "events.venue",
    "events.start_date",
    "events.end_date",
    "events.announcement",
    "events.announced_at",
    "events.featured_match_id",
    "events.language",
    eb.selectFrom("subevents").whereRef("subevents.event_id", "=", "events.id")
      .select((s) => s.fn.countAll<number>().as("n")).as("category_count"),
  ] as const;
}

/** The fields every record of an event has, from a row selecting `eventColumns`. */
export function eventBasics(
  row: Pick<EventRow, "id" | "slug" | "name" | "venue" | "start_date" | "end_date">,
): EventBasicsRecord {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    venue: row.venue,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}

function publishedEvents(db: Kysely<Database>) {
  return db.selectFrom("events")
    .where("events.status", "=", "published")
    .select((eb) => [...eventColumns(eb), "events.description", "events.poster_url"]);
}

/** A row of `publishedEvents`, as Kysely infers it from the selection. */
type EventSelection = Awaited<ReturnType<ReturnType<typeof publishedEvents>["executeTakeFirstOrThrow"]>>;

function toRecord(row: EventSelection): PublicEventRecord {
  return {
    ...eventBasics(row),
    status: "published",
    description: row.description,
    posterUrl: row.poster_url,
    categoryCount: Number(row.category_count ?? 0),
    announcement: storedAnnouncement(row),
    featuredMatchId: row.featured_match_id,
    language: storedLanguage(row.language),
  };
}

/** Every published event, latest start first, then by name. */
export async function listPublishedEvents(db: Kysely<Database>): Promise<PublicEventRecord[]> {
  const rows = await publishedEvents(db)
    .orderBy("events.start_date", "desc").orderBy("events.name").orderBy("events.id").execute();
  return rows.map(toRecord);
}

/** The published event with this slug, or null (unknown, draft or archived). */
export async function findPublishedEvent(
  db: Kysely<Database>,
  slug: string,
): Promise<PublicEventRecord | null> {
  const row = await publishedEvents(db).where("events.slug", "=", slug).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The language of the event a match belongs to (whatever the event's status), or null: none set, or no match. */
export async function findMatchEventLanguage(
  db: Kysely<Database>,
  matchId: string,
): Promise<Language | null> {
  const row = await db.selectFrom("matches").innerJoin("events", "events.id", "matches.event_id")
    .select("events.language").where("matches.id", "=", matchId).executeTakeFirst();
  return storedLanguage(row?.language);
}

/** The language of the event a category belongs to, or null: none set, or no category. */
export async function findCategoryEventLanguage(
  db: Kysely<Database>,
  categoryId: string,
): Promise<Language | null> {
  const row = await db.selectFrom("subevents").innerJoin("events", "events.id", "subevents.event_id")
    .select("events.language").where("subevents.id", "=", categoryId).executeTakeFirst();
  return storedLanguage(row?.language);
}
