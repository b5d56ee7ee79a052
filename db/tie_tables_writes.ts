/**
 * How many tables a team category's ties are played on at once (docs/scheduling.md, "Ties"): set by the desk
 * (`setTablesPerTie`, one transaction and one audit row, `category.tables_per_tie`) or by an import. The plan reads
 * it (db/read_schedule.ts) to plan the category's ties on two tables (domain/tie_two_tables.ts).
 */
import { writeCategorySetting } from "./category_setting_write.ts";
import type { Store } from "./store.ts";
import type { ManageWriteContext } from "./write_context.ts";
import { invalidBody } from "./write_errors.ts";

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
  return await writeCategorySetting(store, categoryId, ctx, (row) => {
    if (row.kind !== "team") {
      throw invalidBody(
        `Cannot set the tables per tie of "${row.name}": only a team category plays ties`,
        "not-team-category",
        { category: row.name },
      );
    }
    const before = Number(row.tables_per_tie) === 2 ? 2 : 1;
    const answer = { id: row.id, tablesPerTie: tables, changed: before !== tables };
    if (!answer.changed) return { answer };
    return {
      answer,
      write: {
        set: { tables_per_tie: tables === 2 ? 2 : null },
        action: "category.tables_per_tie",
        detail: { tablesPerTie: tables },
      },
    };
  });
}
