/**
 * The desk's choice of the event's language (lib/languages.ts) on /manage: the language of the hall's screens
 * and sheets, and the one readers' pages fall back to. One transaction with the revision bump (every page of the
 * event may change its words) and an audit row.
 */
import type { Language } from "../lib/languages.ts";
import { writeAudit } from "./audit.ts";
import { storedLanguage } from "./read_events.ts";
import { bumpRevision } from "./revision.ts";
import { forUpdate } from "./row_lock.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

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
  return await writeTransaction(store.db, async (trx) => {
    const query = trx.selectFrom("events").select(["id", "language"]).where("slug", "=", slug);
    const event = await forUpdate(query, store.dialect).executeTakeFirst();
    if (!event) throw new WriteError("not-found", `Event "${slug}" does not exist`);
    const was = storedLanguage(event.language);
    if (was === language) return { changed: false, language };
    const at = ctx.now.toISOString();
    await trx.updateTable("events").set({ language, updated_at: at }).where("id", "=", event.id).execute();
    await bumpRevision(trx, event.id, undefined, { rankingsUnchanged: true, listingUnchanged: true });
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: "event.language",
      eventId: event.id,
      detail: { slug, language, was },
    });
    return { changed: true, language };
  });
}
