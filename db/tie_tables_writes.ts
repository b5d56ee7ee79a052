/**
 * How many tables a team category's ties are played on at once (docs/scheduling.md, "Ties"): set by the desk
 * (`setTablesPerTie`, one transaction and one audit row, `category.tables_per_tie`) or by an import. The plan reads
 * it (db/read_schedule.ts) to plan the category's ties on two tables (domain/tie_two_tables.ts).
 */
import { writeAudit } from "./audit.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { WriteError } from "./write_errors.ts";
import { writeTransaction } from "./write_transaction.ts";

/**
 * Plays the ties of the team category `categoryId` on `tables` tables (1 or 2) from the next plan on. Throws
 * WriteError "not-found" (no such category) or "invalid-body" (a category that is not a team's).
 */
export async function setTablesPerTie(
  store: Store,
  categoryId: string,
  tables: 1 | 2,
  ctx: ManageWriteContext,
): Promise<{ id: string; tablesPerTie: 1 | 2; changed: boolean }> {
  return await writeTransaction(store.db, async (trx) => {
    const row = await trx.selectFrom("subevents").select(["id", "name", "kind", "event_id", "tables_per_tie"])
      .where("id", "=", categoryId).executeTakeFirst();
    if (!row) throw new WriteError("not-found", `Category "${categoryId}" does not exist`);
    if (row.kind !== "team") {
      throw new WriteError(
        "invalid-body",
        `Cannot set the tables per tie of "${row.name}": only a team category plays ties`,
      );
    }
    const before = Number(row.tables_per_tie) === 2 ? 2 : 1;
    if (before === tables) return { id: row.id, tablesPerTie: tables, changed: false };
    await trx.updateTable("subevents").set({ tables_per_tie: tables === 2 ? 2 : null })
      .where("id", "=", row.id).execute();
    await writeAudit(trx, {
      at: ctx.now,
      actor: ctx.actor,
      action: "category.tables_per_tie",
      eventId: row.event_id,
      detail: { category: row.id, tablesPerTie: tables },
    });
    return { id: row.id, tablesPerTie: tables, changed: true };
  });
}
