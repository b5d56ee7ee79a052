/**
 * The language of the event of a match, for the umpire's page of that match: the language it speaks when neither
 * `?lang=`, the switcher's cookie nor the phone's `Accept-Language` names one (pages/i18n/page_language.ts).
 */
import type { Kysely } from "kysely";
import { findMatchEventLanguage } from "../db/read_events.ts";
import type { Database } from "../db/schema.ts";
import type { Language } from "../lib/languages.ts";
import { isUuid } from "../lib/uuid.ts";

/** The event's language of the match with this id; null when none is set or the id names no match. */
export async function matchLanguage(db: Kysely<Database>, matchId: string): Promise<Language | null> {
  return isUuid(matchId) ? await findMatchEventLanguage(db, matchId.toLowerCase()) : null;
}
