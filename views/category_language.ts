/**
 * The language of the event of a category, for the category's overlay: the language it speaks when `?lang=` names
 * none (pages/i18n/page_language.ts). Every write to the event bumps the category's version (db/revision.ts), so an
 * overlay kept under that version follows a change of the event's language.
 */
import type { Kysely } from "kysely";
import { findCategoryEventLanguage } from "../db/read_events.ts";
import type { Database } from "../db/schema.ts";
import type { Language } from "../lib/languages.ts";
import { isUuid } from "../lib/uuid.ts";

/** The event's language of the category with this id; null when none is set or the id names no category. */
export async function categoryLanguage(db: Kysely<Database>, categoryId: string): Promise<Language | null> {
  return isUuid(categoryId) ? await findCategoryEventLanguage(db, categoryId.toLowerCase()) : null;
}
