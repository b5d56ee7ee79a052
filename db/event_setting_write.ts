/**
 * The desk's change of one setting of an event on /manage (its announcement, its language): one transaction that
 * locks the event's row, compares, writes the setting, bumps the revisions (every page of the event may show it;
 * ratings and the leaderboard do not move) and leaves an audit row. The same value again changes nothing.
 */
import type { Updateable } from "kysely";
import { writeAudit } from "./audit.ts";
import { bumpRevision } from "./revision.ts";
import { forUpdate } from "./row_lock.ts";
import type { EventRow, EventTable } from "./schema.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/**
 * What a setting's write makes of the row as it stands (an event's; a category's, db/category_setting_write.ts):
 * its answer, and the change when there is one.
 */
export interface SettingChange<T, Table = EventTable> {
  answer: T;
  /** The columns to set (`updated_at` aside), the audit's action and its detail; absent when nothing changes. */
  write?: { set: Updateable<Table>; action: string; detail: Record<string, unknown> };
}

/**
 * Changes a setting of the event with this slug as `decide` says, given the event's row (locked on PostgreSQL,
 * so that of two changes at once the second's audit row names the first's value as the one it replaced) and the
 * write's time; throws `not-found` for an unknown slug.
 */
export async function writeEventSetting<T>(
  store: Store,
  slug: string,
  ctx: ManageWriteContext,
  decide: (event: EventRow, at: string) => SettingChange<T>,
): Promise<T> {
  return await writeTransaction(store.db, async (trx) => {
    const query = trx.selectFrom("events").selectAll().where("slug", "=", slug);
    const event = await forUpdate(query, store.dialect).executeTakeFirst();
    if (!event) throw new WriteError("not-found", `Event "${slug}" does not exist`);
    const at = ctx.now.toISOString();
    const { answer, write } = decide(event, at);
    if (!write) return answer;
    await trx.updateTable("events").set({ ...write.set, updated_at: at }).where("id", "=", event.id)
      .execute();
    await bumpRevision(trx, event.id, undefined, { rankingsUnchanged: true, listingUnchanged: true });
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: write.action,
      eventId: event.id,
      detail: { slug, ...write.detail },
    });
    return answer;
  });
}
