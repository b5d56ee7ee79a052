/**
 * The desk's choice of the event's language (lib/languages.ts) on /manage: the language of the hall's screens
 * and sheets, and the one readers' pages fall back to: a setting of the event (db/event_setting_write.ts), which
 * every page of the event may change its words by.
 */
import type { Language } from "../lib/languages.ts";
import { writeEventSetting } from "./event_setting_write.ts";
import { storedLanguage } from "./read_events.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";

/** The outcome of setting the event's language: the one set now, and whether anything changed. */
export interface LanguageChange {
  changed: boolean;
  language: Language | null;
}

/** Sets the language of the event with this slug (null: English); the same language again changes nothing. */
export async function setEventLanguage(
  store: Store,
  slug: string,
  language: Language | null,
  ctx: ManageWriteContext,
): Promise<LanguageChange> {
  return await writeEventSetting<LanguageChange>(store, slug, ctx, (event) => {
    const was = storedLanguage(event.language);
    if (was === language) return { answer: { changed: false, language } };
    return {
      answer: { changed: true, language },
      write: { set: { language }, action: "event.language", detail: { language, was } },
    };
  });
}
