/**
 * The desk's change of one setting of a category on /manage (the tables per tie, the sessions it plays in): one
 * transaction that locks the category's row, compares, writes the setting and leaves an audit row. The plan reads
 * these settings when it is made; no public page shows them, so no revision moves. The same value again changes
 * nothing.
 */
import type { Transaction } from "kysely";
import { writeAudit } from "./audit.ts";
import type { SettingChange } from "./event_setting_write.ts";
import { forUpdate } from "./row_lock.ts";
import type { CategoryRow, CategoryTable, Database } from "./schema.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/**
 * Changes a setting of the category `categoryId` as `decide` says, given the category's row (locked on
 * PostgreSQL, so that of two changes at once the second compares with the first's value) and the transaction to
 * read what else it weighs; throws `not-found` for an unknown id, and what `decide` throws.
 */
export async function writeCategorySetting<T>(
  store: Store,
  categoryId: string,
  ctx: ManageWriteContext,
  decide: (
    category: CategoryRow,
    trx: Transaction<Database>,
  ) => SettingChange<T, CategoryTable> | Promise<SettingChange<T, CategoryTable>>,
): Promise<T> {
  return await writeTransaction(store.db, async (trx) => {
    const query = trx.selectFrom("subevents").selectAll().where("id", "=", categoryId);
    const category = await forUpdate(query, store.dialect).executeTakeFirst();
    if (!category) throw new WriteError("not-found", `Category "${categoryId}" does not exist`);
    const { answer, write } = await decide(category, trx);
    if (!write) return answer;
    await trx.updateTable("subevents").set(write.set).where("id", "=", category.id).execute();
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: write.action,
      eventId: category.event_id,
      detail: { category: category.id, ...write.detail },
    });
    return answer;
  });
}
